import { createHash } from "node:crypto";
import type { Database, Transaction } from "@kinderready/db/open-db";
import { requestThrottle } from "@kinderready/db/schema";
import { and, count, eq, gt, lt, max } from "drizzle-orm";

// A limit on actions that send email because a stranger asked (sign-in links, the contact form):
// attempts are counted per hashed key (an email address, a client address) in a sliding window,
// in the database, so every process of the product shares the count.

export type ThrottleRule = { key: string; max: number; windowMinutes: number };

/** Hashes what identifies the asker, so the table holds no address in clear. */
export function throttleKey(kind: string, value: string): string {
  return `${kind}:${createHash("sha256").update(value.trim().toLowerCase()).digest("base64url")}`;
}

/** The attempts a key made in the last `windowMinutes`: how many, and when the latest was. */
export async function recentAttempts(
  db: Database,
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

/**
 * Records one attempt against every rule and answers whether all of them still allow it. An
 * attempt over a limit is recorded too, so hammering keeps the window closed.
 */
export async function allowAttempt(db: Database, rulesToCheck: readonly ThrottleRule[], now: Date): Promise<boolean> {
  let allowed = true;
  for (const rule of rulesToCheck) {
    if ((await recentAttempts(db, rule.key, rule.windowMinutes, now)).count >= rule.max) allowed = false;
  }
  await recordAttempts(
    db,
    rulesToCheck.map((rule) => rule.key),
    now,
  );
  return allowed;
}

/** Drops attempts older than a day (no rule looks further back). */
export async function pruneThrottle(db: Database, now: Date): Promise<void> {
  await db.delete(requestThrottle).where(lt(requestThrottle.createdAt, new Date(now.getTime() - 24 * 60 * 60_000)));
}

/** Forgets every attempt by these keys (a parent's data is erased). */
export async function forgetThrottleKeys(db: Database | Transaction, keys: readonly string[]): Promise<void> {
  for (const key of keys) await db.delete(requestThrottle).where(eq(requestThrottle.key, key));
}
