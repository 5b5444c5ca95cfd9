import { randomUUID } from "node:crypto";
import type { DbHandle } from "@kinderready/db/open-db";
import { analyticsEvents, analyticsVisits } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, testServices } from "../../test/test-api.ts";

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

describe.each(testDatabases())("analytics ingestion on $name", (target) => {
  let app: FastifyInstance;
  let database: DbHandle;
  let user: { id: string; token: string; email: string | null };
  const deviceId = "device-0123456789abcdef";
  const event = (overrides: object = {}) => ({
    event_id: randomUUID(),
    name: "quiz_step_viewed",
    time: Date.now(),
    page: "/onboarding/",
    properties: { step: 2 },
    ...overrides,
  });
  const batch = (events: object[], overrides: object = {}) => ({
    session_id: Date.now(),
    events,
    ...overrides,
  });
  // The device is the cookie the pages set (HttpOnly): the page's scripts never know it.
  const post = (url: string, payload: object, cookie = `kr_device=${deviceId}`) =>
    app.inject({ method: "POST", url: `/api/v1${url}`, headers: { cookie }, payload });
  const storedEvents = async () => (await database.db.select({ n: count() }).from(analyticsEvents))[0]?.n;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    app = await buildTestApi(database, testServices(database.db, { send: async () => null }));
    user = await insertTestParent(database.db);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("stores a batch of 100 without the API key, with the user and the split groups", async () => {
    const events = Array.from({ length: 100 }, (_, index) => event({ properties: { step: index } }));
    const response = await post(
      "/analytics/events",
      batch(events, { user_token: user.token, user_properties: { "intro-offer": "B" } }),
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 100 });
    const rows = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, user.id));
    expect(rows).toHaveLength(100);
    expect(rows[0]).toMatchObject({
      name: "quiz_step_viewed",
      deviceId,
      page: "/onboarding/",
      userProperties: { "intro-offer": "B" },
    });
  });

  it("stores a re-sent batch once, and an unknown token as an anonymous visitor", async () => {
    const events = [event(), event({ name: "offer_viewed" })];
    const before = await storedEvents();
    await post("/analytics/events", batch(events, { user_token: randomUUID() }));
    await post("/analytics/events", batch(events, { user_token: randomUUID() }));
    expect(await storedEvents()).toBe((before ?? 0) + 2);
    const [row] = await database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.eventId, events[0]?.event_id ?? ""));
    expect(row?.userId).toBeNull();
  });

  it("puts events from a wrong clock at the time they arrived", async () => {
    const far = event({ time: Date.UTC(2001, 0, 1) });
    await post("/analytics/events", batch([far]));
    const [row] = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, far.event_id));
    expect(Math.abs((row?.occurredAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it.each([
    ["events", batch(Array.from({ length: 101 }, () => event()))],
    ["events.0.name", batch([event({ name: "bought_a_boat" })])],
    ["events.0.page", batch([event({ page: "/printables/?token=secret-token-value-123" })])],
    ["events.0.properties.note", batch([event({ properties: { note: "write to parent@example.com" } })])],
  ])("refuses a batch with a bad %s, storing nothing", async (field, payload) => {
    const before = await storedEvents();
    const response = await post("/analytics/events", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect(await storedEvents()).toBe(before);
  });

  it("stores a batch under the device cookie, never under a device the body names", async () => {
    const named = event();
    await post("/analytics/events", batch([named], { device_id: "someone-elses-device-0001" }));
    const [row] = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, named.event_id));
    expect(row?.deviceId).toBe(deviceId);
  });

  it.each([
    ["no cookie", ""],
    ["another site's cookie only", "_ga=GA1.1.1.1"],
    ["a device id we never write", "kr_device=x"],
  ])("refuses a batch with %s, naming the cookie, storing nothing", async (_case, cookie) => {
    const before = await storedEvents();
    const response = await post("/analytics/events", batch([event()], { device_id: deviceId }), cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("cookie.kr_device");
    expect(await storedEvents()).toBe(before);
  });

  it("stores the page-view payload with the device from the user agent, without the email or the query", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/analytics",
      headers: { "user-agent": iphone, cookie: `kr_device=${deviceId}` },
      payload: {
        user_token: user.token,
        device_id: "someone-elses-device-0001",
        locale: "en",
        host: "kit.example",
        country_code: "US",
        utm_source: "facebook",
        fbclid: "IwAR0abc",
        email: user.email ?? undefined,
        purchase_url: `https://kit.example/offer1/?token=${user.token}`,
      },
    });
    expect(response.statusCode).toBe(202);
    const [visit] = await database.db.select().from(analyticsVisits).where(eq(analyticsVisits.userId, user.id));
    expect(visit).toMatchObject({
      deviceId,
      platform: "iOS",
      browserName: "Mobile Safari",
      deviceVendor: "Apple",
      deviceModel: "iPhone",
      countryCode: "us",
      utmSource: "facebook",
      pageUrl: "https://kit.example/offer1/",
    });
    expect(JSON.stringify(visit)).not.toContain(String(user.email));
    expect(JSON.stringify(visit)).not.toContain(user.token);
  });
});
