import type { ExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { numberFormat } from "@kinderready/i18n/intl-locale";
import type { ReactNode } from "react";
import { formatCount, formatMoney, formatShare } from "../../../console/console-format.ts";
import type { CsvTable } from "../../../console/csv.ts";
import type { CellFormat, TableColumns } from "../../../console/data-table.tsx";
import { tableCsv } from "../../../console/data-table.tsx";

// An experiment's results per group, on the page and as CSV (rates and differences as fractions,
// revenue in minor units, one set of fields per currency); its daily chart as CSV. A difference
// of rates is in points ("+2.1 pts"), a relative uplift in percent.

type Group = ExperimentResults["groups"][number];
type Verdict = Extract<NonNullable<Group["versusControl"]>, { enough: true }>;

const verdictOf = (group: Group): Verdict | null => (group.versusControl?.enough ? group.versusControl : null);

/** A difference of two rates in percentage points, signed: 0.021 → "+2.1 pts". */
export function formatPoints({ t, locale }: CellFormat, fraction: number, signed = true): string {
  const value = numberFormat(locale, {
    maximumFractionDigits: Math.abs(fraction) < 0.001 ? 3 : Math.abs(fraction) < 0.01 ? 2 : 1,
    signDisplay: signed ? "exceptZero" : "auto",
  }).format(fraction * 100);
  return t("experiments.points", { value });
}

/** A relative change in percent, signed: 0.125 → "+12.5%". */
function formatRelative(locale: string, fraction: number): string {
  return numberFormat(locale, {
    style: "percent",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(fraction);
}

const between = ({ t }: CellFormat, low: string, high: string) => t("experiments.interval", { low, high });

/** What a comparison column shows: the control's own row is empty, too little data says so. */
function comparisonCell(group: Group, format: CellFormat, show: (verdict: Verdict) => ReactNode) {
  if (!group.versusControl) return "—";
  const verdict = verdictOf(group);
  return verdict ? show(verdict) : <span className="console-note">{format.t("experiments.notEnoughCell")}</span>;
}

export const groupColumns: TableColumns<Group> = [
  {
    header: "experiments.columns.group",
    cell: (group, { t }) => (
      <>
        {group.group}
        {!group.versusControl && (
          <>
            {" "}
            <span className="console-badge">{t("experiments.controlBadge")}</span>
          </>
        )}
      </>
    ),
    csv: [
      { name: "group", value: (group) => group.group },
      { name: "is_control", value: (group) => !group.versusControl },
      { name: "weight", value: (group) => group.weight },
    ],
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
        <small>
          {between(
            format,
            formatShare(format.locale, group.interval.low),
            formatShare(format.locale, group.interval.high),
          )}
        </small>
      </>
    ),
    csv: [
      { name: "conversion_rate", value: (group) => group.conversionRate },
      { name: "interval_low", value: (group) => group.interval.low },
      { name: "interval_high", value: (group) => group.interval.high },
    ],
  },
  {
    header: "experiments.columns.chanceToBeat",
    cell: (group, format) =>
      comparisonCell(group, format, (verdict) => formatShare(format.locale, verdict.chanceToBeat)),
    csv: [{ name: "chance_to_beat_control", value: (group) => verdictOf(group)?.chanceToBeat ?? null }],
  },
  {
    header: "experiments.columns.expectedLoss",
    cell: (group, format) =>
      comparisonCell(group, format, (verdict) => (
        <>
          {format.t("experiments.loss.choose", {
            value: formatPoints(format, verdict.expectedLoss.choosingVariant, false),
          })}
          <br />
          <small>
            {format.t("experiments.loss.keep", {
              value: formatPoints(format, verdict.expectedLoss.keepingControl, false),
            })}
          </small>
        </>
      )),
    csv: [
      {
        name: "expected_loss_choosing_variant",
        value: (group) => verdictOf(group)?.expectedLoss.choosingVariant ?? null,
      },
      {
        name: "expected_loss_keeping_control",
        value: (group) => verdictOf(group)?.expectedLoss.keepingControl ?? null,
      },
    ],
  },
  {
    header: "experiments.columns.uplift",
    cell: (group, format) =>
      comparisonCell(group, format, ({ uplift }) => (
        <>
          {uplift.estimate === null ? "—" : formatRelative(format.locale, uplift.estimate)}
          <br />
          <small>
            {between(
              format,
              formatRelative(format.locale, uplift.interval.low),
              formatRelative(format.locale, uplift.interval.high),
            )}
          </small>
        </>
      )),
    csv: [
      { name: "uplift", value: (group) => verdictOf(group)?.uplift.estimate ?? null },
      { name: "uplift_low", value: (group) => verdictOf(group)?.uplift.interval.low ?? null },
      { name: "uplift_high", value: (group) => verdictOf(group)?.uplift.interval.high ?? null },
    ],
  },
  {
    header: "experiments.columns.difference",
    cell: (group, format) =>
      comparisonCell(group, format, ({ difference }) => (
        <>
          {formatPoints(format, difference.estimate)}
          <br />
          <small>
            {between(
              format,
              formatPoints(format, difference.interval.low),
              formatPoints(format, difference.interval.high),
            )}
          </small>
        </>
      )),
    csv: [
      { name: "difference", value: (group) => verdictOf(group)?.difference.estimate ?? null },
      { name: "difference_low", value: (group) => verdictOf(group)?.difference.interval.low ?? null },
      { name: "difference_high", value: (group) => verdictOf(group)?.difference.interval.high ?? null },
    ],
  },
  {
    header: "experiments.columns.refundRate",
    cell: (group, { locale }) => formatShare(locale, group.guardrails.refundRate),
    csv: [{ name: "refund_rate", value: (group) => group.guardrails.refundRate }],
  },
  {
    header: "experiments.columns.upsellTake",
    cell: (group, { locale }) => formatShare(locale, group.guardrails.upsellTake),
    csv: [{ name: "upsell_take", value: (group) => group.guardrails.upsellTake }],
  },
  {
    header: "experiments.columns.firstRenewal",
    cell: (group, { locale }) => formatShare(locale, group.guardrails.firstRenewal),
    csv: [{ name: "first_renewal", value: (group) => group.guardrails.firstRenewal }],
  },
  {
    header: "experiments.columns.revenuePerVisitor",
    cell: (group, { t, locale }) =>
      group.revenue.length === 0
        ? "—"
        : group.revenue.map((entry, index) => (
            <span key={entry.currency}>
              {index > 0 && <br />}
              {entry.perVisitor === null
                ? `${entry.currency} —`
                : t("experiments.perVisitor", {
                    amount: formatMoney(locale, entry.perVisitor, entry.currency),
                    visitors: formatCount(locale, entry.visitors),
                  })}
            </span>
          )),
    csv: (groups) =>
      [...new Set(groups.flatMap((group) => group.revenue.map((entry) => entry.currency)))]
        .sort()
        .flatMap((currency) => {
          const of = (group: Group) => group.revenue.find((entry) => entry.currency === currency);
          const code = currency.toLowerCase();
          return [
            { name: `revenue_per_visitor_${code}_minor`, value: (group: Group) => of(group)?.perVisitor ?? null },
            { name: `net_revenue_${code}_minor`, value: (group: Group) => of(group)?.net ?? 0 },
            { name: `visitors_${code}`, value: (group: Group) => of(group)?.visitors ?? 0 },
          ];
        }),
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
