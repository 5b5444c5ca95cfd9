import type { Database, Transaction } from "@kinderready/db/open-db";
import { entitlements, orders } from "@kinderready/db/schema";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { OrderRow } from "../payments/orders.server.ts";

// What the parent bought, as the profile lists it.

/** The parent's paid orders, refunded ones included, oldest first. */
export async function listPaidOrders(db: Database | Transaction, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ["approved", "refunded"])))
    .orderBy(asc(orders.createdAt));
}

/** The kinds of what the parent owns. */
export async function listEntitlementKinds(db: Database | Transaction, userId: string): Promise<{ kind: string }[]> {
  return db.select({ kind: entitlements.kind }).from(entitlements).where(eq(entitlements.userId, userId));
}
