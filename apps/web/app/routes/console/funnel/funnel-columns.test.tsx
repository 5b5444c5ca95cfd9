import type { FunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { describe, expect, it } from "vitest";
import { expectTableExport } from "../../../../test/console-table.tsx";
import { toCsv } from "../../../console/csv.ts";
import { funnelTables, stepColumns } from "./funnel-columns.tsx";

const earlier = { visitors: 4, fromStart: 0.5 };
const report: FunnelReport = {
  windowDays: 14,
  steps: [
    { id: "landing", optional: false, visitors: 8, fromPrevious: null, fromStart: 1, previous: earlier },
    { id: "quiz:age", optional: false, visitors: 6, fromPrevious: 0.75, fromStart: 0.75, previous: earlier },
    { id: "purchase", optional: false, visitors: 0, fromPrevious: 0, fromStart: 0, previous: earlier },
  ],
  previousPeriod: { from: "2026-02-27", to: "2026-02-28" },
  timeToConvert: { converters: 0, medianSeconds: null, p90Seconds: null },
  daily: [{ day: "2026-03-01", visitors: 8, purchases: 1 }],
  choices: { countries: [], utmSources: [], utmCampaigns: [] },
  breakdown: null,
  dropped: null,
};

describe("the funnel's exports", () => {
  it("funnel.csv exports the steps table's columns: the ones it always had first, then the period before", () => {
    expectTableExport({
      columns: stepColumns,
      rows: report.steps,
      exported: funnelTables["funnel.csv"]?.(report),
      csv:
        "step,visitors,from_previous,drop_off,from_start,previous_visitors,previous_from_start,from_start_change,skippable\r\n" +
        "landing,8,,,1,4,0.5,0.5,false\r\nquiz:age,6,0.75,0.25,0.75,4,0.5,0.25,false\r\npurchase,0,0,1,0,4,0.5,-0.5,false\r\n",
    });
  });

  it("funnel-daily.csv exports the daily chart's numbers", () => {
    const exported = funnelTables["funnel-daily.csv"]?.(report);
    expect(exported && toCsv(exported)).toBe("day,visitors,purchases\r\n2026-03-01,8,1\r\n");
  });
});
