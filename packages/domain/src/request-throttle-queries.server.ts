import type { Database, Transaction } from "@kinderready/db/open-db";
import { requestThrottle } from "@kinderready/db/schema";
import { and, count, eq, gt, lt, max } from "drizzle-orm";

// The attempts the request throttle counts, per hashed key, in the database, so every process of
// the product shares the count (the limits themselves are request-throttle.server.ts's).

/** The attempts a key made in the last `windowMinutes`: how many, and when the latest was. */
export async function recentAttempts(
  db: Database | Transaction,
  key: string,
  windowMinutes: number,
  now: Date,
): Promise<{ count: number; last: Date | undefined }> {
  const since = new Date(now.getTime() - windowMinutes * 60_000);
  const [row] = await db
    .select({ count: count(), last: max(requestThrottle.createdAt) })
    .from(requestThrottle)
    .where(and(eq(requestThrottle.key, key), gt(requestThrottle.createdAt, since)));
  return { count: row?.count ?? 0, last: row?.last ?? undefined };
}

/** Records one attempt by each key, for the limits that count them later. */
export async function recordAttempts(db: Database | Transaction, keys: readonly string[], now: Date): Promise<void> {
  await db.insert(requestThrottle).values(keys.map((key) => ({ key, createdAt: now })));
}

/** Drops attempts older than a day (no rule looks further back). */
export async function pruneThrottle(db: Database | Transaction, now: Date): Promise<void> {
  await db.delete(requestThrottle).where(lt(requestThrottle.createdAt, new Date(now.getTime() - 24 * 60 * 60_000)));
}

/** Forgets every attempt by these keys (a parent's data is erased). */
export async function forgetThrottleKeys(db: Database | Transaction, keys: readonly string[]): Promise<void> {
  for (const key of keys) await db.delete(requestThrottle).where(eq(requestThrottle.key, key));
}
