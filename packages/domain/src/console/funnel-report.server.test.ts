import { randomUUID } from "node:crypto";
import type { DbHandle } from "@kinderready/db/open-db";
import { funnelVisitors, orders, pricePlans } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import type { AnalyticsEventName } from "../analytics/analytics-events.ts";
import { recordAnalyticsEvents, recordAnalyticsVisit } from "../analytics/analytics-ingest.server.ts";
import { funnelSteps } from "../analytics/funnel-steps.ts";
import { rebuildVisitorFunnel } from "../analytics/visitor-funnel.server.ts";
import { quizPageIds } from "../onboarding/quiz-flow.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { getFunnelReport } from "./funnel-report.server.ts";

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const day = Date.parse("2026-11-10T10:00:00Z");
const range = { from: "2026-11-10", to: "2026-11-10" };

type Step = [AnalyticsEventName, Record<string, string>?, string?];

describe.each(testDatabases())("visitor funnel on $name", (target) => {
  let database: DbHandle;
  let device = 0;

  /** One visitor's session through the ingestion functions the API calls. */
  async function visit(input: {
    steps: Step[];
    at?: number;
    token?: string;
    country?: string;
    utmSource?: string;
    userAgent?: string;
    locale?: "en" | "ru";
  }) {
    device += 1;
    const deviceId = `device-${String(device).padStart(12, "0")}`;
    const at = input.at ?? day;
    await recordAnalyticsVisit(
      { db: database.db },
      {
        payload: {
          device_id: deviceId,
          locale: input.locale ?? "en",
          ...(input.token && { user_token: input.token }),
          ...(input.country && { country_code: input.country }),
          ...(input.utmSource && { utm_source: input.utmSource }),
        },
        userAgent: input.userAgent ?? iphone,
        now: new Date(at),
      },
    );
    await recordAnalyticsEvents(
      { db: database.db },
      {
        batch: {
          device_id: deviceId,
          session_id: at,
          ...(input.token && { user_token: input.token }),
          events: input.steps.map(([name, properties, page], index) => ({
            event_id: randomUUID(),
            name,
            time: at + index * 1000,
            page: page ?? (input.locale === "ru" ? "/ru/onboarding/" : "/onboarding/"),
            ...(properties && { properties }),
          })),
        },
        now: new Date(at),
      },
    );
    return deviceId;
  }

  const countOf = (report: Awaited<ReturnType<typeof getFunnelReport>>, id: string) =>
    report.steps.find((step) => step.id === id)?.visitors;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    const quiz: Step[] = [
      ["page_viewed"],
      ...quizPageIds.filter((id) => id !== "analyzing").map((id): Step => ["quiz_step_viewed", { step: id }]),
    ];
    // Three visitors: one leaves after the first question, one after two, one buys.
    await visit({ steps: quiz.slice(0, 2), country: "us", utmSource: "facebook" });
    await visit({ steps: quiz.slice(0, 3), country: "de", userAgent: desktop, locale: "ru" });
    const buyer = await insertTestParent(database.db);
    await visit({
      steps: [
        ...quiz,
        ["quiz_completed"],
        ["email_submitted"],
        ["offer_viewed", {}, "/offer1/"],
        ["checkout_started", {}, "/offer1/"],
      ],
      token: buyer.token,
      country: "us",
      utmSource: "facebook",
    });
    // The purchase event never arrived (tab closed on the way back): the order says it all.
    const [plan] = await database.db.select().from(pricePlans).orderBy(asc(pricePlans.id)).limit(1);
    await database.db.insert(orders).values({
      orderId: randomUUID(),
      userId: buyer.id,
      purpose: "subscription",
      idempotencyKey: "first",
      pricePlanId: plan?.id as string,
      amount: 199,
      currency: "USD",
      gateway: "simulator",
      status: "approved",
      createdAt: new Date(day + 600_000),
    });
    // Another day: outside the range.
    await visit({ steps: quiz.slice(0, 3), at: day - 86_400_000 });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it("counts each step's visitors, with conversion from the step before and from the start", async () => {
    const report = await getFunnelReport(database, range);
    expect(report.steps.map((step) => step.id)).toEqual(funnelSteps.map((step) => step.id));
    expect(countOf(report, "visit")).toBe(3);
    expect(countOf(report, "quiz:ty")).toBe(3);
    expect(countOf(report, "quiz:i-need")).toBe(2);
    expect(countOf(report, "email")).toBe(1);
    expect(countOf(report, "offer")).toBe(1);
    expect(countOf(report, "purchase")).toBe(1);
    expect(countOf(report, "upsell")).toBe(0);
    const iNeed = report.steps.find((step) => step.id === "quiz:i-need");
    expect(iNeed?.fromPrevious).toBeCloseTo(2 / 3);
    expect(iNeed?.fromStart).toBeCloseTo(2 / 3);
    expect(report.steps[0]?.fromPrevious).toBeNull();
    // Ten minutes from the first event to the payment.
    expect(report.timeToConvert).toEqual({ converters: 1, medianSeconds: 600, p90Seconds: 600 });
    expect(report.daily).toEqual([{ day: "2026-11-10", visitors: 3, purchases: 1 }]);
    expect(report.choices).toEqual({ countries: ["us", "de"], utmSources: ["facebook"], utmCampaigns: [] });
  });

  it("filters by country, campaign, language, flow and device", async () => {
    const count = async (filters: Record<string, string>) =>
      countOf(await getFunnelReport(database, { ...range, ...filters }), "visit");
    expect(await count({ country: "us" })).toBe(2);
    expect(await count({ utmSource: "facebook" })).toBe(2);
    expect(await count({ locale: "ru" })).toBe(1);
    expect(await count({ locale: "en" })).toBe(2);
    expect(await count({ flow: "main" })).toBe(3);
    expect(await count({ device: "desktop" })).toBe(1);
    expect(await count({ device: "mobile" })).toBe(2);
    expect(await count({ country: "us", device: "desktop" })).toBe(0);
  });

  it("rebuilds from stored events and visits to the same rows ingestion keeps", async () => {
    const snapshot = () => database.db.select().from(funnelVisitors).orderBy(asc(funnelVisitors.deviceId));
    const kept = await snapshot();
    await database.db.delete(funnelVisitors);
    await rebuildVisitorFunnel({ db: database.db });
    expect(await snapshot()).toEqual(kept);
    expect(kept).toHaveLength(4);
  });
});
