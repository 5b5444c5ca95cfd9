import type { Config } from "@kinderready/config/config.server";
import type { Logger } from "@kinderready/config/logger";
import { createGeoService } from "@kinderready/domain/adapters/geo-service.server";
import { geoCookieName } from "@kinderready/domain/geo/geo-cookie.server";
import type { Geo } from "@kinderready/domain/geo/resolve-geo";
import { resolveVisitGeo } from "@kinderready/domain/geo/visit-geo.server";
import { createRandomToken } from "@kinderready/domain/random-token";
import { localeFromPath } from "@kinderready/i18n/locales";
import type { FastifyReply, FastifyRequest } from "fastify";
import { deviceCookie, validDeviceId } from "../../../app/analytics/device-cookie.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The visit's place and device, once resolved for this request (the micro-cache's key needs them early). */
    visit?: Visit;
  }
}

export type Visit = { geo: Geo; deviceId: string };

export type VisitResolver = (request: FastifyRequest, reply: FastifyReply) => Promise<Visit>;

/**
 * The visit's place (a lookup at most once per visit, remembered in a session cookie) and the
 * device id (a year's cookie), resolved once per request and set as cookies when new.
 */
export function visitResolver(
  { config, log }: { config: Pick<Config, "geo" | "devShortcuts">; log: Logger },
  secureCookies: boolean,
): VisitResolver {
  const geoLookup = config.geo.serviceUrl
    ? createGeoService({
        urlTemplate: config.geo.serviceUrl,
        timeoutMs: config.geo.serviceTimeoutMs,
        log: log.child({ adapter: "geo" }),
      })
    : undefined;
  return async (request, reply) => {
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
