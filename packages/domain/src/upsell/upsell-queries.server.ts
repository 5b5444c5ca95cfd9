import type { Database, Transaction } from "@kinderready/db/open-db";
import { conversionEvents, entitlements, orders, pricePlans, settings, users } from "@kinderready/db/schema";
import { and, desc, eq, inArray } from "drizzle-orm";
import { forwardingSubjectColumns } from "../consent/forwarding-subject-queries.server.ts";
import type { UpsellVariant } from "../pricing/offer-rules.ts";
import { soldProduct } from "../product.ts";
import { upsellKind } from "../upsell-wire.ts";
import type { UpsellDisplayMode, UpsellType } from "./upsell-schema.ts";

// The upsells' reads and writes (upsell.server.ts holds the rules); the order's own are in
// payments/order-queries.server.ts.

type Db = Database | Transaction;
type OrderRow = typeof orders.$inferSelect;
type PricePlanRow = typeof pricePlans.$inferSelect;

/** The order of the parent's first payment (their subscription's entitlement), if any. */
export async function findFirstPayment(db: Db, userId: string): Promise<{ orderId: string } | undefined> {
  const [firstPayment] = await db
    .select({ orderId: entitlements.orderId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.kind, "subscription")))
    .limit(1);
  return firstPayment;
}

/** The parent's order of this kind that is created or processing. */
export async function findOpenOrder(
  db: Db,
  input: { userId: string; purpose: UpsellType },
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, input.userId),
        eq(orders.purpose, input.purpose),
        inArray(orders.status, ["created", "processing"]),
      ),
    );
  return order;
}

/** Stores the consent on an order not yet charged: the order after, or undefined if it was charged. */
export async function updateOrderConsent(
  db: Db,
  input: { orderId: string; consentAt: Date },
): Promise<OrderRow | undefined> {
  const [consented] = await db
    .update(orders)
    .set({ immediateAccessConsentAt: input.consentAt })
    .where(and(eq(orders.orderId, input.orderId), eq(orders.status, "created")))
    .returning();
  return consented;
}

/** The catalogue's plan of a kind and variant in a currency. */
export async function findUpsellPlan(
  db: Db,
  input: { kind: UpsellType; variant: UpsellVariant; currency: string },
): Promise<PricePlanRow | undefined> {
  const [plan] = await db
    .select()
    .from(pricePlans)
    .where(
      and(
        eq(pricePlans.product, soldProduct),
        eq(pricePlans.kind, input.kind),
        eq(pricePlans.variant, input.variant),
        eq(pricePlans.currency, input.currency),
      ),
    );
  return plan;
}

/** What the parent already owns of the upsells. */
export async function listOwnedUpsells(db: Db, userId: string): Promise<Set<UpsellType>> {
  const rows = await db
    .select({ kind: entitlements.kind })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), inArray(entitlements.kind, [upsellKind, "lifetime"])));
  return new Set(rows.map((row) => row.kind as UpsellType));
}

/** The parent's latest approved upsell order, with what their consents allow to report of it. */
export async function findLatestApprovedUpsell(db: Db, userToken: string) {
  const [latest] = await db
    .select({
      order: orders,
      subject: forwardingSubjectColumns,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(users.token, userToken),
        eq(users.product, soldProduct),
        inArray(orders.purpose, [upsellKind, "lifetime"]),
        eq(orders.status, "approved"),
      ),
    )
    .orderBy(desc(orders.updatedAt))
    .limit(1);
  return latest;
}

/** A conversion, once per order and event: the rows inserted (none when it was there). */
export async function insertUpsellConversion(
  db: Db,
  values: typeof conversionEvents.$inferInsert,
): Promise<{ id: string }[]> {
  return db.insert(conversionEvents).values(values).onConflictDoNothing().returning({ id: conversionEvents.id });
}

/** The stored upsell display setting, if the operator set one. */
export async function findUpsellDisplayMode(db: Db): Promise<{ value: unknown } | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, "UPSELL_DISPLAY_MODE"));
  return row;
}

export async function upsertUpsellDisplayMode(db: Db, input: { mode: UpsellDisplayMode; now: Date }): Promise<void> {
  await db
    .insert(settings)
    .values({ key: "UPSELL_DISPLAY_MODE", value: input.mode })
    .onConflictDoUpdate({ target: settings.key, set: { value: input.mode, updatedAt: input.now } });
}
