import type { SubscriptionRow } from "./subscription-state.ts";

// A parent who is not using the kit right now may pause instead of cancelling: the period paid
// for runs to its end, then nothing is charged and the kit is closed for one or two periods,
// then renewals go on. Pausing is limited, so it stays a break and not a way around paying.

const day = 24 * 60 * 60 * 1000;

/** How many periods a pause may last. */
export const pauseChoices = [1, 2] as const;
export type PausePeriods = (typeof pauseChoices)[number];

/** Pauses a subscription may start in any year (365 days). */
export const pausesPerYear = 2;
export const pauseLimitWindowDays = 365;

/** The reminder before billing resumes goes out this long before it does. */
export const pauseReminderLeadHours = 72;

/**
 * Whether the subscription may be paused now: a trial or a paid period running on a card, with
 * no end or pause already asked for, and fewer than `pausesPerYear` pauses in the last year.
 */
export function mayPause(
  subscription: Pick<SubscriptionRow, "status" | "cancelAt" | "pauseFrom" | "cardToken">,
  pausesInLastYear: number,
): boolean {
  return (
    (subscription.status === "trialing" || subscription.status === "active") &&
    subscription.cancelAt === null &&
    subscription.pauseFrom === null &&
    subscription.cardToken !== null &&
    pausesInLastYear < pausesPerYear
  );
}

/** When a pause of `periods` begins (the end of the period paid for) and when billing resumes. */
export function pauseWindow(
  subscription: Pick<SubscriptionRow, "currentPeriodEnd" | "periodDays">,
  periods: PausePeriods,
): { from: Date; resumesAt: Date } {
  const from = subscription.currentPeriodEnd;
  return { from, resumesAt: new Date(from.getTime() + periods * subscription.periodDays * day) };
}

/** The start of the window in which earlier pauses count against the limit. */
export const pauseLimitSince = (now: Date) => new Date(now.getTime() - pauseLimitWindowDays * day);
