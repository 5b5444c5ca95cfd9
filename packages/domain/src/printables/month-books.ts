import { type MonthNumber, months } from "@kinderready/kit/catalogue";
import type { SubscriptionRow } from "../subscriptions/subscription-state.ts";
import { scheduledEnd } from "../subscriptions/subscription-state.ts";

// The books of the month: each monthly payment opens the next one, so the second and third month
// bring something new to print. Pure: the printables area reads the payments and asks these.

/**
 * How many books a parent has: one per monthly payment made (the trial's fee opens none), or
 * every book with lifetime access or access granted by hand.
 */
export function monthBooksOpen(input: { paidRenewals: number; everything: boolean }): number {
  return input.everything ? months.length : Math.min(months.length, Math.max(0, input.paidRenewals));
}

type RenewingSubscription = Pick<
  SubscriptionRow,
  "status" | "currentPeriodEnd" | "cancelAt" | "pauseFrom" | "periodDays"
>;

/**
 * The next book and the day it opens: the end of the period running now, when the subscription
 * is due to be charged then (not when it ends, pauses or waits on a failed payment first).
 */
export function nextMonthBook(
  open: number,
  subscription: RenewingSubscription | undefined,
): { number: MonthNumber; opensOn: Date } | undefined {
  const number = months[open];
  if (!number || !subscription) return undefined;
  if (subscription.status !== "trialing" && subscription.status !== "active") return undefined;
  if (subscription.pauseFrom) return undefined;
  const ends = scheduledEnd(subscription);
  if (ends && ends <= subscription.currentPeriodEnd) return undefined;
  return { number, opensOn: subscription.currentPeriodEnd };
}
