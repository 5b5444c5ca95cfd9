import type { ReportDays } from "./report-filters.ts";

// Subscription figures by day, from the moments subscriptions changed (one row per currency,
// day and kind of change): stocks (active, in trial, lifetime, MRR) are every change up to the
// end of the day added together, so a day without changes carries the day before's value;
// flows (new paid, churned, new trials) are that day's changes, zero when there were none.

/** A kind of change: a subscription began or stopped paying, churned, began or left a trial, went lifetime. */
export type SubscriptionChange = "paid" | "unpaid" | "churned" | "trial" | "trialOver" | "lifetime";

export type SubscriptionChangeRow = {
  currency: string;
  /** The UTC day of the change; "" for every change before the report's first day. */
  day: string;
  kind: SubscriptionChange;
  subscriptions: number;
  /** The MRR of the subscriptions that began or stopped paying, in minor units (not rounded). */
  mrr: number;
};

export type SubscriptionDay = {
  day: string;
  currency: string;
  /** Paying for periods and not ended at the end of the day (past_due included until it ends). */
  active: number;
  inTrial: number;
  lifetime: number;
  /** Minor units a 30 days, rounded to the unit. */
  mrr: number;
  newPaid: number;
  churned: number;
  newTrials: number;
};

export type ChurnSummary = {
  currency: string;
  /** Active at the start of the first day. */
  activeAtStart: number;
  newPaid: number;
  churned: number;
  /** churned / (active at the start + new paid); null when there was no one to lose. */
  rate: number | null;
};

/** Every UTC day of the range up to today's (a day still to come has no figures yet). */
export function daysUpTo(range: ReportDays, now: Date): string[] {
  const [last] = [range.to, now.toISOString().slice(0, 10)].sort();
  const days: string[] = [];
  for (let day = new Date(`${range.from}T00:00:00Z`); day.toISOString().slice(0, 10) <= (last as string); ) {
    days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return days;
}

type Tally = { active: number; inTrial: number; lifetime: number; mrr: number };

function apply(tally: Tally, row: SubscriptionChangeRow): void {
  if (row.kind === "paid") {
    tally.active += row.subscriptions;
    tally.mrr += row.mrr;
  } else if (row.kind === "unpaid") {
    tally.active -= row.subscriptions;
    tally.mrr -= row.mrr;
  } else if (row.kind === "trial") tally.inTrial += row.subscriptions;
  else if (row.kind === "trialOver") tally.inTrial -= row.subscriptions;
  else if (row.kind === "lifetime") tally.lifetime += row.subscriptions;
}

export function buildSubscriptionSeries(
  rows: readonly SubscriptionChangeRow[],
  days: readonly string[],
): { daily: SubscriptionDay[]; churn: ChurnSummary[] } {
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  const daily: SubscriptionDay[] = [];
  const churn: ChurnSummary[] = [];
  for (const currency of currencies) {
    // The currency's changes by day, read once: a year's days each look up theirs.
    const byDay = Map.groupBy(
      rows.filter((row) => row.currency === currency),
      (row) => row.day,
    );
    const tally: Tally = { active: 0, inTrial: 0, lifetime: 0, mrr: 0 };
    for (const row of byDay.get("") ?? []) apply(tally, row);
    const summary: ChurnSummary = { currency, activeAtStart: tally.active, newPaid: 0, churned: 0, rate: null };
    for (const day of days) {
      const today = byDay.get(day) ?? [];
      for (const row of today) apply(tally, row);
      const flow = (kind: SubscriptionChange) =>
        today.filter((row) => row.kind === kind).reduce((total, row) => total + row.subscriptions, 0);
      const newPaid = flow("paid");
      const churned = flow("churned");
      summary.newPaid += newPaid;
      summary.churned += churned;
      daily.push({
        day,
        currency,
        active: tally.active,
        inTrial: tally.inTrial,
        lifetime: tally.lifetime,
        mrr: Math.round(tally.mrr),
        newPaid,
        churned,
        newTrials: flow("trial"),
      });
    }
    const exposed = summary.activeAtStart + summary.newPaid;
    churn.push({ ...summary, rate: exposed ? summary.churned / exposed : null });
  }
  daily.sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency));
  return { daily, churn };
}
