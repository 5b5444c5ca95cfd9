import type { FunnelReport } from "@kinderready/domain/console/funnel-report.server";
import type { TableColumns } from "../components/console/data-table.tsx";
import { tableCsv } from "../components/console/data-table.tsx";
import { formatCount, formatShare } from "./console-format.ts";
import type { CsvTable } from "./csv.ts";
import { stepName } from "./step-name.ts";

// The funnel's steps, on the page and as CSV (shares as fractions); its daily chart as CSV.

type Step = FunnelReport["steps"][number];

const dropOff = (step: Step) => (step.fromPrevious === null ? null : 1 - step.fromPrevious);

/** A bar the width of a share; an SVG attribute, as the page's policy allows no inline styles. */
function ShareBar({ share }: { share: number }) {
  return (
    <svg className="console-bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
      <rect width={Math.max(0.5, share * 100)} height="8" />
    </svg>
  );
}

export const stepColumns: TableColumns<Step> = [
  {
    header: "funnel.columns.step",
    cell: (step, format) => stepName(format, step.id),
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
];

/** Each funnel export: the steps' table as the page shows it, and the daily chart's numbers. */
export const funnelTables: Record<string, (report: FunnelReport) => CsvTable> = {
  "funnel.csv": (report) => tableCsv(stepColumns, report.steps),
  "funnel-daily.csv": (report) => ({
    header: ["day", "visitors", "purchases"],
    rows: report.daily.map((row) => [row.day, row.visitors, row.purchases]),
  }),
};
