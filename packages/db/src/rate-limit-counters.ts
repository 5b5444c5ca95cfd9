import { sql } from "drizzle-orm";
import type { Database } from "./open-db.ts";
import { rateLimitCounters } from "./schema.ts";

export type WindowCount = { current: number; ttl: number };

/**
 * Counts one request against `key`'s fixed window of `windowMs` and answers the count in this
 * window and the milliseconds until it resets: one statement, atomic across processes.
 */
export async function countRequest(db: Database, key: string, windowMs: number): Promise<WindowCount> {
  const expired = sql`${rateLimitCounters.resetsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetsAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
      },
    })
    .returning({
      current: rateLimitCounters.hits,
      ttl: sql<number>`ceil(extract(epoch from ${rateLimitCounters.resetsAt} - now()) * 1000)::int`,
    });
  if (!row) throw new Error("rate limit counter was not written");
  return row;
}

/** Forgets windows that ended more than a minute ago; any process may run it, at any time. */
export async function deleteExpiredCounters(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.resetsAt} < now() - interval '1 minute'`);
}
