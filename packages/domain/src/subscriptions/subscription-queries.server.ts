import type { Database, Transaction } from "@kinderready/db/open-db";
import { pricePlans, subscriptions } from "@kinderready/db/schema";
import { and, eq } from "drizzle-orm";
import { soldProduct } from "../product.ts";
import type { SubscriptionRow } from "./subscription-state.ts";

// The parent's subscription of the sold product and the plan it was sold on, as billing, the profile
// and the emails read them.

export async function findSoldSubscription(
  db: Database | Transaction,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, soldProduct)));
  return row;
}

/** Schedules the subscription's end at `cancelAt`. */
export async function updateSubscriptionCancelAt(
  db: Database | Transaction,
  input: { id: string; cancelAt: Date | null; now: Date },
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ cancelAt: input.cancelAt, updatedAt: input.now })
    .where(eq(subscriptions.id, input.id));
}

/** A price plan by id: the plan a subscription renews on or an order was bought on. */
export async function findPricePlan(db: Database | Transaction, pricePlanId: string) {
  const [plan] = await db.select().from(pricePlans).where(eq(pricePlans.id, pricePlanId));
  return plan;
}
