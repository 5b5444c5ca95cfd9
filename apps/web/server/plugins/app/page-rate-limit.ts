import rateLimit from "@fastify/rate-limit";
import type { Config } from "@kinderready/config/config.server";
import type { FastifyInstance } from "fastify";
import type { RateLimitSharing } from "../../shared-rate-limit.ts";

/** Reads of pages are never limited (many parents share a mobile carrier's address); form posts are. */
export async function registerFormPostRateLimit(
  pages: FastifyInstance,
  { config, rateLimits }: { config: Pick<Config, "rateLimitMax">; rateLimits: RateLimitSharing },
): Promise<void> {
  await pages.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: "1 minute",
    allowList: (request) => request.method === "GET" || request.method === "HEAD",
    ...rateLimits("pages"),
  });
}
