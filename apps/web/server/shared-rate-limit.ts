import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { Config } from "@kinderready/config/config.server";
import type { DbHandle } from "@kinderready/db/open-db";
import { countRequest, deleteExpiredCounters } from "@kinderready/db/rate-limit-counters";
import { Redis } from "ioredis";

// A shared store that cannot answer lets the request through rather than refusing everyone.
const letThroughOnError = { skipOnError: true } as const;

/** What the rate-limit plugin needs to count in a place every web process shares. */
export type RateLimitSharing = (
  namespace: string,
) => Pick<RateLimitPluginOptions, "store" | "redis" | "nameSpace" | "skipOnError">;

/**
 * Where per-address counters live: Redis when REDIS_URL is set; otherwise PostgreSQL, which every
 * web process already shares; the process's memory only on the embedded database, which has one
 * process anyway. Returns the sharing and a close function for shutdown.
 */
export function createRateLimitSharing(
  config: Pick<Config, "redisUrl">,
  database: DbHandle,
): { share: RateLimitSharing; close: () => Promise<void> } {
  if (config.redisUrl) {
    // The plugin's own Redis store; a short connect time-out so a Redis outage fails open quickly.
    const redis = new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on("error", () => {});
    return {
      share: (namespace) => ({ redis, nameSpace: `kr-rate-${namespace}-`, ...letThroughOnError }),
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  if (database.kind === "pglite") return { share: () => ({}), close: async () => {} };
  const { db } = database;
  // Old windows are dropped now and then; every process may do it, the delete is idempotent.
  const sweep = setInterval(() => void deleteExpiredCounters(db).catch(() => {}), 5 * 60_000);
  sweep.unref();
  return {
    share: (namespace) => ({
      ...letThroughOnError,
      store: class PostgresRateLimitStore {
        incr(
          key: string,
          callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
          timeWindow: number,
        ) {
          // A database too slow to count must not slow every request: skipOnError lets it through.
          const tooSlow = new Promise<never>((_, reject) => {
            setTimeout(() => reject(new Error("rate-limit count timed out")), 1_000).unref();
          });
          Promise.race([countRequest(db, `${namespace}:${key}`, timeWindow), tooSlow]).then(
            (count) => callback(null, count),
            (error: Error) => callback(error),
          );
        }
        child() {
          return this;
        }
      } as unknown as RateLimitPluginOptions["store"],
    }),
    close: async () => clearInterval(sweep),
  };
}
