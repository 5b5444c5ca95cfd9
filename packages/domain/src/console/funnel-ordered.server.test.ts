import { randomUUID } from "node:crypto";
import type { DbHandle } from "@kinderready/db/open-db";
import { funnelVisitors, orders, pricePlans } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import { recordAnalyticsEvents } from "../analytics/analytics-ingest.server.ts";
import { funnelSteps, stepIndex } from "../analytics/funnel-steps.ts";
import { recordServerSteps } from "../analytics/visitor-funnel.server.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { type FunnelReport, getFunnelReport } from "./funnel-report.server.ts";
import type { FunnelWindow } from "./report-filters.ts";

// The funnel read in order: a visitor counts at a step once they reached it and every required
// step before it, within the conversion window; skippable steps are counted but required of no one.

const day = Date.parse("2026-11-10T10:00:00Z");
const hour = 3_600_000;
const range = { from: "2026-11-10", to: "2026-11-10" };
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const quizSteps = funnelSteps.filter((step) => step.id.startsWith("quiz:")).map((step) => step.id);

describe.each(testDatabases())("ordered funnel on $name", (target) => {
  let database: DbHandle;
  let device = 0;
  const buyers: { id: string; deviceId: string }[] = [];

  /** One visitor, every step seen by the server at `at` plus the offsets given (in ms). */
  async function visitor(input: {
    steps: (string | [string, number])[];
    at?: number;
    country?: string;
    userId?: string;
    page?: string;
  }) {
    device += 1;
    const deviceId = `ordered-${String(device).padStart(12, "0")}`;
    const at = input.at ?? day;
    for (const entry of input.steps) {
      const [step, offset] = typeof entry === "string" ? [entry, 0] : entry;
      await recordServerSteps(
        { db: database.db },
        {
          deviceId,
          userId: input.userId ?? null,
          at: new Date(at + offset),
          page: input.page ?? "/onboarding/",
          countryCode: input.country ?? "us",
          utmSource: null,
          utmCampaign: null,
          userAgent: iphone,
          steps: [step],
        },
      );
    }
    return deviceId;
  }

  async function pay(userId: string, purpose: string, at: number) {
    const [plan] = await database.db.select().from(pricePlans).orderBy(asc(pricePlans.id)).limit(1);
    await database.db.insert(orders).values({
      orderId: randomUUID(),
      userId,
      purpose,
      idempotencyKey: `${purpose}:${at}`,
      pricePlanId: plan?.id as string,
      amount: 199,
      currency: "USD",
      gateway: "simulator",
      status: purpose === "subscription" ? "refunded" : "approved",
      createdAt: new Date(at),
    });
  }

  const countOf = (report: FunnelReport, id: string) => report.steps.find((step) => step.id === id)?.visitors;
  const throughQuiz = ["visit", ...quizSteps, "email-page", "email"];

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    // A: the whole quiz, then straight to the offer by a link (no purchase pages), and buys
    // (refunded since: a purchase all the same) and an upsell; opens the printables.
    const a = await insertTestParent(database.db);
    const aDevice = await visitor({
      steps: [...throughQuiz, "offer", "checkout", ["printables", hour]],
      userId: a.id,
      country: "de",
    });
    await pay(a.id, "subscription", day + 10 * 60_000);
    await pay(a.id, "upsale", day + 20 * 60_000);
    buyers.push({ id: a.id, deviceId: aDevice });
    // B: the server never saw it open the quiz (its first question), yet later questions arrived:
    // B stops at the first.
    await visitor({ steps: ["visit", quizSteps[1] as string, quizSteps[2] as string] });
    // C: the quiz and the email, and the offer only 20 days later: outside a 14-day window.
    await visitor({ steps: [...throughQuiz, ["offer", 20 * 24 * hour]] });
    // D: the first question only, a week before the range (the period compared with).
    await visitor({ steps: ["visit", quizSteps[0] as string], at: day - 7 * 24 * hour, country: "fr" });
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it("counts a step only after every required step before it, never more than the step before", async () => {
    const report = await getFunnelReport(database, range);
    expect(countOf(report, "visit")).toBe(3);
    expect(countOf(report, quizSteps[0] as string)).toBe(2);
    // B reached the second and third questions, but not the first: not counted there.
    expect(countOf(report, quizSteps[1] as string)).toBe(2);
    expect(countOf(report, "email")).toBe(2);
    // Purchase pages are skippable: A went to the offer by a link and still counts after them.
    expect(countOf(report, "purchase:time-to-learn")).toBe(0);
    expect(countOf(report, "offer")).toBe(1);
    expect(countOf(report, "purchase")).toBe(1);
    expect(countOf(report, "upsell")).toBe(1);
    expect(countOf(report, "printables")).toBe(1);
    for (const [index, step] of report.steps.entries()) {
      if (step.optional || index === 0) continue;
      expect(step.fromPrevious ?? 0).toBeLessThanOrEqual(1);
    }
    const offer = report.steps.find((step) => step.id === "offer");
    // From the previous required step (the email), past the skippable purchase pages.
    expect(offer?.fromPrevious).toBeCloseTo(1 / 2);
  });

  it("applies the conversion window from the visitor's first step", async () => {
    expect(countOf(await getFunnelReport(database, { ...range, window: 14 }), "offer")).toBe(1);
    expect(countOf(await getFunnelReport(database, { ...range, window: 30 }), "offer")).toBe(2);
    // A bought ten minutes in, and opened the printables an hour in: inside a one-day window.
    expect(countOf(await getFunnelReport(database, { ...range, window: 1 }), "printables")).toBe(1);
  });

  it("dates a step recorded without its time (rows kept before times were) at the last sighting", async () => {
    const first = quizSteps[0] as string;
    // A day of its own, away from the other visitors' range and the period before it.
    const seen = Date.parse("2026-06-01T10:00:00Z");
    await database.db.insert(funnelVisitors).values({
      deviceId: "ordered-untimed",
      firstSeenAt: new Date(seen),
      lastSeenAt: new Date(seen + 10 * 24 * hour),
      steps: (1n << BigInt(stepIndex("visit"))) | (1n << BigInt(stepIndex(first))),
    });
    const within = (window: FunnelWindow) =>
      getFunnelReport(database, { from: "2026-06-01", to: "2026-06-01", window });
    expect(countOf(await within(7), first)).toBe(0);
    expect(countOf(await within(14), first)).toBe(1);
  });

  it("compares with the period of the same length just before", async () => {
    const week = await getFunnelReport(database, { from: "2026-11-04", to: "2026-11-10" });
    // D, first seen on 3 November, is in the week before.
    expect(week.previousPeriod).toEqual({ from: "2026-10-28", to: "2026-11-03" });
    expect(countOf(week, "visit")).toBe(3);
    expect(week.steps.find((step) => step.id === "visit")?.previous).toEqual({ visitors: 1, fromStart: 1 });
    const first = week.steps.find((step) => step.id === quizSteps[0]);
    expect(first?.previous).toEqual({ visitors: 1, fromStart: 1 });
    expect(first?.fromStart).toBeCloseTo(2 / 3);
    expect(week.steps.find((step) => step.id === "email")?.previous).toEqual({ visitors: 0, fromStart: 0 });
  });

  it("shows only the key steps when asked, with the same counts", async () => {
    const all = await getFunnelReport(database, range);
    const key = await getFunnelReport(database, { ...range, steps: "key" });
    expect(key.steps.map((step) => step.id)).toEqual(funnelSteps.filter((step) => step.key).map((step) => step.id));
    // A shorter chain requires less: B now counts at the first question it did reach later on.
    expect(countOf(key, "purchase")).toBe(countOf(all, "purchase"));
    expect(countOf(key, "email")).toBe(countOf(all, "email"));
  });

  it("breaks the funnel down by the visitor's first country", async () => {
    const report = await getFunnelReport(database, { ...range, steps: "key", breakdown: "country" });
    const purchase = report.breakdown?.steps.indexOf("purchase") ?? -1;
    expect(report.breakdown?.dimension).toBe("country");
    expect(report.breakdown?.rows.map((row) => [row.value, row.counts[0], row.counts[purchase]])).toEqual([
      ["us", 2, 0],
      ["de", 1, 1],
    ]);
  });

  it("lists who dropped at a step: reached the one before, not this one", async () => {
    const report = await getFunnelReport(database, { ...range, dropped: "offer" });
    expect(report.dropped?.total).toBe(1);
    expect(report.dropped?.visitors.map((visitor) => visitor.countryCode)).toEqual(["us"]);
    const atFirst = await getFunnelReport(database, { ...range, dropped: quizSteps[0] });
    expect(atFirst.dropped?.total).toBe(1);
    // The first step has no step before it.
    expect((await getFunnelReport(database, { ...range, dropped: "visit" })).dropped).toBeNull();
    const buyer = buyers[0];
    const upsell = await getFunnelReport(database, { ...range, dropped: "upsell" });
    expect(upsell.dropped?.visitors.map((visitor) => visitor.deviceId)).not.toContain(buyer?.deviceId);
  });

  it("passes a question whose event was lost once a later one arrived, never a step the server records", async () => {
    const later = Date.parse("2026-11-12T10:00:00Z");
    const days = { from: "2026-11-12", to: "2026-11-12" };
    // E's event for the second question was lost; the third arrived.
    await visitor({ steps: ["visit", quizSteps[0] as string, quizSteps[2] as string], at: later });
    // F never loaded the quiz (the server saw no first question), yet reports later questions.
    await visitor({ steps: ["visit", quizSteps[1] as string, quizSteps[2] as string], at: later });
    const report = await getFunnelReport(database, days);
    expect(countOf(report, "visit")).toBe(2);
    expect(countOf(report, quizSteps[0] as string)).toBe(1);
    expect(countOf(report, quizSteps[1] as string)).toBe(1);
    expect(countOf(report, quizSteps[2] as string)).toBe(1);
    expect(countOf(report, quizSteps[3] as string)).toBe(0);
  });

  it("takes the server's steps and the browser's events for the same visitor as one", async () => {
    const deviceId = await visitor({ steps: ["visit", quizSteps[0] as string] });
    await recordAnalyticsEvents(
      { db: database.db },
      {
        batch: {
          device_id: deviceId,
          session_id: day,
          events: [
            { event_id: randomUUID(), name: "quiz_step_viewed", time: day - 5000, properties: { step: "ty" } },
            { event_id: randomUUID(), name: "quiz_step_viewed", time: day + 5000, properties: { step: "i-need" } },
          ],
        },
        now: new Date(day),
      },
    );
    const report = await getFunnelReport(database, range);
    expect(countOf(report, "visit")).toBe(4);
    expect(countOf(report, quizSteps[1] as string)).toBe(3);
  });
});
