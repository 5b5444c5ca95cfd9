import type { RevenueReport } from "@kinderready/domain/console/revenue-report.server";
import type { CsvTable } from "./csv.ts";

// The revenue report's tables as CSV: amounts in minor units of the row's own currency.

const share = (part: number, whole: number) => (whole ? part / whole : null);

export const revenueTables: Record<string, (report: RevenueReport) => CsvTable> = {
  "revenue-totals.csv": (report) => ({
    header: ["currency", "charges", "gross_minor", "refunds", "refunded_minor", "net_minor"],
    rows: report.totals.map((row) => [row.currency, row.charges, row.gross, row.refundCount, row.refunds, row.net]),
  }),
  "revenue-daily.csv": (report) => ({
    header: ["day", "currency", "gross_minor", "refunded_minor", "net_minor", "first_payments", "renewals", "upsells"],
    rows: report.daily.map((row) => [
      row.day,
      row.currency,
      row.gross,
      row.refunds,
      row.net,
      row.firstPayments,
      row.renewals,
      row.upsells,
    ]),
  }),
  "revenue-purposes.csv": (report) => ({
    header: ["currency", "purpose", "charges", "gross_minor", "refunds", "refunded_minor"],
    rows: report.byPurpose.map((row) => [
      row.currency,
      row.purpose,
      row.charges,
      row.gross,
      row.refundCount,
      row.refunds,
    ]),
  }),
  "renewals.csv": (report) => ({
    header: ["currency", "paid", "failed", "recovered"],
    rows: report.renewals.map((row) => [row.currency, row.paid, row.failed, row.recovered]),
  }),
  "upsells.csv": (report) => ({
    header: ["mode", "variant", "viewers", "bought_packs", "packs_take_rate", "bought_lifetime", "lifetime_take_rate"],
    rows: report.upsells.map((row) => [
      row.mode,
      row.variant,
      row.viewers,
      row.packs,
      share(row.packs, row.viewers),
      row.lifetime,
      share(row.lifetime, row.viewers),
    ]),
  }),
  "cancellations.csv": (report) => ({
    header: ["reason", "subscriptions"],
    rows: report.cancellations.map((row) => [row.reason, row.subscriptions]),
  }),
};
