import type { FunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { numberFormat } from "@kinderready/i18n/intl-locale";
import { formatCount, formatMoment, formatShare } from "../../../console/console-format.ts";
import type { CsvTable } from "../../../console/csv.ts";
import type { CellFormat, TableColumns } from "../../../console/data-table.tsx";
import { tableCsv } from "../../../console/data-table.tsx";
import { stepName } from "./step-name.ts";

// The funnel's tables, on the page and as CSV (shares as fractions): the steps with the period
// before, the breakdown and who dropped at a step; and its daily chart as CSV.

type Step = FunnelReport["steps"][number];
type Dropped = NonNullable<FunnelReport["dropped"]>["visitors"][number];

const dropOff = (step: Step) => (step.fromPrevious === null ? null : 1 - step.fromPrevious);
/** The change in the share of all visitors reaching the step, in points (0.05 is 5 points). */
const change = (step: Step) => step.fromStart - step.previous.fromStart;

/** A bar the width of a share; an SVG attribute, as the page's policy allows no inline styles. */
function ShareBar({ share }: { share: number }) {
  return (
    <svg className="console-bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
      <rect width={Math.max(0.5, share * 100)} height="8" />
    </svg>
  );
}

/** A change in percentage points, signed, in the operator's language. */
function formatPoints({ t, locale }: CellFormat, value: number): string {
  const points = numberFormat(locale, {
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(value * 100);
  return t("funnel.points", { value: points });
}

export const stepColumns: TableColumns<Step> = [
  {
    header: "funnel.columns.step",
    cell: (step, format) => (
      <>
        {stepName(format, step.id)}
        {step.optional && <span className="console-tag">{format.t("funnel.steps.skippable")}</span>}
      </>
    ),
    csv: [{ name: "step", value: (step) => step.id }],
  },
  {
    header: "funnel.columns.visitors",
    cell: (step, { locale }) => formatCount(locale, step.visitors),
    csv: [{ name: "visitors", value: (step) => step.visitors }],
  },
  {
    header: "funnel.columns.fromPrevious",
    cell: (step, { locale }) => formatShare(locale, step.fromPrevious),
    csv: [{ name: "from_previous", value: (step) => step.fromPrevious }],
  },
  {
    header: "funnel.columns.dropOff",
    cell: (step, { locale }) => formatShare(locale, dropOff(step)),
    csv: [{ name: "drop_off", value: dropOff }],
  },
  {
    header: "funnel.columns.fromStart",
    cell: (step, { locale }) => (
      <>
        <ShareBar share={step.fromStart} />
        {formatShare(locale, step.fromStart)}
      </>
    ),
    csv: [{ name: "from_start", value: (step) => step.fromStart }],
  },
  {
    header: "funnel.columns.previous",
    cell: (step, { locale }) => (
      <span className="console-nowrap">
        {formatCount(locale, step.previous.visitors)} · {formatShare(locale, step.previous.fromStart)}
      </span>
    ),
    csv: [
      { name: "previous_visitors", value: (step) => step.previous.visitors },
      { name: "previous_from_start", value: (step) => step.previous.fromStart },
    ],
  },
  {
    header: "funnel.columns.change",
    cell: (step, format) => formatPoints(format, change(step)),
    csv: [{ name: "from_start_change", value: change }],
  },
  // Added after the columns the export always had, so spreadsheets reading them still do.
  { page: false, csv: [{ name: "skippable", value: (step) => step.optional }] },
];

/** The list of who dropped at a step: each visitor, by email where they left one. */
export const droppedColumns: TableColumns<Dropped> = [
  {
    header: "funnel.dropped.visitor",
    cell: (visitor, { t }) =>
      visitor.userId ? (
        <a href={`/admin/customers/${visitor.userId}`}>{visitor.email ?? visitor.userId}</a>
      ) : (
        t("funnel.dropped.anonymous", { id: visitor.deviceId.slice(0, 8) })
      ),
    csv: [
      { name: "device_id", value: (visitor) => visitor.deviceId },
      { name: "user_id", value: (visitor) => visitor.userId },
      { name: "email", value: (visitor) => visitor.email },
    ],
  },
  {
    header: "funnel.dropped.country",
    cell: (visitor) => visitor.countryCode?.toUpperCase() ?? "—",
    csv: [{ name: "country", value: (visitor) => visitor.countryCode }],
  },
  {
    header: "funnel.dropped.locale",
    cell: (visitor) => visitor.locale ?? "—",
    csv: [{ name: "locale", value: (visitor) => visitor.locale }],
  },
  {
    header: "funnel.dropped.device",
    cell: (visitor, { ifKnown }) =>
      visitor.device ? (ifKnown(`filters.devices.${visitor.device}`) ?? visitor.device) : "—",
    csv: [{ name: "device", value: (visitor) => visitor.device }],
  },
  {
    header: "funnel.dropped.firstSeen",
    cell: (visitor, { locale }) => formatMoment(locale, visitor.firstSeenAt, "short"),
    csv: [{ name: "first_seen_at", value: (visitor) => visitor.firstSeenAt }],
  },
  {
    header: "funnel.dropped.lastSeen",
    cell: (visitor, { locale }) => formatMoment(locale, visitor.lastSeenAt, "short"),
    csv: [{ name: "last_seen_at", value: (visitor) => visitor.lastSeenAt }],
  },
];

/** Each funnel export: the tables as the page shows them, and the daily chart's numbers. */
export const funnelTables: Record<string, (report: FunnelReport) => CsvTable> = {
  "funnel.csv": (report) => tableCsv(stepColumns, report.steps),
  "funnel-daily.csv": (report) => ({
    header: ["day", "visitors", "purchases"],
    rows: report.daily.map((row) => [row.day, row.visitors, row.purchases]),
  }),
  "funnel-breakdown.csv": (report) => ({
    header: [report.breakdown?.dimension ?? "value", ...(report.breakdown?.steps ?? [])],
    rows: (report.breakdown?.rows ?? []).map((row) => [row.value, ...row.counts]),
  }),
  "funnel-dropped.csv": (report) => tableCsv(droppedColumns, report.dropped?.visitors ?? []),
};
