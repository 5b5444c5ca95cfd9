import underPressure from "@fastify/under-pressure";
import type { ErrorBody } from "@kinderready/api/error-handler";
import { databaseRetryAfterSeconds } from "@kinderready/db/database-unavailable";
import { localeFromPath } from "@kinderready/i18n/locales";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cookieString, readCookie } from "../app/cookies.ts";
import { unavailableHtml } from "../app/database-outage.server.ts";
import { createNonce } from "./content-security-policy.ts";

/**
 * Marks the browser for a short while after a page accepted its post (a 2xx or 3xx answer), so
 * the page the action leads to (a redirect's target, the data the page reloads) is never shed.
 */
export const afterActionCookie = { name: "kr_after_action", maxAgeSeconds: 30 } as const;

/**
 * Past what the process can serve, new requests get a fast 503 with Retry-After instead of
 * joining a queue that answers everyone in seconds (or not before their time-out). The signal
 * is the event loop's mean delay over the last second: CPU saturation, not a burst of cheap
 * requests, makes it grow. Static files are always served (they cost nothing and are cached).
 * Never shed, because what they carry would be lost or the parent would see a failure for
 * something that succeeded: a return from the payment gateway (`order_id` in the query), a
 * route marked `keepUnderLoad` (the gateway's webhooks), and the requests a browser makes
 * right after a page accepted its post (`afterActionCookie`).
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; secureCookies: boolean },
): Promise<void> {
  if (options.maxEventLoopDelayMs === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    retryAfter: databaseRetryAfterSeconds,
    // The plugin sends what the handler returns, as documented; its types only say void.
    pressureHandler: shedRequest as (request: FastifyRequest, reply: FastifyReply) => void,
  });
  const mark = cookieString(afterActionCookie.name, "1", {
    maxAgeSeconds: afterActionCookie.maxAgeSeconds,
    secure: options.secureCookies,
    httpOnly: true,
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "POST" && reply.statusCode < 400 && !request.url.startsWith("/api/")) {
      reply.header("set-cookie", mark);
    }
    return payload;
  });
}

/**
 * The answer to a request refused for load, or undefined to let it through. The plugin sends
 * what this returns and stops there (a reply sent here instead would race the hooks after it).
 */
function shedRequest(request: FastifyRequest, reply: FastifyReply): string | ErrorBody | undefined {
  const [path = "/", query = ""] = request.url.split("?", 2);
  // The local gateway simulator stands for another company's servers: shedding its calls would
  // turn this process's own checkouts into gateway failures.
  if (path.startsWith("/assets/") || path.startsWith("/gateway-simulator/")) return undefined;
  if (request.routeOptions.config.keepUnderLoad || new URLSearchParams(query).has("order_id")) return undefined;
  if (readCookie(request.headers.cookie, afterActionCookie.name)) return undefined;
  reply.status(503).header("retry-after", String(databaseRetryAfterSeconds)).header("cache-control", "no-store");
  if (path.startsWith("/api/") || path.startsWith("/printables/files/")) {
    return { message: "Service temporarily unavailable", statusCode: 503 };
  }
  // The pages' onSend hook puts this nonce in the Content-Security-Policy.
  request.cspNonce = createNonce();
  reply.type("text/html; charset=utf-8");
  return unavailableHtml(localeFromPath(path), request.cspNonce, { path: request.url });
}
