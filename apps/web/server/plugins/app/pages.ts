import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import rateLimit from "@fastify/rate-limit";
import { type Config, toPublicConfig } from "@kinderready/config/config.server";
import type { Logger } from "@kinderready/config/logger";
import { createGeoService } from "@kinderready/domain/adapters/geo-service.server";
import { recordServerSightings } from "@kinderready/domain/analytics/visitor-funnel.server";
import type { AppServices } from "@kinderready/domain/app-services";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { geoCookieName } from "@kinderready/domain/geo/geo-cookie.server";
import type { Geo } from "@kinderready/domain/geo/resolve-geo";
import { resolveVisitGeo } from "@kinderready/domain/geo/visit-geo.server";
import { createRandomToken } from "@kinderready/domain/random-token";
import { localeCookie, localeFromPath } from "@kinderready/i18n/locales";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { requestContext } from "#load-context";
import { deviceCookie, validDeviceId } from "../../../app/analytics/device-cookie.ts";
import { funnelSightingOf } from "../../../app/analytics/funnel-sighting.server.ts";
import { metaPixelOrigin } from "../../../app/analytics/meta-pixel.ts";
import { secureCookiesFor } from "../../../app/cookies.ts";
import { contentSecurityPolicy, createNonce } from "../../content-security-policy.ts";
import { cacheablePage, echoesAttribution, PageCache, pageCacheKey, splicedEncodingFor } from "../../page-cache.ts";
import { localeSetCookie, routePageRequest } from "../../page-routing.ts";
import { isCrossSiteWrite } from "../../security-headers.ts";
import type { RateLimitSharing } from "../../shared-rate-limit.ts";
import { createSightingBatch, type SightingBatch } from "../../sighting-batch.ts";
import { buildSplicedDocument, spliceDocument } from "../../spliced-document.ts";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
    /** The visit's place and device, once resolved for this request (the micro-cache's key needs them early). */
    visit?: Visit;
    /** A page the micro-cache may keep: its key, and the funnel steps its loaders recorded. */
    cacheable?: { key: string; steps: (readonly string[])[]; anonymous: boolean };
    /** Answered from the micro-cache: nothing to keep. */
    fromCache?: boolean;
  }
}

type Visit = { geo: Geo; deviceId: string };

const buildDirectory = fileURLToPath(new URL("../../../build", import.meta.url));

type PagesDeps = {
  config: Config;
  /** The micro-cache's entries and their lifetime (ADR 0052); a lifetime of 0 keeps nothing. */
  pageCache: { ttlMs: number; maxEntries: number };
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
  const visitOf = visitResolver(deps, secureCookies);
  const cache = new PageCache(deps.pageCache);
  // The pages' funnel steps, and a cached page's again for each response, off the responses' path.
  const sightings = createSightingBatch((batch) => recordServerSightings(deps.services.db, batch), {
    errors: deps.errors,
  });
  app.addHook("onClose", () => sightings.settled());
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
      if (deps.pageCache.ttlMs > 0) return answerFromCache(request, reply);
    });
    pages.addHook("onSend", async (request, reply, payload) => {
      if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) {
        const header = vite ? "content-security-policy-report-only" : "content-security-policy";
        // A document that states a policy of its own keeps it (the console's email previews:
        // inline styles, no scripts, framed by the console only).
        if (!reply.hasHeader("content-security-policy")) {
          reply.header(header, contentSecurityPolicy(request.cspNonce, policyOrigins));
        }
        // Each document carries a fresh nonce and may depend on the language cookie.
        reply.header("cache-control", "private, no-cache");
        const vary = reply.getHeader("vary");
        reply.header("vary", [vary, "Cookie", "Accept-Language"].filter(Boolean).join(", "));
        if (request.cacheable && !request.fromCache) return keepRendered(request, reply, payload);
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
      getLoadContext: loadContextFactory(deps, visitOf, sightings),
    });
  });

  /** A cacheable page's request: answered from the cache, or marked to be kept once rendered. */
  async function answerFromCache(request: FastifyRequest, reply: FastifyReply) {
    const page = {
      method: request.method,
      url: request.url,
      cookies: request.cookies,
      userAgent: request.headers["user-agent"],
    };
    if (!cacheablePage(page)) return;
    const visit = await visitOf(request, reply);
    const key = pageCacheKey(page, visit.geo);
    const cached = cache.get(key);
    if (!cached) {
      request.cacheable = { key, steps: [], anonymous: true };
      return;
    }
    request.fromCache = true;
    const asked = { url: `${appOrigin}${request.url}`, headers: { get: (name: string) => headerOf(request, name) } };
    for (const steps of cached.steps) await sightings.add(funnelSightingOf(visit, asked, { steps }));
    const { body, encoding } = spliceDocument(
      cached.document,
      request.cspNonce,
      splicedEncodingFor(request.headers["accept-encoding"]),
    );
    // Says where the document came from, for whoever looks into a page's speed.
    reply.status(cached.status).headers(cached.headers).header("x-page-cache", "hit");
    if (encoding !== "identity") reply.header("content-encoding", encoding).header("vary", "Accept-Encoding");
    return reply.send(body);
  }

  /**
   * A cacheable page's first render: kept when it is a whole 200 document for nobody in
   * particular (no parent's funnel step, no cookie of its own, nothing of the device in it),
   * and sent the way a cached one is.
   */
  async function keepRendered(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const cacheable = request.cacheable;
    const deviceId = request.visit?.deviceId;
    if (!cacheable?.anonymous || !deviceId || reply.statusCode !== 200 || !(payload instanceof Readable))
      return payload;
    if (setCookieNames(reply).some((name) => !ownCookies.has(name))) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.from(chunk));
    const html = Buffer.concat(chunks).toString("utf8");
    if (html.includes(deviceId) || echoesAttribution(html, request.url) || !html.includes(request.cspNonce))
      return html;
    const headers: Record<string, string> = {};
    const contentType = reply.getHeader("content-type");
    if (typeof contentType === "string") headers["content-type"] = contentType;
    const document = await buildSplicedDocument(html, request.cspNonce);
    cache.set(cacheable.key, { status: 200, headers, document, steps: cacheable.steps });
    reply.header("x-page-cache", "miss");
    const { body, encoding } = spliceDocument(
      document,
      request.cspNonce,
      splicedEncodingFor(request.headers["accept-encoding"]),
    );
    if (encoding !== "identity")
      reply.header("content-encoding", encoding).header("vary", `${reply.getHeader("vary")}, Accept-Encoding`);
    return body;
  }
}

function headerOf(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  return typeof value === "string" ? value : null;
}

/** Cookies the pages plugin sets itself: a render that sets any other is someone's. */
const ownCookies = new Set([localeCookie.name, deviceCookie.name, geoCookieName]);

function setCookieNames(reply: FastifyReply): string[] {
  const header = reply.getHeader("set-cookie");
  const values = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return values.map((value) => String(value).split("=", 1)[0]?.trim() ?? "");
}

/**
 * The visit's place (a lookup at most once per visit, remembered in a session cookie) and the
 * device id (a year's cookie), resolved once per request and set as cookies when new.
 */
function visitResolver({ config, log }: PagesDeps, secureCookies: boolean) {
  const geoLookup = config.geo.serviceUrl
    ? createGeoService({
        urlTemplate: config.geo.serviceUrl,
        timeoutMs: config.geo.serviceTimeoutMs,
        log: log.child({ adapter: "geo" }),
      })
    : undefined;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Visit> => {
    if (request.visit) return request.visit;
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
        // Scripts never need it: the analytics endpoint reads the cookie itself.
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookies,
      });
    }
    request.visit = { geo, deviceId };
    return request.visit;
  };
}

/** What every loader, action and the document render get: the services, and the visit's facts. */
function loadContextFactory(
  { config, services, errors }: PagesDeps,
  visitOf: (request: FastifyRequest, reply: FastifyReply) => Promise<Visit>,
  sightings: SightingBatch,
) {
  const publicConfig = toPublicConfig(config);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const context = new RouterContextProvider();
    const { geo, deviceId } = await visitOf(request, reply);
    const { cacheable } = request;
    context.set(requestContext, {
      nonce: request.cspNonce,
      config: publicConfig,
      services,
      geo,
      deviceId,
      clientAddress: request.ip,
      errors,
      log: request.log,
      recordSighting: (sighting) => {
        // A step recorded for a parent makes the page theirs: never kept.
        cacheable?.steps.push(sighting.steps);
        if (cacheable && sighting.userId !== null) cacheable.anonymous = false;
        return sightings.add(sighting);
      },
    });
    return context;
  };
}
