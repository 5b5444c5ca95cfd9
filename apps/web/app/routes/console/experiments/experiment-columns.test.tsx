import type { ExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { expectTableExport } from "../../../../test/console-table.tsx";
import { toCsv } from "../../../console/csv.ts";
import { TranslatorProvider } from "../../../i18n/translation-context.tsx";
import { ExperimentFilters, PhaseSummary, SampleRatioNote } from "./console-experiments-parts.tsx";
import { experimentTables, groupColumns } from "./experiment-columns.tsx";

const phase = {
  id: "phase-2",
  startedAt: new Date("2026-03-02T10:00:00Z"),
  endedAt: null,
  groups: [
    { name: "A", weight: 1 },
    { name: "B", weight: 1 },
    { name: "C", weight: 0 },
  ],
  control: "B",
  running: true,
};

const results: ExperimentResults = {
  split: "offer-price",
  phases: [{ ...phase, id: "first", startedAt: null, endedAt: phase.startedAt, groups: null, control: "A" }, phase],
  phase,
  control: "B",
  sampleRatio: { state: "too-few", total: 60 },
  segment: { country: "de" },
  segments: { countries: ["de", "us"], locales: ["en"], devices: ["mobile"] },
  groups: [
    {
      group: "A",
      weight: 1,
      exposed: 400,
      purchased: 40,
      conversionRate: 0.1,
      interval: { low: 0.07, high: 0.13 },
      guardrails: { refundRate: 0.05, upsellTake: 0.25, firstRenewal: null },
      revenue: [{ currency: "USD", net: 6000, visitors: 300, perVisitor: 20 }],
      versusControl: {
        enough: true,
        chanceToBeat: 0.9,
        expectedLoss: { choosingVariant: 0.0004, keepingControl: 0.021 },
        difference: { estimate: 0.021, interval: { low: -0.005, high: 0.047 } },
        uplift: { estimate: 0.265, interval: { low: -0.05, high: 0.6 } },
      },
    },
    {
      group: "B",
      weight: 1,
      exposed: 390,
      purchased: 31,
      conversionRate: 0.0795,
      interval: { low: 0.055, high: 0.11 },
      guardrails: { refundRate: 0, upsellTake: 0.1, firstRenewal: 0.5 },
      revenue: [
        { currency: "EUR", net: 1200, visitors: 100, perVisitor: 12 },
        { currency: "USD", net: 4350, visitors: 290, perVisitor: 15 },
      ],
    },
    {
      group: "C",
      weight: 0,
      exposed: 0,
      purchased: 0,
      conversionRate: 0,
      interval: { low: 0.025, high: 0.975 },
      guardrails: { refundRate: null, upsellTake: null, firstRenewal: null },
      revenue: [],
      versusControl: { enough: false },
    },
  ],
  daily: [{ day: "2026-03-02", group: "A", exposed: 100, purchased: 5 }],
};

function render(node: ReactNode, language: "en" | "ar" = "en"): string {
  // Under a route, as on the page: the filters are a form.
  // biome-ignore lint/correctness/noComponentHookFactories: one stub per render; its route shows this node
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return renderToStaticMarkup(
    <TranslatorProvider translator={serverI18n(language)}>
      <Stub />
    </TranslatorProvider>,
  ).replace(/<[^>]+>/g, " ");
}

describe("the experiment's results table and exports", () => {
  it("experiment.csv has the page's columns: the control, guardrails, exact intervals, and money per currency", () => {
    const html = expectTableExport({
      columns: groupColumns,
      rows: results.groups,
      exported: experimentTables["experiment.csv"]?.(results),
      csv:
        "group,is_control,weight,exposed,purchased,conversion_rate,interval_low,interval_high,chance_to_beat_control,expected_loss_choosing_variant,expected_loss_keeping_control,uplift,uplift_low,uplift_high,difference,difference_low,difference_high,refund_rate,upsell_take,first_renewal,revenue_per_visitor_eur_minor,net_revenue_eur_minor,visitors_eur,revenue_per_visitor_usd_minor,net_revenue_usd_minor,visitors_usd\r\n" +
        "A,false,1,400,40,0.1,0.07,0.13,0.9,0.0004,0.021,0.265,-0.05,0.6,0.021,-0.005,0.047,0.05,0.25,,,0,0,20,6000,300\r\n" +
        "B,true,1,390,31,0.0795,0.055,0.11,,,,,,,,,,0,0.1,0.5,12,1200,100,15,4350,290\r\n" +
        "C,false,0,0,0,0,0.025,0.975,,,,,,,,,,,,,,0,0,,0,0\r\n",
    });
    const text = html.replace(/<[^>]+>/g, " ");
    // A difference of rates in points, a relative uplift in percent.
    expect(text).toContain("+2.1 pts");
    expect(text).toContain("-0.5 pts to +4.7 pts");
    expect(text).toContain("+26.5%");
    expect(text).toContain("if you switch: 0.04 pts");
    // The control is marked; too little data is said, not shown as a verdict.
    expect(text).toMatch(/B\s+control/);
    expect(text).toContain("not enough data");
    expect(text).toContain("$0.20 (300 visitors)");
  });

  it("experiment-daily.csv exports the daily chart's numbers", () => {
    const exported = experimentTables["experiment-daily.csv"]?.(results);
    expect(exported && toCsv(exported)).toBe("day,group,exposed,purchased\r\n2026-03-02,A,100,5\r\n");
  });
});

describe("the experiment's phase and sample-ratio check", () => {
  it("names the phase read, its weights and control, and lists every phase to choose from", () => {
    expect(render(<PhaseSummary results={results} />)).toMatch(
      /Phase 2: since .*2026.*A 50% · B 50% · C 0% · control B/,
    );
    const filters = render(<ExperimentFilters results={results} languageName={(code) => code} />);
    expect(filters).toContain("Phase 1: until");
    expect(filters).toContain("weights not recorded · control A");
    expect(filters).toContain("DE");
  });

  it("says when there are too few visitors, when nobody could have landed somewhere, and when weights are unknown", () => {
    expect(render(<SampleRatioNote verdict={{ state: "too-few", total: 60 }} />)).toContain(
      "too few visitors to check (60 so far",
    );
    expect(render(<SampleRatioNote verdict={{ state: "mismatch", test: null, unexpected: ["C"] }} />)).toContain(
      "visitors landed in C, where nobody could be placed in this phase",
    );
    expect(render(<SampleRatioNote verdict={null} />)).toContain("not checked");
    expect(
      render(
        <SampleRatioNote
          verdict={{
            state: "ok",
            test: { statistic: 0.02, degrees: 1, pValue: 0.8875, mismatch: false },
            unexpected: [],
          }}
        />,
        "ar",
      ),
    ).toContain("0.887");
  });
});
