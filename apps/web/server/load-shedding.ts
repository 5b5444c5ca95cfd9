import underPressure from "@fastify/under-pressure";
import { databaseRetryAfterSeconds } from "@kinderready/db/database-unavailable";
import { localeFromPath } from "@kinderready/i18n/locales";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { unavailableHtml } from "../app/database-outage.server.ts";
import { createNonce } from "./content-security-policy.ts";

/**
 * Past what the process can serve, new requests get a fast 503 with Retry-After instead of
 * joining a queue that answers everyone in seconds (or not before their time-out). The signal
 * is the event loop's mean delay over the last second: CPU saturation, not a burst of cheap
 * requests, makes it grow. Static files are always served (they cost nothing and are cached).
 */
export async function registerLoadShedding(app: FastifyInstance, maxEventLoopDelayMs: number): Promise<void> {
  if (maxEventLoopDelayMs === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: databaseRetryAfterSeconds,
    pressureHandler: shedRequest,
  });
}

/** Answers the request (or, for a static file, lets it through: the plugin goes on when unsent). */
function shedRequest(request: FastifyRequest, reply: FastifyReply): void {
  const [path = "/"] = request.url.split("?");
  // The local gateway simulator stands for another company's servers: shedding its calls would
  // turn this process's own checkouts into gateway failures.
  if (path.startsWith("/assets/") || path.startsWith("/gateway-simulator/")) return;
  reply.status(503).header("retry-after", String(databaseRetryAfterSeconds)).header("cache-control", "no-store");
  if (path.startsWith("/api/") || path.startsWith("/printables/files/")) {
    reply.send({ message: "Service temporarily unavailable", statusCode: 503 });
    return;
  }
  // The pages' onSend hook puts this nonce in the Content-Security-Policy.
  request.cspNonce = createNonce();
  reply
    .type("text/html; charset=utf-8")
    .send(unavailableHtml(localeFromPath(path), request.cspNonce, { method: request.method, path: request.url }));
}
