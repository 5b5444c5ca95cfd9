import type { Database, Transaction } from "@kinderready/db/open-db";
import {
  entitlements,
  ledgerEntries,
  orders,
  parentSessions,
  pricePlans,
  subscriptions,
  users,
} from "@kinderready/db/schema";
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import { soldProduct } from "../product.ts";

// The order aggregate's reads and writes, and those of the use cases that pay an order (checkout,
// another card). The rules are in orders.server.ts and its callers: these take `now` and say nothing.

type Db = Database | Transaction;
type OrderRow = typeof orders.$inferSelect;

export async function insertOrderIfAbsent(db: Db, values: typeof orders.$inferInsert): Promise<void> {
  await db.insert(orders).values(values).onConflictDoNothing();
}

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  return order;
}

/** Whether the product made this order: its id, or undefined. */
export async function findOrderId(db: Db, orderId: string): Promise<string | undefined> {
  const [known] = await db.select({ orderId: orders.orderId }).from(orders).where(eq(orders.orderId, orderId));
  return known?.orderId;
}

/** The order, locked until the transaction ends. */
export async function lockOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const [current] = await db.select().from(orders).where(eq(orders.orderId, orderId)).for("update");
  return current;
}

/**
 * The session of the device that leaves to pay an order on the gateway's page (its digest), or
 * none for a device that came by a link. Only an order not yet paid takes it; the last device
 * that went to pay wins.
 */
export async function updatePayingSession(
  db: Db,
  input: { orderId: string; sessionDigest: string | undefined },
): Promise<void> {
  await db
    .update(orders)
    .set({ checkoutSessionHash: input.sessionDigest ?? null })
    .where(and(eq(orders.orderId, input.orderId), eq(orders.status, "created")));
}

/** Moves an order from created to processing: undefined when it was not `created`. */
export async function claimOrderForCharge(
  db: Db,
  input: { orderId: string; now: Date },
): Promise<OrderRow | undefined> {
  const [claimed] = await db
    .update(orders)
    // A charge on the stored card proves no device is the parent's (a session that once went to
    // pay this order on the gateway's page is not verified by it), and it is a retry, not the
    // parent's own try with another card.
    .set({ status: "processing", checkoutSessionHash: null, viaPaymentPage: false, updatedAt: input.now })
    .where(and(eq(orders.orderId, input.orderId), eq(orders.status, "created")))
    .returning();
  return claimed;
}

export async function updateOrderStatus(
  db: Db,
  input: { orderId: string; status: OrderRow["status"]; errorCode: string | null; now: Date },
): Promise<OrderRow | undefined> {
  const [order] = await db
    .update(orders)
    .set({ status: input.status, errorCode: input.errorCode, updatedAt: input.now })
    .where(eq(orders.orderId, input.orderId))
    .returning();
  return order;
}

/** The entitlement an approved order grants, once: undefined when it was granted before. */
export async function insertEntitlement(
  db: Db,
  values: { orderId: string; userId: string; kind: OrderRow["purpose"] },
): Promise<typeof entitlements.$inferSelect | undefined> {
  const [granted] = await db.insert(entitlements).values(values).onConflictDoNothing().returning();
  return granted;
}

export async function insertLedgerEntry(db: Db, values: typeof ledgerEntries.$inferInsert): Promise<void> {
  await db.insert(ledgerEntries).values(values);
}

export async function updateOrderFulfilled(db: Db, input: { orderId: string; now: Date }): Promise<void> {
  await db.update(orders).set({ fulfilledAt: input.now }).where(eq(orders.orderId, input.orderId));
}

/** Verifies the parent's session with this digest, if it is not verified yet. */
export async function updateSessionVerified(
  db: Db,
  input: { idHash: string; userId: string; now: Date },
): Promise<void> {
  await db
    .update(parentSessions)
    .set({ verifiedAt: input.now })
    .where(
      and(
        eq(parentSessions.idHash, input.idHash),
        eq(parentSessions.userId, input.userId),
        isNull(parentSessions.verifiedAt),
      ),
    );
}

/** Orders processing since before `updatedBefore`. */
export async function listStaleProcessingOrders(db: Db, updatedBefore: Date): Promise<{ orderId: string }[]> {
  return db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(eq(orders.status, "processing"), lt(orders.updatedAt, updatedBefore)))
    .limit(200);
}

/** Orders still `created` whose creation falls in one of the windows (after `from`, up to `until`). */
export async function listCreatedOrdersIn(
  db: Db,
  windows: { from: Date; until: Date }[],
): Promise<{ orderId: string }[]> {
  return db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(
      and(
        eq(orders.status, "created"),
        or(...windows.map((window) => and(lte(orders.createdAt, window.until), gt(orders.createdAt, window.from)))),
      ),
    )
    .limit(200);
}

/** Approved orders with a refund reason: charges the product owes back. */
export async function listOrdersOwedBack(db: Db): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(isNotNull(orders.refundReason), eq(orders.status, "approved")))
    .limit(200);
}

/** Opens a processing order again (`created`). */
export async function reopenProcessingOrder(db: Db, input: { orderId: string; now: Date }): Promise<void> {
  await db
    .update(orders)
    .set({ status: "created", updatedAt: input.now })
    .where(and(eq(orders.orderId, input.orderId), eq(orders.status, "processing")));
}

/** The parent with this token, of the product sold here. */
export async function findBuyerByToken(
  db: Db,
  userToken: string,
): Promise<{ id: string; email: string | null; kidName: string | null } | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email, kidName: users.kidName })
    .from(users)
    .where(and(eq(users.token, userToken), eq(users.product, soldProduct)));
  return user;
}

export async function findSubscriptionPlan(
  db: Db,
  input: {
    variant: (typeof pricePlans.$inferSelect)["variant"];
    splitGroup: (typeof pricePlans.$inferSelect)["splitGroup"];
    currency: string;
  },
): Promise<typeof pricePlans.$inferSelect | undefined> {
  const [plan] = await db
    .select()
    .from(pricePlans)
    .where(
      and(
        eq(pricePlans.product, soldProduct),
        eq(pricePlans.kind, "subscription"),
        eq(pricePlans.variant, input.variant),
        eq(pricePlans.splitGroup, input.splitGroup),
        eq(pricePlans.currency, input.currency),
      ),
    );
  return plan;
}

/** The parent's latest first-payment order. */
export async function findLatestSubscriptionOrder(db: Db, userId: string): Promise<OrderRow | undefined> {
  const [latest] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.purpose, "subscription")))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return latest;
}

/** How many of the parent's orders of this kind the bank declined. */
export async function countDeclinedOrders(
  db: Db,
  input: { userId: string; purpose: OrderRow["purpose"] },
): Promise<number> {
  const [declined] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), eq(orders.purpose, input.purpose), eq(orders.status, "declined")));
  return declined?.n ?? 0;
}

/** Sets terms of an order not yet paid. */
export async function updateCreatedOrder(
  db: Db,
  orderId: string,
  values: { payableUntil?: Date; immediateAccessConsentAt?: Date },
): Promise<void> {
  await db
    .update(orders)
    .set(values)
    .where(and(eq(orders.orderId, orderId), eq(orders.status, "created")));
}

/** The order, if it is the parent's with this token. */
export async function findOrderOfParent(
  db: Db,
  input: { orderId: string; userToken: string },
): Promise<OrderRow | undefined> {
  const [found] = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.orderId, input.orderId), eq(users.token, input.userToken)));
  return found?.order;
}

/** The parent's subscription with its plan and the parent's email. */
export async function findSubscriptionWithPlan(db: Db, userId: string) {
  const [found] = await db
    .select({ subscription: subscriptions, plan: pricePlans, email: users.email })
    .from(subscriptions)
    .innerJoin(pricePlans, eq(pricePlans.id, subscriptions.pricePlanId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, soldProduct)));
  return found;
}

export async function updateOrderViaPaymentPage(db: Db, orderId: string): Promise<void> {
  await db.update(orders).set({ viaPaymentPage: true }).where(eq(orders.orderId, orderId));
}

/** Moves a past-due subscription's next retry to `until`. */
export async function updatePastDueNextAttempt(
  db: Db,
  input: { subscriptionId: string; until: Date; now: Date },
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ nextAttemptAt: input.until, updatedAt: input.now })
    .where(and(eq(subscriptions.id, input.subscriptionId), eq(subscriptions.status, "past_due")));
}

/** The parent's renewal or reactivation order with this id. */
export async function findRenewalOrderOfUser(
  db: Db,
  input: { orderId: string; userId: string },
): Promise<OrderRow | undefined> {
  const [found] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.orderId, input.orderId),
        eq(orders.userId, input.userId),
        inArray(orders.purpose, ["renewal", "reactivation"]),
      ),
    );
  return found;
}
