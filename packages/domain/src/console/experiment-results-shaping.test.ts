import { describe, expect, it } from "vitest";
import type { SplitPhase } from "../experiments/split-phases.server.ts";
import {
  type ExperimentRows,
  type GroupTotalsRow,
  groupNames,
  revenueOf,
  sampleRatioOf,
  shapeExperimentResults,
  versusControl,
} from "./experiment-results-shaping.ts";
import { checkPhaseSampleRatio, compareWithControl } from "./experiment-statistics.ts";

// An experiment's results from hand-written rows, as the queries would return them: no database.

const phase: SplitPhase = {
  id: "first",
  startedAt: new Date("2026-10-01T00:00:00Z"),
  endedAt: null,
  groups: [
    { name: "B", weight: 50 },
    { name: "A", weight: 50 },
    { name: "C", weight: 0 },
  ],
  control: "A",
  running: true,
};

const totals = (group: string, exposed: number, purchased: number, more: Partial<GroupTotalsRow> = {}) => ({
  group,
  exposed,
  purchased,
  refunded: 0,
  upsold: 0,
  trialEnded: 0,
  renewed: 0,
  ...more,
});

describe("groupNames", () => {
  it("lists the phase's groups in its order, then any other group someone landed in, by name", () => {
    const rows = [totals("Z", 1, 0), totals("A", 5, 1), totals("X", 2, 0)];
    expect(groupNames(phase, rows)).toEqual(["B", "A", "C", "X", "Z"]);
    expect(groupNames({ ...phase, groups: null }, rows)).toEqual(["A", "X", "Z"]);
  });
});

describe("sampleRatioOf", () => {
  const counts = [
    { group: "A", exposed: 60, settled: 59 },
    { group: "B", exposed: 50, settled: 50 },
    { group: "C", exposed: 2, settled: 1 },
    { group: "D", exposed: 3, settled: 0 },
  ];

  it("has no check without the phase's weights", () => {
    expect(sampleRatioOf({ ...phase, groups: null }, counts)).toBeNull();
  });

  it("counts a weighted group's exposures, and only the settled ones where no one could be placed", () => {
    expect(sampleRatioOf(phase, counts)).toEqual(
      checkPhaseSampleRatio(
        [
          { group: "B", weight: 50, observed: 50 },
          { group: "A", weight: 50, observed: 60 },
          { group: "C", weight: 0, observed: 1 },
          { group: "D", weight: 0, observed: 0 },
        ],
        true,
      ),
    );
    expect(sampleRatioOf(phase, counts)).toMatchObject({ state: "mismatch", unexpected: ["C"] });
  });

  it("counts only settled exposures once the split is stopped, and none for a group with no row", () => {
    const stopped = { ...phase, running: false };
    expect(sampleRatioOf(stopped, counts.slice(0, 1))).toEqual(
      checkPhaseSampleRatio(
        [
          { group: "B", weight: 50, observed: 0 },
          { group: "A", weight: 50, observed: 59 },
          { group: "C", weight: 0, observed: 0 },
        ],
        false,
      ),
    );
  });
});

describe("revenueOf", () => {
  it("divides each currency's net by the group's parents offered it, by country (none: the default)", () => {
    const byCountry = [
      { group: "A", country: "us", exposed: 10 },
      { group: "A", country: "de", exposed: 5 },
      { group: "A", country: "fr", exposed: 4 },
      { group: "A", country: null, exposed: 2 },
      { group: "B", country: "gb", exposed: 7 },
    ];
    const money = [
      { group: "A", currency: "USD", net: 1_000 },
      { group: "A", currency: "GBP", net: 500 },
      { group: "B", currency: "GBP", net: 700 },
    ];
    expect(revenueOf("A", byCountry, money)).toEqual([
      { currency: "EUR", net: 0, visitors: 9, perVisitor: 0 },
      // Paid in a currency no one was offered (a parent who moved): no amount per visitor.
      { currency: "GBP", net: 500, visitors: 0, perVisitor: null },
      { currency: "USD", net: 1_000, visitors: 12, perVisitor: 83 },
    ]);
    expect(revenueOf("B", byCountry, money)).toEqual([{ currency: "GBP", net: 700, visitors: 7, perVisitor: 100 }]);
    expect(revenueOf("C", byCountry, money)).toEqual([]);
  });
});

describe("versusControl", () => {
  it("compares a variant with the control once there is enough data, and not the control with itself", () => {
    const rows = [totals("A", 200, 20), totals("B", 200, 30), totals("C", 50, 5)];
    expect(versusControl(rows, "A", "A")).toBeUndefined();
    expect(versusControl(rows, "C", "A")).toEqual({ enough: false });
    expect(versusControl(rows, "B", "A")).toEqual({
      enough: true,
      ...compareWithControl({ visitors: 200, conversions: 20 }, { visitors: 200, conversions: 30 }),
    });
    // A group no one landed in counts as none exposed.
    expect(versusControl(rows, "D", "A")).toEqual({ enough: false });
  });
});

describe("shapeExperimentResults", () => {
  const rows: ExperimentRows = {
    phaseCounts: [
      { group: "A", exposed: 4, settled: 4 },
      { group: "B", exposed: 2, settled: 2 },
    ],
    totals: [
      totals("A", 4, 2, { refunded: 1, upsold: 1, trialEnded: 2, renewed: 1 }),
      totals("B", 2, 0),
      totals("X", 1, 1),
    ],
    byCountry: [
      { group: "A", country: "us", exposed: 4 },
      { group: "B", country: "us", exposed: 2 },
      { group: "X", country: "us", exposed: 1 },
    ],
    money: [{ group: "A", currency: "USD", net: 3_000 }],
    daily: [{ day: "2026-10-02", group: "A", exposed: 4, purchased: 2 }],
    options: {
      countries: [{ value: "us" }, { value: "de" }],
      locales: [{ value: "ru" }, { value: "en" }],
      devices: [],
    },
  };
  const segment = { country: "us" };
  const results = shapeExperimentResults({ split: "intro", phases: [phase], phase, segment }, rows);

  it("answers with the phase read, its control, the segment and the filters' sorted values", () => {
    expect(results).toMatchObject({
      split: "intro",
      phases: [phase],
      phase,
      control: "A",
      segment,
      segments: { countries: ["de", "us"], locales: ["en", "ru"], devices: [] },
      daily: rows.daily,
    });
    // Too few exposures for the chi-square.
    expect(results.sampleRatio).toEqual({ state: "too-few", total: 6 });
  });

  it("reads each group's conversion, guardrails and revenue, and each variant against the control", () => {
    expect(results.groups.map((group) => group.group)).toEqual(["B", "A", "C", "X"]);
    const [b, a, c, x] = results.groups;
    expect(a).toMatchObject({
      weight: 50,
      exposed: 4,
      purchased: 2,
      conversionRate: 0.5,
      guardrails: { refundRate: 0.5, upsellTake: 0.5, firstRenewal: 0.5 },
      revenue: [{ currency: "USD", net: 3_000, visitors: 4, perVisitor: 750 }],
    });
    expect(a).not.toHaveProperty("versusControl");
    expect(b).toMatchObject({
      conversionRate: 0,
      guardrails: { refundRate: null, upsellTake: null, firstRenewal: null },
      versusControl: { enough: false },
    });
    // Configured, no one exposed: every figure at zero.
    expect(c).toMatchObject({ weight: 0, exposed: 0, purchased: 0, conversionRate: 0, revenue: [] });
    // Landed in a group the phase did not configure: no weight.
    expect(x).toMatchObject({ weight: null, exposed: 1, purchased: 1, conversionRate: 1 });
    expect(a?.interval.low).toBeLessThan(0.5);
    expect(a?.interval.high).toBeGreaterThan(0.5);
  });
});
