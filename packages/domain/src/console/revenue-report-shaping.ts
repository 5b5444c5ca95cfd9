import type { RevenueByPurpose, RevenueDay, RevenueReport } from "./revenue-report.server.ts";

// The revenue report from its rows (revenue-report-queries.server.ts): net amounts, totals per
// currency, the trials' conversion and the upsell's viewers beside its buyers. Money is added
// only within a currency: there is no stated rate to add currencies with. No I/O.

/** One UTC day's charges and refunds in one currency, as booked. */
export type RevenueDayRow = Omit<RevenueDay, "net">;

/** Trials started in the range, those of them that have ended, and those of the ended that were renewed. */
export type TrialCounts = { started: number; ended: number; converted: number };

/** Visitors who saw the upsell under a display mode and price variant. */
export type UpsellViewersRow = { mode: string; variant: string; viewers: number };

/** Parents who bought packs or lifetime under a display mode and price variant. */
export type UpsellBuyersRow = { mode: string; variant: string; packs: number; lifetime: number };

export type RevenueRows = {
  daily: RevenueDayRow[];
  byPurpose: RevenueByPurpose[];
  /** Undefined when the count read no row. */
  trials: TrialCounts | undefined;
  renewals: RevenueReport["renewals"];
  /** Subscriptions in dunning now; undefined when the count read no row. */
  pastDue: number | undefined;
  seen: UpsellViewersRow[];
  bought: UpsellBuyersRow[];
  cancellations: RevenueReport["cancellations"];
};

/** Each currency's charges and refunds over every purpose, in the order the currencies first come. */
export function currencyTotals(byPurpose: readonly RevenueByPurpose[]): RevenueReport["totals"] {
  return [...new Set(byPurpose.map((row) => row.currency))].map((currency) => {
    const rows = byPurpose.filter((row) => row.currency === currency);
    const add = (pick: (row: RevenueByPurpose) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const gross = add((row) => row.gross);
    const refunds = add((row) => row.refunds);
    return {
      currency,
      gross,
      refunds,
      net: gross - refunds,
      charges: add((row) => row.charges),
      refundCount: add((row) => row.refundCount),
    };
  });
}

/** The trials with the share of ended ones that were renewed; null while none has ended. */
export function trialConversion(trials: TrialCounts | undefined): RevenueReport["trials"] {
  const started = trials?.started ?? 0;
  const ended = trials?.ended ?? 0;
  const converted = trials?.converted ?? 0;
  return { started, ended, converted, conversion: ended ? converted / ended : null };
}

/**
 * The upsell's viewers beside its buyers for each display mode and price variant either side
 * has (none where only the other has it), by mode then variant.
 */
export function upsellTakeRates(
  seen: readonly UpsellViewersRow[],
  bought: readonly UpsellBuyersRow[],
): RevenueReport["upsells"] {
  const upsells = new Map<string, RevenueReport["upsells"][number]>();
  const upsellRow = (mode: string, variant: string) => {
    const key = JSON.stringify([mode, variant]);
    const row = upsells.get(key) ?? { mode, variant, viewers: 0, packs: 0, lifetime: 0 };
    upsells.set(key, row);
    return row;
  };
  for (const { mode, variant, viewers } of seen) upsellRow(mode, variant).viewers = viewers;
  for (const { mode, variant, packs, lifetime } of bought) Object.assign(upsellRow(mode, variant), { packs, lifetime });
  return [...upsells.values()].sort((one, other) =>
    one.mode === other.mode ? (one.variant < other.variant ? -1 : 1) : one.mode < other.mode ? -1 : 1,
  );
}

export function shapeRevenueReport(rows: RevenueRows): RevenueReport {
  return {
    daily: rows.daily.map((row) => ({ ...row, net: row.gross - row.refunds })),
    byPurpose: rows.byPurpose,
    totals: currencyTotals(rows.byPurpose),
    trials: trialConversion(rows.trials),
    renewals: rows.renewals,
    pastDue: rows.pastDue ?? 0,
    upsells: upsellTakeRates(rows.seen, rows.bought),
    cancellations: rows.cancellations,
  };
}
