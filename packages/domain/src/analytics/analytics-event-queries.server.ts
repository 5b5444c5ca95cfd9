import type { Database, Transaction } from "@kinderready/db/open-db";
import { analyticsEvents, analyticsVisits, funnelVisitors } from "@kinderready/db/schema";
import { desc, eq, sql } from "drizzle-orm";

// The browser's analytics as stored: events (analytics_events) and page views' payloads
// (analytics_visits).

/** Stores events; one already stored (a re-sent batch) is skipped. */
export async function insertAnalyticsEvents(
  db: Database | Transaction,
  rows: (typeof analyticsEvents.$inferInsert)[],
): Promise<void> {
  await db.insert(analyticsEvents).values(rows).onConflictDoNothing({ target: analyticsEvents.eventId });
}

/**
 * Stores a page view's payload. Pages do not send the country: the server placed the visit when
 * it served the page, and the device's funnel row has it.
 */
export async function insertAnalyticsVisit(
  db: Database | Transaction,
  visit: Omit<typeof analyticsVisits.$inferInsert, "countryCode"> & { countryCode: string | undefined },
): Promise<void> {
  await db.insert(analyticsVisits).values({
    ...visit,
    countryCode: visit.countryCode
      ? visit.countryCode
      : visit.deviceId
        ? sql<
            string | null
          >`(select ${funnelVisitors.countryCode} from ${funnelVisitors} where ${funnelVisitors.deviceId} = ${visit.deviceId})`
        : null,
  });
}

/** A parent's latest events, newest first. */
export async function listUserEvents(db: Database | Transaction, input: { userId: string; limit: number }) {
  return db
    .select({
      event_id: analyticsEvents.eventId,
      name: analyticsEvents.name,
      occurred_at: analyticsEvents.occurredAt,
      page: analyticsEvents.page,
      properties: analyticsEvents.properties,
      user_properties: analyticsEvents.userProperties,
    })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, input.userId))
    .orderBy(desc(analyticsEvents.occurredAt))
    .limit(input.limit);
}

/** Any stored event: none means there is nothing to build the funnel from. */
export async function findAnyAnalyticsEvent(db: Database | Transaction) {
  const [event] = await db.select({ id: analyticsEvents.id }).from(analyticsEvents).limit(1);
  return event;
}
