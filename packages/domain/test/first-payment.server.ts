import { applyOrderUpdate, ensureOrder, type PaymentDeps } from "../src/payments/orders.server.ts";
import { seededPlan } from "./price-plans.ts";

/**
 * Tests only: a parent's first subscription payment went through, as the gateway's approval
 * would record it (the order, the entitlement, the subscription), without calling a gateway.
 * The price catalogue must be seeded.
 */
export async function recordFirstPayment(payments: PaymentDeps, userId: string): Promise<void> {
  const plan = await seededPlan(payments.db, "subscription");
  const order = await ensureOrder(payments.db, {
    userId,
    purpose: "subscription",
    idempotencyKey: "subscription:first",
    plan,
    amount: plan.amount,
    gatewayName: "simulator",
  });
  await applyOrderUpdate(payments, {
    orderId: order.orderId,
    status: "approved",
    amount: plan.amount,
    currency: "USD",
  });
}
