import type { RetentionReport } from "@kinderready/domain/console/retention-report.server";
import { describe, expect, it } from "vitest";
import { expectTableExport } from "../../../../test/console-table.tsx";
import type { TableColumns } from "../../../console/data-table.tsx";
import {
  cancellationColumns,
  experimentGroupColumns,
  offerColumns,
  pauseColumns,
  pauseRows,
  reasonColumns,
  retentionTables,
} from "./retention-columns.tsx";

// The retention page's tables and their CSV exports come from one list of columns.

const report: RetentionReport = {
  byReason: [
    { reason: "not_using_now", passes: 4, saved: 3, cancelled: 1 },
    { reason: "unable_to_get_content", passes: 1, saved: 0, cancelled: 0 },
  ],
  byOffer: [{ offer: "pause", currency: "EUR", shown: 4, saved: 3, cancelled: 1, kept: 8_997 }],
  byExperimentGroup: [
    { group: "lifetime", offer: "lifetime", passes: 5, saved: 1, cancelled: 4 },
    { group: "pause", offer: "pause", passes: 4, saved: 2, cancelled: 2 },
  ],
  pauses: { scheduled: 3, calledOff: 1, began: 2, resumed: 1, cancelledWhilePaused: 0 },
  cancellations: [{ channel: "cancel-page", outcome: "scheduled", requests: 2 }],
};

const exports: [string, TableColumns<never>, readonly unknown[], string][] = [
  [
    "retention-reasons.csv",
    reasonColumns as TableColumns<never>,
    report.byReason,
    "reason,passes,saved,cancelled,save_rate\r\nnot_using_now,4,3,1,0.75\r\nunable_to_get_content,1,0,0,\r\n",
  ],
  [
    "retention-offers.csv",
    offerColumns as TableColumns<never>,
    report.byOffer,
    "offer,currency,shown,saved,cancelled,save_rate,kept_minor\r\npause,EUR,4,3,1,0.75,8997\r\n",
  ],
  [
    "retention-experiment.csv",
    experimentGroupColumns as TableColumns<never>,
    report.byExperimentGroup,
    "group,offer,passes,saved,cancelled,save_rate\r\nlifetime,lifetime,5,1,4,0.2\r\npause,pause,4,2,2,0.5\r\n",
  ],
  [
    "retention-pauses.csv",
    pauseColumns as TableColumns<never>,
    pauseRows(report.pauses),
    "step,count\r\nscheduled,3\r\ncalledOff,1\r\nbegan,2\r\nresumed,1\r\ncancelledWhilePaused,0\r\n",
  ],
  [
    "retention-cancellations.csv",
    cancellationColumns as TableColumns<never>,
    report.cancellations,
    "channel,outcome,requests\r\ncancel-page,scheduled,2\r\n",
  ],
];

describe("the retention tables and their CSV exports", () => {
  it.each(exports)("%s exports the page table's columns", (name, columns, rows, csv) => {
    expectTableExport({ columns, rows: rows as never[], exported: retentionTables[name]?.(report), csv });
  });

  it("has a test for every retention export", () => {
    expect(Object.keys(retentionTables).sort()).toEqual(exports.map(([name]) => name).sort());
  });
});
