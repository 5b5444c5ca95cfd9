import type { CohortValue, SubscriptionCohort } from "@kinderready/domain/console/subscription-cohorts.server";
import type { SubscriptionMetrics } from "@kinderready/domain/console/subscription-metrics.server";
import type { ChurnSummary, SubscriptionDay } from "@kinderready/domain/console/subscription-series";
import { formatCount, formatMoney, formatShare } from "../../../console/console-format.ts";
import type { CsvTable } from "../../../console/csv.ts";
import { type CsvField, type PageColumn, type TableColumns, tableCsv } from "../../../console/data-table.tsx";
import { TableScroll } from "../../../console/table-scroll.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";

// The revenue page's subscription tables (subscribers by day, churn, the cohort triangle and
// lifetime value), on the page and as CSV from the same columns: money in the row's currency,
// minor units in the CSV.

/**
 * An ISO week and its Monday, kept left to right in a right-to-left page and unbroken at their
 * hyphens (non-breaking ones): a narrow column wrapped "2026-W40" into "-2026 / W40" in Arabic.
 */
function WeekOf({ row }: { row: { week: string; weekStart: string } }) {
  const unbroken = (text: string) => text.replaceAll("-", "\u2011");
  return (
    <bdi>
      {unbroken(row.week)} ({unbroken(row.weekStart)})
    </bdi>
  );
}

const count = <Row,>(header: PageColumn<Row>["header"], name: string, pick: (row: Row) => number): PageColumn<Row> => ({
  header,
  cell: (row, { locale }) => formatCount(locale, pick(row)),
  csv: [{ name, value: pick }],
});

const rate = <Row,>(
  header: PageColumn<Row>["header"],
  name: string,
  pick: (row: Row) => number | null,
): PageColumn<Row> => ({
  header,
  cell: (row, { locale }) => formatShare(locale, pick(row)),
  csv: [{ name, value: pick }],
});

function currencyColumn<Row extends { currency: string }>(): PageColumn<Row> {
  return {
    header: "revenue.columns.currency",
    cell: (row) => row.currency,
    csv: [{ name: "currency", value: (row) => row.currency }],
  };
}

export const subscriptionDayColumns: TableColumns<SubscriptionDay> = [
  { header: "revenue.columns.day", cell: (row) => row.day, csv: [{ name: "day", value: (row) => row.day }] },
  currencyColumn(),
  count("revenue.columns.active", "active", (row) => row.active),
  count("revenue.columns.inTrial", "in_trial", (row) => row.inTrial),
  count("revenue.columns.lifetimeAccess", "lifetime", (row) => row.lifetime),
  {
    header: "revenue.columns.mrr",
    cell: (row, { locale }) => formatMoney(locale, row.mrr, row.currency),
    csv: [{ name: "mrr_minor", value: (row) => row.mrr }],
  },
  count("revenue.columns.newPaid", "new_paid", (row) => row.newPaid),
  count("revenue.columns.churned", "churned", (row) => row.churned),
  count("revenue.columns.newTrials", "new_trials", (row) => row.newTrials),
];

export const churnColumns: TableColumns<ChurnSummary> = [
  currencyColumn(),
  count("revenue.columns.activeAtStart", "active_at_start", (row) => row.activeAtStart),
  count("revenue.columns.newPaid", "new_paid", (row) => row.newPaid),
  count("revenue.columns.churned", "churned", (row) => row.churned),
  rate("revenue.columns.churnRate", "churn_rate", (row) => row.rate),
];

/**
 * The triangle's fixed columns; each renewal's reached, paid and rate follow in the CSV, as
 * many as the oldest cohort has reached.
 */
export const cohortColumns: TableColumns<SubscriptionCohort> = [
  {
    header: "revenue.columns.week",
    cell: (row) => <WeekOf row={row} />,
    csv: [
      { name: "week", value: (row) => row.week },
      { name: "week_start", value: (row) => row.weekStart },
    ],
  },
  count("revenue.columns.parents", "parents", (row) => row.parents),
  count("revenue.columns.trialsEnded", "trials_ended", (row) => row.trialsEnded),
  rate("revenue.columns.trialToPaid", "trial_to_paid", (row) => row.trialToPaid),
  rate("revenue.columns.refundRate", "refund_rate", (row) => row.refundRate),
  {
    page: false,
    csv: (rows) =>
      Array.from({ length: rows[0]?.retention.length ?? 0 }, (_, index): CsvField<SubscriptionCohort>[] => [
        { name: `renewal_${index + 1}_reached`, value: (row) => row.retention[index]?.reached },
        { name: `renewal_${index + 1}_paid`, value: (row) => row.retention[index]?.paid },
        { name: `renewal_${index + 1}_rate`, value: (row) => row.retention[index]?.rate },
      ]).flat(),
  },
];

export const cohortValueColumns: TableColumns<CohortValue> = [
  {
    header: "revenue.columns.week",
    cell: (row) => <WeekOf row={row} />,
    csv: [
      { name: "week", value: (row) => row.week },
      { name: "week_start", value: (row) => row.weekStart },
    ],
  },
  currencyColumn(),
  count("revenue.columns.parents", "parents", (row) => row.parents),
  {
    header: "revenue.columns.net",
    cell: (row, { locale }) => formatMoney(locale, row.net, row.currency),
    csv: [{ name: "net_minor", value: (row) => row.net }],
  },
  {
    header: "revenue.columns.ltv",
    cell: (row, { locale }) => formatMoney(locale, row.ltv, row.currency),
    csv: [{ name: "ltv_minor", value: (row) => row.ltv }],
  },
];

/**
 * The cohort triangle: the fixed columns, then one per renewal with the share of the parents
 * old enough to have reached it who paid it (and the counts); empty where none has reached it.
 */
export function CohortTriangle({
  labelledBy,
  cohorts,
}: {
  labelledBy: string;
  cohorts: readonly SubscriptionCohort[];
}) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const locale = i18n.language;
  const fixed = cohortColumns.filter((column): column is PageColumn<SubscriptionCohort> => column.page !== false);
  const renewals = cohorts[0]?.retention.length ?? 0;
  return (
    <TableScroll labelledBy={labelledBy}>
      <table className="console-table">
        <thead>
          <tr>
            {fixed.map((column) => (
              <th key={column.header} scope="col">
                {t(column.header)}
              </th>
            ))}
            {Array.from({ length: renewals }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the renewal's number is its identity
              <th key={index} scope="col">
                {t("revenue.columns.renewal", { number: index + 1 })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cohorts.map((cohort) => (
            <tr key={cohort.week}>
              {fixed.map((column, index) =>
                index === 0 ? (
                  <th key={column.header} scope="row">
                    {column.cell(cohort, { t, ifKnown, locale })}
                  </th>
                ) : (
                  <td key={column.header}>{column.cell(cohort, { t, ifKnown, locale })}</td>
                ),
              )}
              {cohort.retention.map((renewal, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the renewal's number is its identity
                <td key={index}>
                  {renewal.reached
                    ? `${formatShare(locale, renewal.rate)} (${formatCount(locale, renewal.paid)}/${formatCount(locale, renewal.reached)})`
                    : ""}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** What the subscription exports read: the page's figures for the same days. */
export type SubscriptionExport = {
  metrics: SubscriptionMetrics;
  cohorts: readonly SubscriptionCohort[];
  values: readonly CohortValue[];
};

/** Each subscription export: the same columns as the page's table. */
export const subscriptionTables: Record<string, (data: SubscriptionExport) => CsvTable> = {
  "subscribers-daily.csv": (data) => tableCsv(subscriptionDayColumns, data.metrics.daily),
  "churn.csv": (data) => tableCsv(churnColumns, data.metrics.churn),
  "cohorts.csv": (data) => tableCsv(cohortColumns, data.cohorts),
  "cohort-values.csv": (data) => tableCsv(cohortValueColumns, data.values),
};
