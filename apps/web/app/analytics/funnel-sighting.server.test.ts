import { analyticsVisits, funnelVisitors } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { recordAnalyticsVisit } from "@kinderready/domain/analytics/analytics-ingest.server";
import { funnelSteps } from "@kinderready/domain/analytics/funnel-steps";
import { createRandomToken } from "@kinderready/domain/random-token";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../test/route-context.ts";
import { routeServices } from "../../test/route-services.ts";
import { handleQuizAction, loadQuiz } from "../routes/onboarding/quiz-route.server.ts";
import { handlePurchaseAction, loadPurchase } from "../routes/purchase/purchase-route.server.ts";

// The server records the funnel steps it sees itself, for the request's device, with the visit's
// country, language, flow, campaign and device: a browser that sends no event at all (scripts
// blocked, every batch lost) still shows in the funnel up to its checkout.

const origin = "http://kit.test";
const config = routeTestConfig(origin);
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe.each(testDatabases())("the server's own funnel steps on $name", (target) => {
  const suite = routeServices(target);

  /** A loader or action called as the server calls it, for one device. */
  function requestFor(deviceId: string, path: string, body?: object) {
    const url = new URL(`${origin}${path}`);
    const request = new Request(url, {
      headers: { "user-agent": iphone, ...(body && { "content-type": "application/json" }) },
      ...(body && { method: "POST", body: JSON.stringify(body) }),
    });
    const context = routeTestContext({ config, services: suite.services, clientAddress: "10.9.0.1", deviceId });
    return { request, url, context, params: {} } as never;
  }
  const stepsOf = async (deviceId: string) => {
    const [row] = await suite.database.db.select().from(funnelVisitors).where(eq(funnelVisitors.deviceId, deviceId));
    const reached = funnelSteps.filter((_, index) => row && (row.steps & (1n << BigInt(index))) !== 0n);
    return { row, steps: reached.map((step) => step.id) };
  };

  it("records the quiz's first page with the visit's place, campaign and device, then the email", async () => {
    const deviceId = createRandomToken();
    await loadQuiz(requestFor(deviceId, "/de/quiz1/?utm_source=tiktok&utm_campaign=autumn"));
    const opened = await stepsOf(deviceId);
    expect(opened.steps).toEqual(["visit", "quiz:ty"]);
    expect(opened.row).toMatchObject({
      countryCode: "de",
      locale: "de",
      flow: "copy_1",
      utmSource: "tiktok",
      utmCampaign: "autumn",
      device: "mobile",
      userId: null,
    });
    // The page's analytics message names no country: the visit takes the one the server placed.
    await recordAnalyticsVisit(
      { db: suite.database.db },
      {
        payload: { device_id: deviceId, locale: "de" },
        userAgent: iphone,
        now: new Date(),
      },
    );
    const [visit] = await suite.database.db
      .select()
      .from(analyticsVisits)
      .where(eq(analyticsVisits.deviceId, deviceId));
    expect(visit?.countryCode).toBe("de");
    const token = createRandomToken();
    const lead = {
      kid: { name: "Noa", years: { text: "5 Jahre", value: 5 } },
      email: `sighting-${Date.now()}@example.com`,
      questions: [{ id: "ty", answer: "soon" }],
      isForbiddenToMailing: true,
      user_token: token,
    };
    await handleQuizAction(requestFor(deviceId, "/de/quiz1/", { intent: "submit", search: "", lead })).catch(
      (thrown: unknown) => thrown,
    );
    const submitted = await stepsOf(deviceId);
    expect(submitted.steps).toEqual(["visit", "quiz:ty", "email-page", "email"]);
    expect(submitted.row?.userId).toEqual(expect.any(String));
    const times = submitted.row?.stepTimes ?? [];
    expect(times).toHaveLength(funnelSteps.length);
    expect(times[0]).toBeGreaterThan(Date.parse("2026-01-01") / 1000);
  });

  it("records the purchase page's first step, the offer once shown, and checkout once started", async () => {
    const parent = await insertTestParent(suite.database.db);
    const deviceId = createRandomToken();
    const path = `/purchase/?token=${parent.token}`;
    await loadPurchase(requestFor(deviceId, path));
    expect((await stepsOf(deviceId)).steps).toEqual(["visit", "purchase:time-to-learn"]);
    await handlePurchaseAction(requestFor(deviceId, path, { intent: "offer-shown" }));
    await handlePurchaseAction(requestFor(deviceId, path, { intent: "checkout", agree: "on", immediate_access: "on" }));
    expect((await stepsOf(deviceId)).steps).toEqual(["visit", "purchase:time-to-learn", "offer", "checkout"]);

    // A link straight to the offer passes no purchase page.
    const linked = createRandomToken();
    await loadPurchase(requestFor(linked, `/purchase/?offer&token=${parent.token}`));
    expect((await stepsOf(linked)).steps).toEqual(["visit"]);
  });
});
