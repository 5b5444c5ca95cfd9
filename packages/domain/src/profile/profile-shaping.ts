import type { CancelReason } from "../payments/cancel-reasons.ts";
import type { OrderRow } from "../payments/orders.server.ts";
import {
  canPayWithAnotherCard,
  canRenew,
  canRestore,
  pauseScheduled,
  renews,
  type SubscriptionRow,
  scheduledEnd,
} from "../subscriptions/subscription-state.ts";
import type { PurchaseView, SubscriptionInfo } from "./profile-schema.ts";

// The subscription and purchases as the profile shows them, and whether the subscription lets
// the parent delete their data; without I/O.

/** Nothing renews any more: data may be deleted without leaving a charge running. */
export function mayDeleteData(subscription: Pick<SubscriptionRow, "status"> | undefined): boolean {
  return !subscription || ["cancelled", "expired", "lifetime"].includes(subscription.status);
}

export function describeSubscription(row: SubscriptionRow, now: Date): SubscriptionInfo {
  const pausing = row.status === "paused" || pauseScheduled(row);
  return {
    status: row.status as SubscriptionInfo["status"],
    expired_at: row.status === "lifetime" ? null : row.currentPeriodEnd.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    trial_ends_at: row.status === "trialing" ? (row.trialEndsAt?.toISOString() ?? null) : null,
    renewal:
      row.status === "lifetime"
        ? null
        : { amount: row.renewalAmount, currency: row.currency, periodDays: row.periodDays },
    cancelReason: (row.cancelReason as CancelReason | null) ?? null,
    ends_on: scheduledEnd(row)?.toISOString() ?? null,
    pause:
      pausing && row.resumesAt
        ? { from: (row.pauseFrom ?? row.currentPeriodEnd).toISOString(), resumes_at: row.resumesAt.toISOString() }
        : null,
    canRestore: canRestore(row, now),
    canRenew: canRenew(row),
    canPayWithAnotherCard: canPayWithAnotherCard(row),
    canCancel: renews(row),
  };
}

export function describePurchase(order: OrderRow): PurchaseView {
  return {
    orderId: order.orderId,
    kind: order.purpose as PurchaseView["kind"],
    amount: order.amount,
    currency: order.currency,
    paidAt: (order.fulfilledAt ?? order.createdAt).toISOString(),
    refunded: order.status === "refunded",
  };
}
