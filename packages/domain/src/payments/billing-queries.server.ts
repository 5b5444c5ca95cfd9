import type { Database, Transaction } from "@kinderready/db/open-db";
import {
  cancellationRequests,
  emailMessages,
  ledgerEntries,
  orders,
  subscriptions,
  users,
} from "@kinderready/db/schema";
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { renewingStatuses, type SubscriptionRow } from "../subscriptions/subscription-state.ts";

// The billing around the subscription: its state changes, the parent it is locked with, the
// reactivation orders, its pauses, cancellations and notices (the subscription row itself is read
// in subscriptions/subscription-queries.server.ts). The rules are in subscription-billing.server.ts
// and its neighbours: these take `now` and say nothing.

type Db = Database | Transaction;
type OrderRow = typeof orders.$inferSelect;
/** The columns a billing step sets on a subscription. */
export type SubscriptionChanges = Partial<typeof subscriptions.$inferInsert>;

/** The ledger's record of a subscription moving from its status to `to`. */
export async function insertStateChange(db: Db, subscription: SubscriptionRow, to: string, details: object = {}) {
  await db.insert(ledgerEntries).values({
    userId: subscription.userId,
    subscriptionId: subscription.id,
    type: "state_change",
    details: { from: subscription.status, to, ...details },
  });
}

/** The parent's erasure, their row locked until the transaction ends. */
export async function lockParent(db: Db, userId: string): Promise<{ erasedAt: Date | null } | undefined> {
  const [parent] = await db.select({ erasedAt: users.erasedAt }).from(users).where(eq(users.id, userId)).for("update");
  return parent;
}

/** The parent's subscription of `product`, locked until the transaction ends. */
export async function lockSubscription(db: Db, userId: string, product: string): Promise<SubscriptionRow | undefined> {
  const [existing] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, product)))
    .for("update");
  return existing;
}

export async function insertSubscription(
  db: Db,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow | undefined> {
  const [subscription] = await db.insert(subscriptions).values(values).returning();
  return subscription;
}

export async function updateSubscription(db: Db, subscriptionId: string, changes: SubscriptionChanges): Promise<void> {
  await db.update(subscriptions).set(changes).where(eq(subscriptions.id, subscriptionId));
}

/** Updates the subscription and answers it as it now is (undefined when it is gone). */
export async function updateSubscriptionReturning(
  db: Db,
  subscriptionId: string,
  changes: SubscriptionChanges,
): Promise<SubscriptionRow | undefined> {
  const [updated] = await db.update(subscriptions).set(changes).where(eq(subscriptions.id, subscriptionId)).returning();
  return updated;
}

/** The subscription, locked until the transaction ends. */
export async function lockSubscriptionById(db: Db, subscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for("update");
  return subscription;
}

/** Cancelled subscriptions whose period has ended by `now`. */
export async function listEndedCancellations(db: Db, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "cancelled"), lte(subscriptions.currentPeriodEnd, now)));
}

/** Renewing subscriptions with a card whose renewal, retry or end of pause is due by `now`. */
export async function listRenewalsDue(db: Db, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, [...renewingStatuses]),
        isNotNull(subscriptions.cardToken),
        lte(subscriptions.nextAttemptAt, now),
      ),
    );
}

/** Renewing subscriptions whose period has ended by `now` and holds (or passed) their cancellation date. */
export async function listScheduledCancellationsDue(db: Db, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, [...renewingStatuses]),
        isNotNull(subscriptions.cancelAt),
        lte(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.cancelAt, subscriptions.currentPeriodEnd),
      ),
    );
}

/** Trialing or active subscriptions with a pause scheduled from `now` or before. */
export async function listPausesDue(db: Db, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ["trialing", "active"]),
        isNotNull(subscriptions.pauseFrom),
        isNotNull(subscriptions.resumesAt),
        lte(subscriptions.pauseFrom, now),
      ),
    );
}

/**
 * Begins a scheduled pause, until `resumesAt`: the subscription's id, or none when it was
 * cancelled or resumed since it was read.
 */
export async function updatePauseBegun(
  db: Db,
  input: { subscriptionId: string; resumesAt: Date; now: Date },
): Promise<{ id: string }[]> {
  return db
    .update(subscriptions)
    .set({ status: "paused", currentPeriodEnd: input.resumesAt, nextAttemptAt: input.resumesAt, updatedAt: input.now })
    .where(
      and(
        eq(subscriptions.id, input.subscriptionId),
        inArray(subscriptions.status, ["trialing", "active"]),
        isNotNull(subscriptions.pauseFrom),
      ),
    )
    .returning({ id: subscriptions.id });
}

/** Records why an approved charge is owed back; the order's refund follows its settlement. */
export async function updateOrderRefundReason(db: Db, input: { orderId: string; reason: string }): Promise<void> {
  await db.update(orders).set({ refundReason: input.reason }).where(eq(orders.orderId, input.orderId));
}

/** The parent's latest reactivation that was approved and settled. */
export async function findLatestReactivation(db: Db, userId: string): Promise<OrderRow | undefined> {
  const [latest] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.purpose, "reactivation"),
        eq(orders.status, "approved"),
        isNotNull(orders.fulfilledAt),
      ),
    )
    .orderBy(desc(orders.fulfilledAt))
    .limit(1);
  return latest;
}

/** The parent's reactivation attempts the gateway refused. */
export async function countRefusedReactivations(db: Db, userId: string): Promise<number> {
  const [refused] = await db
    .select({ attempts: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.purpose, "reactivation"),
        inArray(orders.status, ["declined", "auth_failed", "void_ok"]),
      ),
    );
  return refused?.attempts ?? 0;
}

/** Pauses this subscription took since `since`: asked for and not called off before they began. */
export async function countPausesSince(db: Db, subscriptionId: string, since: Date): Promise<number> {
  const entries = await db
    .select({ type: ledgerEntries.type, n: count() })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.subscriptionId, subscriptionId),
        inArray(ledgerEntries.type, ["pause_scheduled", "pause_dropped"]),
        gte(ledgerEntries.createdAt, since),
      ),
    )
    .groupBy(ledgerEntries.type);
  const of = (type: string) => entries.find((entry) => entry.type === type)?.n ?? 0;
  return of("pause_scheduled") - of("pause_dropped");
}

export async function insertCancellationRequest(
  db: Db,
  values: typeof cancellationRequests.$inferInsert,
): Promise<{ id: string } | undefined> {
  const [request] = await db.insert(cancellationRequests).values(values).returning({ id: cancellationRequests.id });
  return request;
}

/**
 * Subscriptions of parents with an address whose next charge is close and not yet noticed: a
 * trial or period ending by `noticeBy` with no pause after it, or a pause ending by
 * `pauseReminderBy`, and no cancellation date at or before it.
 */
export async function listChargeNoticesDue(
  db: Db,
  input: { now: Date; noticeBy: Date; pauseReminderBy: Date },
): Promise<{ id: string }[]> {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        gt(subscriptions.currentPeriodEnd, input.now),
        or(
          and(
            inArray(subscriptions.status, ["trialing", "active"]),
            isNull(subscriptions.pauseFrom),
            lte(subscriptions.currentPeriodEnd, input.noticeBy),
          ),
          and(eq(subscriptions.status, "paused"), lte(subscriptions.currentPeriodEnd, input.pauseReminderBy)),
        ),
        or(isNull(subscriptions.cancelAt), gt(subscriptions.cancelAt, subscriptions.currentPeriodEnd)),
        or(
          isNull(subscriptions.chargeNoticeFor),
          sql`${subscriptions.chargeNoticeFor} <> ${subscriptions.currentPeriodEnd}`,
        ),
        isNotNull(users.email),
        isNull(users.erasedAt),
      ),
    )
    .limit(500);
}

export async function findParentEmail(db: Db, userId: string): Promise<{ email: string | null } | undefined> {
  const [parent] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return parent;
}

/** Writes an email to the outbox once per kind: its id, or undefined when it was written before. */
export async function insertEmailMessage(
  db: Db,
  values: { userId: string; kind: string; recipient: string },
): Promise<string | undefined> {
  const [message] = await db
    .insert(emailMessages)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: emailMessages.id });
  return message?.id;
}
