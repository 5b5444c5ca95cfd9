import type { Database } from "@kinderready/db/open-db";
import { renewalGraceDays } from "../subscriptions/dunning-rules.ts";
import type { ReportDays } from "./report-filters.ts";
import { type CohortRow, readCohortRows } from "./subscription-timeline-queries.server.ts";

/**
 * Parents grouped by the ISO week (UTC) of their first payment, for first payments in the
 * report's days: trial to paid, renewal retention at each renewal (the cohort triangle), refund
 * rate of the first payments, and lifetime value per currency. The first and last weeks hold
 * only the range's days of them.
 */

/** Renewals the triangle shows at most (a year of monthly periods). */
export const maxCohortRenewals = 12;

export type RenewalRetention = { reached: number; paid: number; rate: number | null };

export type SubscriptionCohort = {
  /** ISO week, e.g. 2026-W44. */
  week: string;
  /** Its Monday (YYYY-MM-DD). */
  weekStart: string;
  parents: number;
  /** Trials that have ended by now, and how many of those had their first renewal paid. */
  trialsEnded: number;
  converted: number;
  trialToPaid: number | null;
  /** First payments since refunded, over first payments. */
  refundedFirstPayments: number;
  refundRate: number | null;
  /** Renewal k (index k - 1): parents old enough to have reached it, and those who paid it. */
  retention: RenewalRetention[];
};

export type CohortValue = {
  week: string;
  weekStart: string;
  currency: string;
  /** Parents of the cohort whose first payment was in this currency. */
  parents: number;
  /** All their charges less refunds, in minor units. */
  net: number;
  /** net / parents, in minor units. */
  ltv: number;
};

export type SubscriptionCohorts = { cohorts: SubscriptionCohort[]; values: CohortValue[]; renewals: number };

const share = (part: number, whole: number) => (whole ? part / whole : null);

export async function getSubscriptionCohorts(
  deps: { db: Database },
  days: ReportDays,
  now: Date,
): Promise<SubscriptionCohorts> {
  const rows = await readCohortRows(deps.db, days, now, {
    maxRenewals: maxCohortRenewals,
    graceDays: renewalGraceDays,
  });
  return buildCohorts(rows.map(numeric));
}

function numeric(row: CohortRow): CohortRow {
  return {
    ...row,
    reached: Number(row.reached),
    paid: Number(row.paid),
    parents: Number(row.parents),
    trials_ended: Number(row.trials_ended),
    converted: Number(row.converted),
    refunded: Number(row.refunded),
    net: Number(row.net),
  };
}

function buildCohorts(rows: readonly CohortRow[]): SubscriptionCohorts {
  const renewals = Math.max(0, ...rows.map((row) => row.reached));
  const weeks = [...new Set(rows.map((row) => row.week))].sort();
  const cohorts = weeks.map((week): SubscriptionCohort => {
    const mine = rows.filter((row) => row.week === week);
    const add = (pick: (row: CohortRow) => number, from = mine) => from.reduce((total, row) => total + pick(row), 0);
    const parents = add((row) => row.parents);
    const trialsEnded = add((row) => row.trials_ended);
    const converted = add((row) => row.converted);
    const refundedFirstPayments = add((row) => row.refunded);
    const retention = Array.from({ length: renewals }, (_, index) => {
      const renewal = index + 1;
      const old = mine.filter((row) => row.reached >= renewal);
      const reached = add((row) => row.parents, old);
      const paid = add(
        (row) => row.parents,
        old.filter((row) => row.paid >= renewal),
      );
      return { reached, paid, rate: share(paid, reached) };
    });
    return {
      week,
      weekStart: mine[0]?.week_start ?? "",
      parents,
      trialsEnded,
      converted,
      trialToPaid: share(converted, trialsEnded),
      refundedFirstPayments,
      refundRate: share(refundedFirstPayments, parents),
      retention,
    };
  });
  const values: CohortValue[] = [];
  for (const week of weeks) {
    const mine = rows.filter((row) => row.week === week);
    for (const currency of [...new Set(mine.map((row) => row.currency))].sort()) {
      const group = mine.filter((row) => row.currency === currency);
      const parents = group.reduce((total, row) => total + row.parents, 0);
      const net = group.reduce((total, row) => total + row.net, 0);
      values.push({
        week,
        weekStart: group[0]?.week_start ?? "",
        currency,
        parents,
        net,
        ltv: Math.round(net / parents),
      });
    }
  }
  return { cohorts, values, renewals };
}
