import type { ExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import type { CellFormat, TableColumns } from "../components/console/data-table.tsx";
import { tableCsv } from "../components/console/data-table.tsx";
import { formatCount, formatMoney, formatShare } from "./console-format.ts";
import type { CsvTable } from "./csv.ts";

// An experiment's results per group, on the page and as CSV (shares as fractions, revenue per
// visitor in minor units, one field per currency); its daily chart as CSV.

type Group = ExperimentResults["groups"][number];

const interval = ({ t, locale }: CellFormat, range: { low: number; high: number }) =>
  t("experiments.interval", { low: formatShare(locale, range.low), high: formatShare(locale, range.high) });

export const groupColumns: TableColumns<Group> = [
  {
    header: "experiments.columns.group",
    cell: (group) => group.group,
    csv: [{ name: "group", value: (group) => group.group }],
  },
  {
    header: "experiments.columns.exposed",
    cell: (group, { locale }) => formatCount(locale, group.exposed),
    csv: [{ name: "exposed", value: (group) => group.exposed }],
  },
  {
    header: "experiments.columns.purchased",
    cell: (group, { locale }) => formatCount(locale, group.purchased),
    csv: [{ name: "purchased", value: (group) => group.purchased }],
  },
  {
    header: "experiments.columns.conversion",
    cell: (group, format) => (
      <>
        {formatShare(format.locale, group.conversionRate)}
        <br />
        <small>{interval(format, group.interval)}</small>
      </>
    ),
    csv: [
      { name: "conversion_rate", value: (group) => group.conversionRate },
      { name: "interval_low", value: (group) => group.interval.low },
      { name: "interval_high", value: (group) => group.interval.high },
    ],
  },
  {
    header: "experiments.columns.revenuePerVisitor",
    cell: (group, { locale }) =>
      Object.entries(group.revenuePerVisitor)
        .map(([currency, minor]) => formatMoney(locale, minor, currency))
        .join(" · ") || "—",
    csv: (groups) =>
      [...new Set(groups.flatMap((group) => Object.keys(group.revenuePerVisitor)))].sort().map((currency) => ({
        name: `revenue_per_visitor_${currency.toLowerCase()}_minor`,
        value: (group: Group) => group.revenuePerVisitor[currency] ?? 0,
      })),
  },
  {
    header: "experiments.columns.chanceToBeat",
    cell: (group, { locale }) => (group.versusControl ? formatShare(locale, group.versusControl.chanceToBeat) : "—"),
    csv: [{ name: "chance_to_beat_a", value: (group) => group.versusControl?.chanceToBeat ?? null }],
  },
  {
    header: "experiments.columns.difference",
    cell: (group, format) => (group.versusControl ? interval(format, group.versusControl.difference) : "—"),
    csv: [
      { name: "difference_low", value: (group) => group.versusControl?.difference.low ?? null },
      { name: "difference_high", value: (group) => group.versusControl?.difference.high ?? null },
    ],
  },
];

/** Each experiment export: the results table as the page shows it, and the daily chart's numbers. */
export const experimentTables: Record<string, (results: ExperimentResults) => CsvTable> = {
  "experiment.csv": (results) => tableCsv(groupColumns, results.groups),
  "experiment-daily.csv": (results) => ({
    header: ["day", "group", "exposed", "purchased"],
    rows: results.daily.map((row) => [row.day, row.group, row.exposed, row.purchased]),
  }),
};
