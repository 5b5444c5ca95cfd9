import type { ExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { describe, expect, it } from "vitest";
import { expectTableExport } from "../../test/console-table.tsx";
import { toCsv } from "./csv.ts";
import { experimentTables, groupColumns } from "./experiment-columns.tsx";

const results: ExperimentResults = {
  split: "offer-price",
  sampleRatio: null,
  groups: [
    {
      group: "A",
      exposed: 100,
      purchased: 5,
      conversionRate: 0.05,
      interval: { low: 0.02, high: 0.1 },
      revenuePerVisitor: { USD: 75 },
      versusControl: undefined,
    },
    {
      group: "B",
      exposed: 90,
      purchased: 9,
      conversionRate: 0.1,
      interval: { low: 0.05, high: 0.17 },
      revenuePerVisitor: { EUR: 12, USD: 150 },
      versusControl: { chanceToBeat: 0.9, difference: { low: -0.02, high: 0.12 } },
    },
  ],
  daily: [{ day: "2026-03-01", group: "A", exposed: 100, purchased: 5 }],
};

describe("the experiment's exports", () => {
  it("experiment.csv exports the results table's columns, one revenue field per currency, as it always did", () => {
    expectTableExport({
      columns: groupColumns,
      rows: results.groups,
      exported: experimentTables["experiment.csv"]?.(results),
      csv:
        "group,exposed,purchased,conversion_rate,interval_low,interval_high,revenue_per_visitor_eur_minor,revenue_per_visitor_usd_minor,chance_to_beat_a,difference_low,difference_high\r\n" +
        "A,100,5,0.05,0.02,0.1,0,75,,,\r\n" +
        "B,90,9,0.1,0.05,0.17,12,150,0.9,-0.02,0.12\r\n",
    });
  });

  it("experiment-daily.csv exports the daily chart's numbers", () => {
    const exported = experimentTables["experiment-daily.csv"]?.(results);
    expect(exported && toCsv(exported)).toBe("day,group,exposed,purchased\r\n2026-03-01,A,100,5\r\n");
  });
});
