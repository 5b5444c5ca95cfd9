import type { RetentionReport } from "@kinderready/domain/console/retention-report.server";
import { formatCount, formatMoney, formatShare } from "../../../console/console-format.ts";
import type { CsvTable } from "../../../console/csv.ts";
import type { TableColumns } from "../../../console/data-table.tsx";
import { tableCsv } from "../../../console/data-table.tsx";

// The retention report's tables, on the page and as CSV. A save rate is saved over decided
// (saved or cancelled): a pass the parent walked away from is neither.

type Reason = RetentionReport["byReason"][number];
type Offer = RetentionReport["byOffer"][number];
type ExperimentGroup = RetentionReport["byExperimentGroup"][number];
type Pauses = RetentionReport["pauses"];
type Cancellations = RetentionReport["cancellations"][number];

const saveRate = (row: { saved: number; cancelled: number }) =>
  row.saved + row.cancelled ? row.saved / (row.saved + row.cancelled) : null;

function outcomeColumns<Row extends { saved: number; cancelled: number }>(): TableColumns<Row> {
  return [
    {
      header: "retention.columns.saved",
      cell: (row, { locale }) => formatCount(locale, row.saved),
      csv: [{ name: "saved", value: (row) => row.saved }],
    },
    {
      header: "retention.columns.cancelled",
      cell: (row, { locale }) => formatCount(locale, row.cancelled),
      csv: [{ name: "cancelled", value: (row) => row.cancelled }],
    },
    {
      header: "retention.columns.saveRate",
      cell: (row, { locale }) => formatShare(locale, saveRate(row)),
      csv: [{ name: "save_rate", value: (row) => saveRate(row) }],
    },
  ];
}

export const reasonColumns: TableColumns<Reason> = [
  {
    header: "retention.columns.reason",
    cell: (row, { ifKnown }) => ifKnown(`revenue.reasons.${row.reason}`) ?? row.reason,
    csv: [{ name: "reason", value: (row) => row.reason }],
  },
  {
    header: "retention.columns.passes",
    cell: (row, { locale }) => formatCount(locale, row.passes),
    csv: [{ name: "passes", value: (row) => row.passes }],
  },
  ...outcomeColumns<Reason>(),
];

export const offerColumns: TableColumns<Offer> = [
  {
    header: "retention.columns.offer",
    cell: (row, { ifKnown }) => ifKnown(`retention.offers.${row.offer}`) ?? row.offer,
    csv: [{ name: "offer", value: (row) => row.offer }],
  },
  {
    header: "retention.columns.currency",
    cell: (row) => row.currency,
    csv: [{ name: "currency", value: (row) => row.currency }],
  },
  {
    header: "retention.columns.shown",
    cell: (row, { locale }) => formatCount(locale, row.shown),
    csv: [{ name: "shown", value: (row) => row.shown }],
  },
  ...outcomeColumns<Offer>(),
  {
    header: "retention.columns.kept",
    cell: (row, { locale }) => formatMoney(locale, row.kept, row.currency),
    csv: [{ name: "kept_minor", value: (row) => row.kept }],
  },
];

export const experimentGroupColumns: TableColumns<ExperimentGroup> = [
  {
    header: "retention.columns.group",
    cell: (row, { ifKnown }) => ifKnown(`retention.offers.${row.group}`) ?? row.group,
    csv: [{ name: "group", value: (row) => row.group }],
  },
  {
    header: "retention.columns.offer",
    cell: (row, { ifKnown }) => ifKnown(`retention.offers.${row.offer}`) ?? row.offer,
    csv: [{ name: "offer", value: (row) => row.offer }],
  },
  {
    header: "retention.columns.passes",
    cell: (row, { locale }) => formatCount(locale, row.passes),
    csv: [{ name: "passes", value: (row) => row.passes }],
  },
  ...outcomeColumns<ExperimentGroup>(),
];

const pauseSteps = ["scheduled", "calledOff", "began", "resumed", "cancelledWhilePaused"] as const;
type PauseStep = { step: (typeof pauseSteps)[number]; count: number };

export const pauseRows = (pauses: Pauses): PauseStep[] => pauseSteps.map((step) => ({ step, count: pauses[step] }));

export const pauseColumns: TableColumns<PauseStep> = [
  {
    header: "retention.columns.step",
    cell: (row, { t }) => t(`retention.pauseSteps.${row.step}`),
    csv: [{ name: "step", value: (row) => row.step }],
  },
  {
    header: "retention.columns.count",
    cell: (row, { locale }) => formatCount(locale, row.count),
    csv: [{ name: "count", value: (row) => row.count }],
  },
];

export const cancellationColumns: TableColumns<Cancellations> = [
  {
    header: "retention.columns.channel",
    cell: (row, { ifKnown }) => ifKnown(`retention.channels.${row.channel}`) ?? row.channel,
    csv: [{ name: "channel", value: (row) => row.channel }],
  },
  {
    header: "retention.columns.outcome",
    cell: (row, { ifKnown }) => ifKnown(`retention.outcomes.${row.outcome}`) ?? row.outcome,
    csv: [{ name: "outcome", value: (row) => row.outcome }],
  },
  {
    header: "retention.columns.requests",
    cell: (row, { locale }) => formatCount(locale, row.requests),
    csv: [{ name: "requests", value: (row) => row.requests }],
  },
];

/** The retention exports by file name. */
export const retentionTables: Record<string, (report: RetentionReport) => CsvTable> = {
  "retention-reasons.csv": (report) => tableCsv(reasonColumns, report.byReason),
  "retention-offers.csv": (report) => tableCsv(offerColumns, report.byOffer),
  "retention-experiment.csv": (report) => tableCsv(experimentGroupColumns, report.byExperimentGroup),
  "retention-pauses.csv": (report) => tableCsv(pauseColumns, pauseRows(report.pauses)),
  "retention-cancellations.csv": (report) => tableCsv(cancellationColumns, report.cancellations),
};
