import type { Database, Transaction } from "@kinderready/db/open-db";
import { cancellationRequests, orders, pricePlans, supportRequests } from "@kinderready/db/schema";
import { and, eq } from "drizzle-orm";

// What the composers read when a queued email is sent: the state the email is about, as it
// holds at that moment.

/** An order with the price plan it was bought on. */
export async function findOrderWithPlan(db: Database | Transaction, orderId: string) {
  const [found] = await db
    .select({ order: orders, plan: pricePlans })
    .from(orders)
    .innerJoin(pricePlans, eq(pricePlans.id, orders.pricePlanId))
    .where(eq(orders.orderId, orderId));
  return found;
}

/** One of the parent's orders. */
export async function findParentOrder(db: Database | Transaction, input: { orderId: string; userId: string }) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, input.orderId), eq(orders.userId, input.userId)));
  return order;
}

export async function findCancellationRequest(db: Database | Transaction, requestId: string) {
  const [request] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.id, requestId));
  return request;
}

export async function findSupportRequest(db: Database | Transaction, requestId: string) {
  const [request] = await db.select().from(supportRequests).where(eq(supportRequests.id, requestId));
  return request;
}
