import type { subscriptions } from "@kinderready/db/schema";

// What a subscription's state allows, without I/O: billing, the profile, the printables and the
// emails about it all read it the same way.

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const subscriptionStatuses = ["trialing", "active", "past_due", "paused", "cancelled", "expired", "lifetime"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

const day = 24 * 60 * 60 * 1000;

/** The end of the period holding `wanted`: renewals go on until then. */
export function endOfPeriodHolding(
  subscription: Pick<SubscriptionRow, "currentPeriodEnd" | "periodDays">,
  wanted: Date,
) {
  const periodEnd = subscription.currentPeriodEnd.getTime();
  if (wanted.getTime() <= periodEnd) return subscription.currentPeriodEnd;
  const periods = Math.ceil((wanted.getTime() - periodEnd) / (subscription.periodDays * day));
  return new Date(periodEnd + periods * subscription.periodDays * day);
}

/**
 * The day a renewing subscription asked to end on a later date ends: the end of the period
 * holding that date. Null when it was not asked to end.
 */
export function scheduledEnd(
  subscription: Pick<SubscriptionRow, "status" | "cancelAt" | "currentPeriodEnd" | "periodDays">,
): Date | null {
  return subscription.cancelAt && renews(subscription) ? endOfPeriodHolding(subscription, subscription.cancelAt) : null;
}

/** The states in which a subscription is still charged at its next renewal (a paused one, when it resumes). */
export const renewingStatuses = ["trialing", "active", "past_due", "paused"] as const;

/** Whether the subscription is still charged at its next renewal. */
export function renews(subscription: Pick<SubscriptionRow, "status">): boolean {
  return (renewingStatuses as readonly string[]).includes(subscription.status);
}

/** Whether the subscription still opens the printables at this moment (a paused one does not). */
export function hasAccess(subscription: Pick<SubscriptionRow, "status" | "currentPeriodEnd">, now: Date): boolean {
  if (subscription.status === "cancelled") return subscription.currentPeriodEnd > now;
  return ["trialing", "active", "past_due", "lifetime"].includes(subscription.status);
}

/** A pause asked for and not begun yet: the period paid for runs on, then the pause. */
export function pauseScheduled(subscription: Pick<SubscriptionRow, "status" | "pauseFrom">): boolean {
  return subscription.pauseFrom !== null && (subscription.status === "trialing" || subscription.status === "active");
}

/** A cancellation can be taken back until the subscription ends: then renewals go on as before. */
export function canRestore(subscription: SubscriptionRow, now: Date): boolean {
  if (renews(subscription)) return subscription.cancelAt !== null;
  return subscription.status === "cancelled" && subscription.currentPeriodEnd > now && subscription.cardToken !== null;
}

export function canRenew(subscription: SubscriptionRow): boolean {
  return subscription.status === "expired" && subscription.cardToken !== null;
}

/** A renewal the card on file declined, or an expired subscription, may be paid with a card typed on the gateway's page. */
export function canPayWithAnotherCard(subscription: Pick<SubscriptionRow, "status">): boolean {
  return subscription.status === "past_due" || subscription.status === "expired";
}
