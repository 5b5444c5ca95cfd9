import type { Database, Transaction } from "@kinderready/db/open-db";
import { pricePlans } from "@kinderready/db/schema";
import { and, asc, eq, sql } from "drizzle-orm";
import { soldProduct } from "../product.ts";
import { upsellKind } from "../upsell-wire.ts";

// The sold product's price plans as the console lists and edits them.

type PricePlan = typeof pricePlans.$inferSelect;

/** Subscriptions, then upsells, then the rest; by currency, split group, then variant. */
export async function listPricePlanRows(db: Database | Transaction): Promise<PricePlan[]> {
  return db
    .select()
    .from(pricePlans)
    .where(eq(pricePlans.product, soldProduct))
    .orderBy(
      sql`case ${pricePlans.kind} when 'subscription' then 0 when ${upsellKind} then 1 else 2 end`,
      asc(pricePlans.currency),
      asc(pricePlans.splitGroup),
      sql`case ${pricePlans.variant} when 'initial' then 0 when 'catchy' then 1 else 2 end`,
    );
}

/** The plan, locked until the transaction ends. */
export async function lockPricePlan(tx: Transaction, id: string): Promise<PricePlan | undefined> {
  const [plan] = await tx
    .select()
    .from(pricePlans)
    .where(and(eq(pricePlans.id, id), eq(pricePlans.product, soldProduct)))
    .for("update");
  return plan;
}

export async function updatePricePlan(
  db: Database | Transaction,
  id: string,
  set: Pick<
    typeof pricePlans.$inferInsert,
    "amount" | "oldAmount" | "renewalAmount" | "discountPercent" | "productName" | "updatedAt"
  >,
): Promise<PricePlan | undefined> {
  const [plan] = await db.update(pricePlans).set(set).where(eq(pricePlans.id, id)).returning();
  return plan;
}
