import type { RevenueReport } from "@kinderready/domain/console/revenue-report.server";
import { formatCount, formatMoney, formatShare } from "../../../console/console-format.ts";
import type { CsvTable } from "../../../console/csv.ts";
import type { TableColumns } from "../../../console/data-table.tsx";
import { tableCsv } from "../../../console/data-table.tsx";

// The revenue report's tables, on the page and as CSV: amounts in the row's own currency (minor
// units in the CSV), never summed across currencies.

type Totals = RevenueReport["totals"][number];
type Daily = RevenueReport["daily"][number];
type Purpose = RevenueReport["byPurpose"][number];
type Renewals = RevenueReport["renewals"][number];
type Upsells = RevenueReport["upsells"][number];
type Cancellations = RevenueReport["cancellations"][number];

const share = (part: number, whole: number) => (whole ? part / whole : null);

type ChargeSums = { currency: string; charges: number; gross: number; refundCount: number; refunds: number };

function currencyColumn<Row extends { currency: string }>(): TableColumns<Row>[number] {
  return {
    header: "revenue.columns.currency",
    cell: (row) => row.currency,
    csv: [{ name: "currency", value: (row) => row.currency }],
  };
}

/** Charges, gross, refunds and refunded: the same four columns wherever charges are summed. */
function chargeColumns<Row extends ChargeSums>(): TableColumns<Row> {
  return [
    {
      header: "revenue.columns.charges",
      cell: (row, { locale }) => formatCount(locale, row.charges),
      csv: [{ name: "charges", value: (row) => row.charges }],
    },
    {
      header: "revenue.columns.gross",
      cell: (row, { locale }) => formatMoney(locale, row.gross, row.currency),
      csv: [{ name: "gross_minor", value: (row) => row.gross }],
    },
    {
      header: "revenue.columns.refunds",
      cell: (row, { locale }) => formatCount(locale, row.refundCount),
      csv: [{ name: "refunds", value: (row) => row.refundCount }],
    },
    {
      header: "revenue.columns.refunded",
      cell: (row, { locale }) => formatMoney(locale, row.refunds, row.currency),
      csv: [{ name: "refunded_minor", value: (row) => row.refunds }],
    },
  ];
}

export const totalsColumns: TableColumns<Totals> = [
  currencyColumn(),
  ...chargeColumns(),
  {
    header: "revenue.columns.net",
    cell: (row, { locale }) => formatMoney(locale, row.net, row.currency),
    csv: [{ name: "net_minor", value: (row) => row.net }],
  },
];

export const renewalsColumns: TableColumns<Renewals> = [
  {
    header: "revenue.columns.currency",
    cell: (row) => row.currency,
    csv: [{ name: "currency", value: (row) => row.currency }],
  },
  {
    header: "revenue.columns.renewed",
    cell: (row, { locale }) => formatCount(locale, row.paid),
    csv: [{ name: "paid", value: (row) => row.paid }],
  },
  {
    header: "revenue.columns.failed",
    cell: (row, { locale }) => formatCount(locale, row.failed),
    csv: [{ name: "failed", value: (row) => row.failed }],
  },
  {
    header: "revenue.columns.recovered",
    cell: (row, { locale }) => formatCount(locale, row.recovered),
    csv: [{ name: "recovered", value: (row) => row.recovered }],
  },
];

export const dailyColumns: TableColumns<Daily> = [
  { header: "revenue.columns.day", cell: (row) => row.day, csv: [{ name: "day", value: (row) => row.day }] },
  {
    header: "revenue.columns.currency",
    cell: (row) => row.currency,
    csv: [{ name: "currency", value: (row) => row.currency }],
  },
  {
    header: "revenue.columns.gross",
    cell: (row, { locale }) => formatMoney(locale, row.gross, row.currency),
    csv: [{ name: "gross_minor", value: (row) => row.gross }],
  },
  {
    header: "revenue.columns.refunded",
    cell: (row, { locale }) => formatMoney(locale, row.refunds, row.currency),
    csv: [{ name: "refunded_minor", value: (row) => row.refunds }],
  },
  {
    header: "revenue.columns.net",
    cell: (row, { locale }) => formatMoney(locale, row.net, row.currency),
    csv: [{ name: "net_minor", value: (row) => row.net }],
  },
  {
    header: "revenue.columns.firstPayments",
    cell: (row, { locale }) => formatCount(locale, row.firstPayments),
    csv: [{ name: "first_payments", value: (row) => row.firstPayments }],
  },
  {
    header: "revenue.columns.renewalCharges",
    cell: (row, { locale }) => formatCount(locale, row.renewals),
    csv: [{ name: "renewals", value: (row) => row.renewals }],
  },
  {
    header: "revenue.columns.upsells",
    cell: (row, { locale }) => formatCount(locale, row.upsells),
    csv: [{ name: "upsells", value: (row) => row.upsells }],
  },
];

export const purposeColumns: TableColumns<Purpose> = [
  currencyColumn(),
  {
    header: "revenue.columns.purpose",
    rowHeader: true,
    cell: (row, { ifKnown }) => ifKnown(`revenue.purposes.${row.purpose}`) ?? row.purpose,
    csv: [{ name: "purpose", value: (row) => row.purpose }],
  },
  ...chargeColumns(),
];

export const upsellColumns: TableColumns<Upsells> = [
  {
    header: "revenue.columns.mode",
    cell: (row, { ifKnown }) => ifKnown(`revenue.modes.${row.mode}`) ?? row.mode,
    csv: [{ name: "mode", value: (row) => row.mode }],
  },
  {
    header: "revenue.columns.variant",
    cell: (row, { ifKnown }) => ifKnown(`revenue.variants.${row.variant}`) ?? row.variant,
    csv: [{ name: "variant", value: (row) => row.variant }],
  },
  {
    header: "revenue.columns.viewers",
    cell: (row, { locale }) => formatCount(locale, row.viewers),
    csv: [{ name: "viewers", value: (row) => row.viewers }],
  },
  {
    header: "revenue.columns.packs",
    cell: (row, { locale }) => formatCount(locale, row.packs),
    csv: [{ name: "bought_packs", value: (row) => row.packs }],
  },
  {
    header: "revenue.columns.packsRate",
    cell: (row, { locale }) => formatShare(locale, share(row.packs, row.viewers)),
    csv: [{ name: "packs_take_rate", value: (row) => share(row.packs, row.viewers) }],
  },
  {
    header: "revenue.columns.lifetime",
    cell: (row, { locale }) => formatCount(locale, row.lifetime),
    csv: [{ name: "bought_lifetime", value: (row) => row.lifetime }],
  },
  {
    header: "revenue.columns.lifetimeRate",
    cell: (row, { locale }) => formatShare(locale, share(row.lifetime, row.viewers)),
    csv: [{ name: "lifetime_take_rate", value: (row) => share(row.lifetime, row.viewers) }],
  },
];

export const cancellationColumns: TableColumns<Cancellations> = [
  {
    header: "revenue.columns.reason",
    cell: (row, { ifKnown }) => ifKnown(`revenue.reasons.${row.reason}`) ?? row.reason,
    csv: [{ name: "reason", value: (row) => row.reason }],
  },
  {
    header: "revenue.columns.subscriptions",
    cell: (row, { locale }) => formatCount(locale, row.subscriptions),
    csv: [{ name: "subscriptions", value: (row) => row.subscriptions }],
  },
];

/** Each revenue export: the same columns as the page's table. */
export const revenueTables: Record<string, (report: RevenueReport) => CsvTable> = {
  "revenue-totals.csv": (report) => tableCsv(totalsColumns, report.totals),
  "revenue-daily.csv": (report) => tableCsv(dailyColumns, report.daily),
  "revenue-purposes.csv": (report) => tableCsv(purposeColumns, report.byPurpose),
  "renewals.csv": (report) => tableCsv(renewalsColumns, report.renewals),
  "upsells.csv": (report) => tableCsv(upsellColumns, report.upsells),
  "cancellations.csv": (report) => tableCsv(cancellationColumns, report.cancellations),
};
