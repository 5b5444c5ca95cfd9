import { applyOrderUpdate, ensureOrder, type PaymentDeps } from "../src/payments/orders.server.ts";
import { seededPlan } from "./price-plans.ts";

/** Tests only: a parent's first subscription order, as checkout creates it before the gateway answers. */
export async function createFirstOrder(db: PaymentDeps["db"], userId: string) {
  const plan = await seededPlan(db, "subscription");
  return ensureOrder(
    { db },
    {
      userId,
      purpose: "subscription",
      idempotencyKey: "subscription:first",
      plan,
      amount: plan.amount,
      gatewayName: "simulator",
    },
  );
}

/**
 * Tests only: a parent's first subscription payment went through, as the gateway's approval
 * would record it (the order, the entitlement, the subscription), without calling a gateway.
 * The price catalogue must be seeded.
 */
export async function recordFirstPayment(payments: PaymentDeps, userId: string): Promise<void> {
  const order = await createFirstOrder(payments.db, userId);
  await applyOrderUpdate(payments, {
    orderId: order.orderId,
    status: "approved",
    amount: order.amount,
    currency: "USD",
  });
}
