import type { Database } from "@kinderready/db/open-db";
import type { ReportDays } from "./report-filters.ts";
import { readRevenueRows } from "./revenue-report-queries.server.ts";
import { shapeRevenueReport } from "./revenue-report-shaping.ts";

/**
 * The console's revenue report over a range of UTC days. Money stays in the currency it was
 * paid in (minor units) and is never added across currencies: there is no stated rate to add
 * them with. Charges and refunds come from the ledger, by the day they were booked; trials,
 * renewals and dunning from the orders; cancellations from the subscriptions; the upsell's take
 * rate by display mode and price variant from its sold orders over the visitors who saw it.
 * Read in revenue-report-queries.server.ts, worked out from the rows in revenue-report-shaping.ts.
 */

export type RevenueDay = {
  day: string;
  currency: string;
  gross: number;
  refunds: number;
  net: number;
  firstPayments: number;
  renewals: number;
  upsells: number;
};

export type RevenueByPurpose = {
  currency: string;
  /** subscription (the first payment), renewal, reactivation, upsell or lifetime. */
  purpose: string;
  charges: number;
  gross: number;
  refundCount: number;
  refunds: number;
};

export type RevenueReport = {
  daily: RevenueDay[];
  byPurpose: RevenueByPurpose[];
  totals: { currency: string; gross: number; refunds: number; net: number; charges: number; refundCount: number }[];
  trials: { started: number; ended: number; converted: number; conversion: number | null };
  renewals: { currency: string; paid: number; failed: number; recovered: number }[];
  /** Subscriptions in dunning now (a renewal failed, a retry is scheduled). */
  pastDue: number;
  upsells: { mode: string; variant: string; viewers: number; packs: number; lifetime: number }[];
  cancellations: { reason: string; subscriptions: number }[];
};

export async function getRevenueReport(deps: { db: Database }, days: ReportDays, now: Date): Promise<RevenueReport> {
  return shapeRevenueReport(await readRevenueRows(deps.db, days, now));
}
