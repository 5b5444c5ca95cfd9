import { createHash } from "node:crypto";
import type { Database } from "@kinderready/db/open-db";
import { recentAttempts, recordAttempts } from "./request-throttle-queries.server.ts";

// A limit on actions that send email because a stranger asked (sign-in links, the contact form):
// attempts are counted per hashed key (an email address, a client address) in a sliding window,
// in the database, so every process of the product shares the count.

export type ThrottleRule = { key: string; max: number; windowMinutes: number };

/** Hashes what identifies the asker, so the table holds no address in clear. */
export function throttleKey(kind: string, value: string): string {
  return `${kind}:${createHash("sha256").update(value.trim().toLowerCase()).digest("base64url")}`;
}

/**
 * Records one attempt against every rule and answers whether all of them still allow it. An
 * attempt over a limit is recorded too, so hammering keeps the window closed.
 */
export async function allowAttempt(
  deps: { db: Database },
  rulesToCheck: readonly ThrottleRule[],
  now: Date,
): Promise<boolean> {
  let allowed = true;
  for (const rule of rulesToCheck) {
    if ((await recentAttempts(deps.db, rule.key, rule.windowMinutes, now)).count >= rule.max) allowed = false;
  }
  await recordAttempts(
    deps.db,
    rulesToCheck.map((rule) => rule.key),
    now,
  );
  return allowed;
}
