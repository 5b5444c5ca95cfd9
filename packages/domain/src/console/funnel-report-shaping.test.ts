import { describe, expect, it } from "vitest";
import { funnelSteps } from "../analytics/funnel-steps.ts";
import {
  chainOf,
  type DroppedVisitorRow,
  droppedAtStep,
  type FunnelChainStep,
  type FunnelChoiceRow,
  type FunnelDayRow,
  type FunnelRows,
  filterChoices,
  funnelStepRows,
  percentile,
  planFunnel,
  type StepCounts,
  shapeFunnelReport,
} from "./funnel-report-shaping.ts";

// The funnel's figures from hand-written rows, as the queries would return them: no database.

const keyChain = chainOf("key");
const position = (id: string) => keyChain.findIndex((step) => step.id === id);
/** The key chain's steps, by id, with the visitors at each: the rows' `s<index>` columns. */
const columns = (counts: readonly number[]): StepCounts =>
  Object.fromEntries(keyChain.map((step, at) => [`s${step.index}`, counts[at] ?? 0]));

const day = (
  period: "current" | "previous",
  date: string,
  counts: number[],
  rest: { purchases?: number; convertSeconds?: (number | string)[] | null } = {},
): FunnelDayRow => ({
  period,
  day: date,
  visitors: counts[0] ?? 0,
  purchases: rest.purchases ?? 0,
  convertSeconds: rest.convertSeconds ?? null,
  ...columns(counts),
});

const dropper = (deviceId: string, lastSeenAt: string): DroppedVisitorRow => ({
  deviceId,
  userId: null,
  email: null,
  countryCode: "us",
  locale: "en",
  device: "mobile",
  firstSeenAt: new Date("2026-11-10T08:00:00Z"),
  lastSeenAt: new Date(lastSeenAt),
});

describe("the funnel's chain and plan", () => {
  it("keeps every step or the key ones, counting the required steps before each (optional ones are not)", () => {
    expect(chainOf("all")).toHaveLength(funnelSteps.length);
    expect(keyChain.map((step) => [step.id, step.requiredBefore])).toEqual([
      ["visit", 0],
      ["quiz:ty", 1],
      ["email-page", 2],
      ["email", 3],
      ["offer", 4],
      ["checkout", 5],
      ["purchase", 6],
      ["upsell-offer", 7],
      ["upsell", 7],
      ["printables", 7],
    ]);
    expect(keyChain.map((step) => step.index)).toEqual(
      keyChain.map((step) => funnelSteps.findIndex((candidate) => candidate.id === step.id)),
    );
  });

  it("reads 14 days and every step by default, against as many days just before the range", () => {
    const plan = planFunnel({ from: "2026-11-10", to: "2026-11-12" });
    expect(plan.windowDays).toBe(14);
    expect(plan.chain).toHaveLength(funnelSteps.length);
    expect(plan.start).toEqual(new Date("2026-11-10T00:00:00Z"));
    expect(plan.end).toEqual(new Date("2026-11-13T00:00:00Z"));
    expect(plan.previous).toEqual({
      start: new Date("2026-11-07T00:00:00Z"),
      days: { from: "2026-11-07", to: "2026-11-09" },
    });
    expect(plan.breakdown).toBeUndefined();
    expect(plan.droppedStep).toBeUndefined();
  });

  it("lists drop-offs at any step but the first, which has no step before it", () => {
    const days = { from: "2026-11-10", to: "2026-11-10" };
    expect(planFunnel({ ...days, dropped: "visit" }).droppedStep).toBeUndefined();
    const upsell = planFunnel({ ...days, window: 7, steps: "key", breakdown: "device", dropped: "upsell" });
    expect(upsell).toMatchObject({ windowDays: 7, breakdown: "device", droppedStep: { id: "upsell", optional: true } });
    expect(upsell.chain).toEqual(keyChain);
    // A step the short funnel leaves out is not listed.
    const notKey = funnelSteps.find((step) => !step.key)?.id;
    expect(planFunnel({ ...days, steps: "key", dropped: notKey }).droppedStep).toBeUndefined();
    expect(planFunnel({ ...days, dropped: notKey }).droppedStep?.id).toBe(notKey);
  });
});

describe("percentile", () => {
  it("interpolates between the two nearest values, as percentile_cont does, in whole units", () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([42], 0.9)).toBe(42);
    expect(percentile([100, 200, 300], 0.5)).toBe(200);
    expect(percentile([100, 200, 300], 0.9)).toBe(280);
    expect(percentile([1, 2], 0.5)).toBe(2);
  });
});

describe("funnelStepRows", () => {
  it("gives no rate from the step before when no one reached it, and none from the start without visitors", () => {
    const chain = keyChain.slice(0, 3);
    expect(funnelStepRows(chain, [10, 0, 0], [0, 0, 0])).toEqual([
      {
        id: "visit",
        optional: false,
        visitors: 10,
        fromPrevious: null,
        fromStart: 1,
        previous: { visitors: 0, fromStart: 0 },
      },
      {
        id: "quiz:ty",
        optional: false,
        visitors: 0,
        fromPrevious: 0,
        fromStart: 0,
        previous: { visitors: 0, fromStart: 0 },
      },
      {
        id: "email-page",
        optional: false,
        visitors: 0,
        fromPrevious: null,
        fromStart: 0,
        previous: { visitors: 0, fromStart: 0 },
      },
    ]);
    expect(funnelStepRows(chain, [0, 0, 0], [4, 2, 1]).map((row) => [row.fromStart, row.previous])).toEqual([
      [0, { visitors: 4, fromStart: 1 }],
      [0, { visitors: 2, fromStart: 0.5 }],
      [0, { visitors: 1, fromStart: 0.25 }],
    ]);
  });
});

describe("shapeFunnelReport", () => {
  const rows: FunnelRows = {
    byDay: [
      day("current", "2026-11-11", [60, 40, 30, 20, 10, 8, 3, 2, 1, 3], { purchases: 3, convertSeconds: [300, 100] }),
      day("previous", "2026-11-08", [50, 25]),
      // A driver may hand the integers of an array as strings.
      day("current", "2026-11-10", [40, 20, 10, 10, 5, 4, 2, 0, 0, 2], { purchases: 2, convertSeconds: ["200"] }),
    ],
    choiceRows: [
      { country: "us", utmSource: null, utmCampaign: null, set: 0b011, visitors: 50 },
      { country: "fr", utmSource: null, utmCampaign: null, set: 0b011, visitors: 30 },
      { country: null, utmSource: null, utmCampaign: null, set: 0b011, visitors: 20 },
      { country: "de", utmSource: null, utmCampaign: null, set: 0b011, visitors: 30 },
      { country: null, utmSource: "fb", utmCampaign: null, set: 0b101, visitors: 10 },
      { country: null, utmSource: null, utmCampaign: null, set: 0b101, visitors: 90 },
      { country: null, utmSource: null, utmCampaign: null, set: 0b110, visitors: 100 },
    ],
    breakdownRows: [
      { value: "us", ...columns([70, 40, 30, 20, 10, 9, 4, 2, 1, 4]) },
      // A value whose visitors reached no step after the first has no other column.
      { value: null, s0: 30 },
    ],
    droppedRows: [dropper("device-2", "2026-11-11T09:00:00Z"), dropper("device-1", "2026-11-10T09:00:00Z")],
  };
  const plan = planFunnel({
    from: "2026-11-10",
    to: "2026-11-11",
    steps: "key",
    breakdown: "country",
    dropped: "checkout",
  });
  const report = shapeFunnelReport(plan, rows);

  it("adds up each period's days at every step, with the rates from the step before and from the start", () => {
    expect(report.windowDays).toBe(14);
    expect(report.previousPeriod).toEqual({ from: "2026-11-08", to: "2026-11-09" });
    expect(
      report.steps.map((step) => [step.id, step.optional, step.visitors, step.fromPrevious, step.fromStart]),
    ).toEqual([
      ["visit", false, 100, null, 1],
      ["quiz:ty", false, 60, 0.6, 0.6],
      ["email-page", false, 40, 40 / 60, 0.4],
      ["email", false, 30, 0.75, 0.3],
      ["offer", false, 15, 0.5, 0.15],
      ["checkout", false, 12, 0.8, 0.12],
      ["purchase", false, 5, 5 / 12, 0.05],
      // An optional step is read from the required step before it, and the step after it too.
      ["upsell-offer", true, 2, 0.4, 0.02],
      ["upsell", true, 1, 0.2, 0.01],
      ["printables", false, 5, 1, 0.05],
    ]);
    expect(report.steps.slice(0, 3).map((step) => step.previous)).toEqual([
      { visitors: 50, fromStart: 1 },
      { visitors: 25, fromStart: 0.5 },
      { visitors: 0, fromStart: 0 },
    ]);
  });

  it("reads the buyers' times to convert in the range only, and its days in order", () => {
    expect(report.timeToConvert).toEqual({ converters: 3, medianSeconds: 200, p90Seconds: 280 });
    expect(report.daily).toEqual([
      { day: "2026-11-10", visitors: 40, purchases: 2 },
      { day: "2026-11-11", visitors: 60, purchases: 3 },
    ]);
  });

  it("offers each filter's known values, most visitors first and ties by value", () => {
    expect(report.choices).toEqual({ countries: ["us", "de", "fr"], utmSources: ["fb"], utmCampaigns: [] });
  });

  it("breaks every step shown down by value, a missing count being none", () => {
    expect(report.breakdown).toEqual({
      dimension: "country",
      steps: keyChain.map((step) => step.id),
      rows: [
        { value: "us", counts: [70, 40, 30, 20, 10, 9, 4, 2, 1, 4] },
        { value: null, counts: [30, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      ],
    });
  });

  it("counts who reached the required step before and not this one, and lists the latest with their times", () => {
    expect(report.dropped).toEqual({
      step: "checkout",
      total: 15 - 12,
      visitors: [
        expect.objectContaining({
          deviceId: "device-2",
          firstSeenAt: "2026-11-10T08:00:00.000Z",
          lastSeenAt: "2026-11-11T09:00:00.000Z",
        }),
        expect.objectContaining({ deviceId: "device-1", lastSeenAt: "2026-11-10T09:00:00.000Z" }),
      ],
    });
    const counts = report.steps.map((step) => step.visitors);
    const upsellOffer = keyChain[position("upsell-offer")] as FunnelChainStep;
    // An optional step's drop-offs: the buyers who did not see the upsell.
    expect(droppedAtStep(keyChain, upsellOffer, counts, [], []).total).toBe(5 - 2);
  });

  it("drops from every visitor at an optional step before any required one", () => {
    const leading: FunnelChainStep = { id: "landing", event: null, optional: true, index: 0, requiredBefore: 0 };
    const inRange = [day("current", "2026-11-10", [7]), day("current", "2026-11-11", [3])];
    expect(droppedAtStep([leading], leading, [4], inRange, [])).toEqual({ step: "landing", total: 6, visitors: [] });
  });

  it("has no breakdown or drop-offs when none was asked, nor any figure without rows", () => {
    const empty = shapeFunnelReport(planFunnel({ from: "2026-11-10", to: "2026-11-10", steps: "key" }), {
      byDay: [],
      choiceRows: [],
      breakdownRows: null,
      droppedRows: null,
    });
    expect(empty).toMatchObject({
      timeToConvert: { converters: 0, medianSeconds: null, p90Seconds: null },
      daily: [],
      choices: { countries: [], utmSources: [], utmCampaigns: [] },
      breakdown: null,
      dropped: null,
    });
    expect(empty.steps.every((step) => step.visitors === 0 && step.fromPrevious === null)).toBe(true);
  });
});

describe("filterChoices", () => {
  it("offers at most 50 values of each", () => {
    const rows: FunnelChoiceRow[] = Array.from({ length: 60 }, (_, at) => ({
      country: `c${String(at).padStart(2, "0")}`,
      utmSource: null,
      utmCampaign: null,
      set: 0b011,
      visitors: 1,
    }));
    const { countries } = filterChoices(rows);
    expect(countries).toHaveLength(50);
    expect(countries.at(-1)).toBe("c49");
  });
});
