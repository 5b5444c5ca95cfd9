import type { Database, Transaction } from "@kinderready/db/open-db";
import { analyticsEvents, settings, users } from "@kinderready/db/schema";
import { and, asc, eq, gt, lt } from "drizzle-orm";
import { forwardingSubjectColumns } from "../../consent/forwarding-subject-queries.server.ts";

// The stored product-analytics events as they are forwarded to Amplitude, and the cursor (in the
// settings table) that says how far forwarding got.

export const amplitudeCursorKey = "AMPLITUDE_CURSOR";

/** Events after the cursor's id received before `receivedBefore`, in id order, with their parent's consent. */
export async function listProductEventsAfter(
  db: Database | Transaction,
  input: { afterId: number; receivedBefore: Date; limit: number },
) {
  return db
    .select({
      id: analyticsEvents.id,
      eventId: analyticsEvents.eventId,
      name: analyticsEvents.name,
      userId: analyticsEvents.userId,
      deviceId: analyticsEvents.deviceId,
      sessionId: analyticsEvents.sessionId,
      occurredAt: analyticsEvents.occurredAt,
      page: analyticsEvents.page,
      properties: analyticsEvents.properties,
      userProperties: analyticsEvents.userProperties,
      knownUser: users.id,
      ...forwardingSubjectColumns,
    })
    .from(analyticsEvents)
    .leftJoin(users, eq(users.id, analyticsEvents.userId))
    .where(and(gt(analyticsEvents.id, input.afterId), lt(analyticsEvents.receivedAt, input.receivedBefore)))
    .orderBy(asc(analyticsEvents.id))
    .limit(input.limit);
}

/** The stored cursor's value, as it was written (undefined before the first batch). */
export async function findAmplitudeCursor(db: Database | Transaction): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, amplitudeCursorKey));
  return row?.value;
}

export async function upsertAmplitudeCursor(
  db: Database | Transaction,
  value: { lastId: number },
  now: Date,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key: amplitudeCursorKey, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}
