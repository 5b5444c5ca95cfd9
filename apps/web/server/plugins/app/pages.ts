import { fileURLToPath } from "node:url";
import rateLimit from "@fastify/rate-limit";
import { type Config, toPublicConfig } from "@kinderready/config/config.server";
import type { Logger } from "@kinderready/config/logger";
import { createGeoService } from "@kinderready/domain/adapters/geo-service.server";
import type { AppServices } from "@kinderready/domain/app-services";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { geoCookieName } from "@kinderready/domain/geo/geo-cookie.server";
import { resolveVisitGeo } from "@kinderready/domain/geo/visit-geo.server";
import { createRandomToken } from "@kinderready/domain/random-token";
import { localeCookie, localeFromPath } from "@kinderready/i18n/locales";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { requestContext } from "#load-context";
import { deviceCookie, validDeviceId } from "../../../app/analytics/device-cookie.ts";
import { metaPixelOrigin } from "../../../app/analytics/meta-pixel.ts";
import { secureCookiesFor } from "../../../app/cookies.ts";
import { contentSecurityPolicy, createNonce } from "../../content-security-policy.ts";
import { localeSetCookie, routePageRequest } from "../../page-routing.ts";
import { isCrossSiteWrite } from "../../security-headers.ts";
import type { RateLimitSharing } from "../../shared-rate-limit.ts";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

const buildDirectory = fileURLToPath(new URL("../../../build", import.meta.url));

type PagesDeps = {
  config: Config;
  services: AppServices;
  errors: ErrorReporter;
  rateLimits: RateLimitSharing;
  log: Logger;
  /** Present in development: pages come from Vite with hot reload instead of the build. */
  vite: ViteDevServer | undefined;
};

/**
 * The server-rendered pages: form posts rate-limited and refused cross-site, the language chosen
 * (or redirected to) before React Router sees the request, a CSP nonce per document, and the
 * per-request context loaders and actions read.
 */
export async function registerPages(app: FastifyInstance, deps: PagesDeps): Promise<void> {
  const { config, vite } = deps;
  const appOrigin = new URL(config.appUrl).origin;
  const secureCookies = secureCookiesFor(config.appUrl);
  // The browser sends its error reports straight to Sentry's ingest host, named by the DSN.
  const policyOrigins = {
    connect: config.sentry ? [new URL(config.sentry.dsn).origin] : [],
    // The Meta pixel is image requests, sent only where the visitor's consent allows.
    img: config.metaPixelId ? [metaPixelOrigin] : [],
  };
  await app.register(async (pages) => {
    // Reads of pages are never limited (many parents share a mobile carrier's address); form posts are.
    await pages.register(rateLimit, {
      max: config.rateLimitMax,
      timeWindow: "1 minute",
      allowList: (request) => request.method === "GET" || request.method === "HEAD",
      ...deps.rateLimits("pages"),
    });
    pages.addHook("onRequest", async (request, reply) => {
      if (isCrossSiteWrite(request.method, request.headers, request.host, appOrigin)) {
        return reply.status(403).header("cache-control", "no-store").send("Cross-site requests are refused.");
      }
      request.cspNonce = createNonce();
      const decision = routePageRequest({
        method: request.method,
        url: request.url,
        cookie: request.cookies[localeCookie.name],
        acceptLanguage: request.headers["accept-language"],
      });
      if (decision.setCookie) reply.header("set-cookie", localeSetCookie(decision.setCookie, secureCookies));
      if (decision.kind === "redirect") {
        return reply.header("cache-control", "no-store").redirect(decision.location, decision.status);
      }
    });
    pages.addHook("onSend", async (request, reply, payload) => {
      if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) {
        const header = vite ? "content-security-policy-report-only" : "content-security-policy";
        reply.header(header, contentSecurityPolicy(request.cspNonce, policyOrigins));
        // Each document carries a fresh nonce and may depend on the language cookie.
        reply.header("cache-control", "private, no-cache");
        const vary = reply.getHeader("vary");
        reply.header("vary", [vary, "Cookie", "Accept-Language"].filter(Boolean).join(", "));
      }
      return payload;
    });
    await pages.register(fastifyReactRouter, {
      devServer: vite,
      // Imported once here; the adapter would otherwise resolve the module on every request.
      build: vite ? undefined : ((await import(/* @vite-ignore */ `${buildDirectory}/server/index.js`)) as ServerBuild),
      clientBuildDirectory: `${buildDirectory}/client`,
      mode: vite ? "development" : "production",
      staticOptions: { preCompressed: true },
      getLoadContext: loadContextFactory(deps, secureCookies),
    });
  });
}

/** What every loader, action and the document render get: the services, and the visit's facts. */
function loadContextFactory({ config, services, errors, log }: PagesDeps, secureCookies: boolean) {
  const publicConfig = toPublicConfig(config);
  const geoLookup = config.geo.serviceUrl
    ? createGeoService({
        urlTemplate: config.geo.serviceUrl,
        timeoutMs: config.geo.serviceTimeoutMs,
        log: log.child({ adapter: "geo" }),
      })
    : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const context = new RouterContextProvider();
    const [path = "/", ...query] = request.url.split("?");
    const { geo, rememberAs } = await resolveVisitGeo(
      {
        query: new URLSearchParams(query.join("?")),
        headers: request.headers,
        locale: localeFromPath(path),
        cookie: request.cookies[geoCookieName],
        clientAddress: request.ip,
      },
      { ...config.geo, lookup: geoLookup, devShortcuts: config.devShortcuts },
    );
    // A session cookie: the visit's place, so later pages skip the lookup.
    if (rememberAs) {
      reply.setCookie(geoCookieName, rememberAs, { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies });
    }
    const deviceId = validDeviceId(request.cookies[deviceCookie.name]) ?? createRandomToken();
    if (deviceId !== request.cookies[deviceCookie.name]) {
      reply.setCookie(deviceCookie.name, deviceId, {
        path: "/",
        maxAge: deviceCookie.maxAgeDays * 86_400,
        sameSite: "lax",
        secure: secureCookies,
      });
    }
    context.set(requestContext, {
      nonce: request.cspNonce,
      config: publicConfig,
      services,
      geo,
      deviceId,
      clientAddress: request.ip,
      errors,
      log: request.log,
    });
    return context;
  };
}
