import type { Database, Transaction } from "@kinderready/db/open-db";
import { webhookEvents } from "@kinderready/db/schema";
import { and, eq, isNull, lt } from "drizzle-orm";

// The gateway's stored webhook events (webhooks.server.ts says how they are received and applied).

type Db = Database | Transaction;

/** Stores an event under its id: its id, or undefined when it was stored before (a redelivery). */
export async function insertWebhookEvent(
  db: Db,
  values: { eventId: string; gateway: string; type: string; body: string },
): Promise<string | undefined> {
  const [stored] = await db
    .insert(webhookEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return stored?.eventId;
}

export async function findWebhookEvent(
  db: Db,
  eventId: string,
): Promise<typeof webhookEvents.$inferSelect | undefined> {
  const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
  return event;
}

export async function updateWebhookEventProcessed(db: Db, input: { eventId: string; now: Date }): Promise<void> {
  await db.update(webhookEvents).set({ processedAt: input.now }).where(eq(webhookEvents.eventId, input.eventId));
}

/** Events not processed, received before `receivedBefore`. */
export async function listUnprocessedWebhookEvents(db: Db, receivedBefore: Date): Promise<{ eventId: string }[]> {
  return db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(isNull(webhookEvents.processedAt), lt(webhookEvents.receivedAt, receivedBefore)))
    .limit(500);
}
