import type { DbHandle } from "@kinderready/db/open-db";
import {
  analyticsVisits,
  attributions,
  conversionDeliveries,
  conversionEvents,
  type users,
} from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlatformStub, startPlatformStub } from "../../../test/platform-stub.server.ts";
import { insertTestParent } from "../../../test/test-data.server.ts";
import { createAmplitudeHttp } from "../../adapters/forwarding/amplitude-http.server.ts";
import { createGa4MeasurementAdapter } from "../../adapters/forwarding/ga4-measurement.server.ts";
import { createMetaCapiAdapter } from "../../adapters/forwarding/meta-capi.server.ts";
import { createTiktokEventsAdapter } from "../../adapters/forwarding/tiktok-events.server.ts";
import { eraseParentData } from "../../profile/erase-parent-data.server.ts";
import { createRandomToken } from "../../random-token.ts";
import { type ForwardingDeps, forwardConversions, maxAttempts, retryDelayMs } from "./conversion-forwarding.server.ts";

// The forwarding job against a real database and four local HTTP servers standing in for Meta,
// GA4, TikTok and Amplitude, with a clock the tests move.

const minute = 60 * 1000;
let clock = new Date("2026-11-22T10:00:00Z");

describe.each(testDatabases())("conversion forwarding on $name", (target) => {
  let database: DbHandle;
  let meta: PlatformStub;
  let ga4: PlatformStub;
  let tiktok: PlatformStub;
  let amplitude: PlatformStub;
  let deps: ForwardingDeps;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    [meta, ga4, tiktok, amplitude] = await Promise.all([
      startPlatformStub({ events_received: 1 }),
      startPlatformStub(),
      startPlatformStub({ code: 0, message: "OK" }),
      startPlatformStub({ code: 200, events_ingested: 1 }),
    ]);
    deps = {
      db: database.db,
      adapters: [
        createMetaCapiAdapter({ pixelId: "1234567890", accessToken: "meta-token", url: `${meta.url}/v25.0` }),
        createGa4MeasurementAdapter({ measurementId: "G-ABC123", apiSecret: "ga4-secret", url: ga4.url }),
        createTiktokEventsAdapter({ pixelCode: "CPIXEL123", accessToken: "tt-token", url: tiktok.url }),
        createAmplitudeHttp({ apiKey: "amp-key", url: amplitude.url }),
      ],
      appUrl: "https://kinderready.app",
      now: () => clock,
    };
  }, 60_000);
  afterAll(async () => {
    await Promise.all([meta, ga4, tiktok, amplitude].map((stub) => stub.close()));
    await database.close();
  });
  beforeEach(async () => {
    for (const stub of [meta, ga4, tiktok, amplitude]) stub.reset();
    await database.db.delete(conversionEvents);
  });

  type ParentState = Partial<
    Pick<typeof users.$inferInsert, "mailingOptInCountry" | "adConsent" | "adSharingOptOutAt" | "erasedAt" | "locale">
  >;

  async function parent(state: ParentState = {}) {
    const user = await insertTestParent(database.db, { updatedAt: clock, ...state });
    await database.db.insert(attributions).values({
      userId: user.id,
      fbc: "fb.1.1732531200.IwAR1234",
      fbp: "fb.1.1732531200.987654321",
      clientId: "123456.7654321",
      ttclid: "tt-click",
      firstVisitId: "device-0001",
      organic: false,
    });
    await database.db.insert(analyticsVisits).values({ userId: user.id, ua: "Mozilla/5.0 (iPhone)", locale: "en" });
    return user;
  }

  async function conversion(
    userId: string,
    createdAt = clock,
    more: Partial<typeof conversionEvents.$inferInsert> = {},
  ) {
    const [row] = await database.db
      .insert(conversionEvents)
      .values({
        userId,
        event: "upsale",
        orderId: `kr_${createRandomToken()}`,
        amount: 999,
        currency: "USD",
        createdAt,
        ...more,
      })
      .returning();
    if (!row) throw new Error("no conversion");
    return row;
  }

  const deliveriesOf = async (conversionId: string) =>
    Object.fromEntries(
      (
        await database.db.select().from(conversionDeliveries).where(eq(conversionDeliveries.conversionId, conversionId))
      ).map((row) => [row.destination, row]),
    );

  const forwardedAt = async (conversionId: string) =>
    (await database.db.select().from(conversionEvents).where(eq(conversionEvents.id, conversionId)))[0]?.forwardedAt;

  it("delivers a conversion once to every destination under its order's id (the pixel's too), then marks it forwarded", async () => {
    const user = await parent({ locale: "de" });
    const row = await conversion(user.id);

    expect(await forwardConversions(deps)).toEqual({ delivered: 4, skipped: 0, retrying: 0, failed: 0 });

    expect(meta.requests).toHaveLength(1);
    const metaEvent = meta.bodyAt<{ data: Record<string, unknown>[] }>(0).data[0];
    expect(metaEvent).toMatchObject({
      event_id: row.orderId,
      event_name: "Purchase",
      event_source_url: "https://kinderready.app/de/printables/",
      custom_data: { currency: "USD", value: 9.99 },
      user_data: { fbc: "fb.1.1732531200.IwAR1234", client_user_agent: "Mozilla/5.0 (iPhone)" },
    });
    expect(tiktok.bodyAt<{ data: { event_id: string }[] }>(0).data[0]?.event_id).toBe(row.orderId);
    expect(ga4.requests[0]?.body).toMatchObject({
      client_id: "123456.7654321",
      user_id: user.id,
      events: [{ params: { transaction_id: row.orderId } }],
    });
    expect(amplitude.bodyAt<{ events: object[] }>(0).events[0]).toMatchObject({
      user_id: user.id,
      insert_id: row.orderId,
      event_type: "conversion_upsale",
    });

    const deliveries = await deliveriesOf(row.id);
    for (const destination of ["meta", "ga4", "tiktok", "amplitude"]) {
      expect(deliveries[destination]).toMatchObject({ status: "delivered", attempts: 1, lastError: null });
      expect(deliveries[destination]?.deliveredAt).toEqual(clock);
    }
    expect(await forwardedAt(row.id)).toEqual(clock);

    // Nothing is due any more: a second run sends nothing.
    clock = new Date(clock.getTime() + 10 * minute);
    expect(await forwardConversions(deps)).toEqual({ delivered: 0, skipped: 0, retrying: 0, failed: 0 });
    expect([meta, ga4, tiktok, amplitude].map((stub) => stub.requests.length)).toEqual([1, 1, 1, 1]);
  });

  it("sends the address and browser the parent paid from to Meta and TikTok, not to GA4", async () => {
    const user = await parent();
    await conversion(user.id, clock, { clientIp: "203.0.113.7", userAgent: "Mozilla/5.0 (Android 14)" });
    await forwardConversions(deps);
    expect(meta.bodyAt<{ data: Record<string, unknown>[] }>(0).data[0]?.user_data).toMatchObject({
      client_ip_address: "203.0.113.7",
      client_user_agent: "Mozilla/5.0 (Android 14)",
    });
    expect(tiktok.bodyAt<{ data: Record<string, unknown>[] }>(0).data[0]?.user).toMatchObject({
      ip: "203.0.113.7",
      user_agent: "Mozilla/5.0 (Android 14)",
    });
    expect(JSON.stringify(ga4.requests[0]?.body)).not.toContain("203.0.113.7");
  });

  it("forwards a refund to GA4 and Amplitude under its own id, and skips Meta and TikTok, which have no refund event", async () => {
    const user = await parent();
    const purchase = await conversion(user.id);
    const refund = await conversion(user.id, clock, { event: "refund", orderId: purchase.orderId });
    expect(await forwardConversions(deps)).toEqual({ delivered: 6, skipped: 2, retrying: 0, failed: 0 });
    expect(meta.requests).toHaveLength(1);
    expect(tiktok.requests).toHaveLength(1);
    const deliveries = await deliveriesOf(refund.id);
    expect(deliveries.meta).toMatchObject({ status: "skipped", lastError: "Meta has no refund event", attempts: 0 });
    expect(deliveries.tiktok).toMatchObject({ status: "skipped", lastError: "TikTok has no refund event" });
    expect(deliveries.ga4?.status).toBe("delivered");
    expect(deliveries.amplitude?.status).toBe("delivered");
    const ga4Events = ga4.requests.map(
      (request) => (request.body as { events: { name: string; params: object }[] }).events[0],
    );
    expect(ga4Events).toContainEqual({
      name: "refund",
      params: { transaction_id: purchase.orderId, value: 9.99, currency: "USD" },
    });
    const amplitudeEvents = amplitude.requests.flatMap((request) => (request.body as { events: object[] }).events);
    expect(amplitudeEvents).toContainEqual(
      expect.objectContaining({
        event_type: "conversion_refund",
        insert_id: `${purchase.orderId}:refund`,
        revenue: -9.99,
        price: -9.99,
      }),
    );
    expect(await forwardedAt(refund.id)).toEqual(clock);
  });

  it("retries after a 500 with a growing back-off and forwards once it lands", async () => {
    const user = await parent();
    const row = await conversion(user.id);
    meta.reply({ status: 500, body: { error: "try later" } }, { status: 500, body: { error: "try later" } });

    expect(await forwardConversions(deps)).toMatchObject({ delivered: 3, retrying: 1 });
    let metaRow = (await deliveriesOf(row.id)).meta;
    expect(metaRow).toMatchObject({ status: "pending", attempts: 1 });
    expect(metaRow?.lastError).toContain("HTTP 500");
    expect((metaRow?.nextAttemptAt.getTime() ?? 0) - clock.getTime()).toBe(1 * minute);
    expect(await forwardedAt(row.id)).toBeNull();

    // Not due yet: no request.
    await forwardConversions(deps);
    expect(meta.requests).toHaveLength(1);

    clock = new Date(clock.getTime() + 1 * minute);
    expect(await forwardConversions(deps)).toMatchObject({ retrying: 1 });
    metaRow = (await deliveriesOf(row.id)).meta;
    expect(metaRow).toMatchObject({ status: "pending", attempts: 2 });
    expect((metaRow?.nextAttemptAt.getTime() ?? 0) - clock.getTime()).toBe(2 * minute);

    clock = new Date(clock.getTime() + 2 * minute);
    expect(await forwardConversions(deps)).toMatchObject({ delivered: 1 });
    expect((await deliveriesOf(row.id)).meta).toMatchObject({ status: "delivered", attempts: 3, lastError: null });
    expect(meta.requests).toHaveLength(3);
    // The same event id every time, so Meta keeps one.
    expect(
      new Set(meta.requests.map((request) => (request.body as { data: { event_id: string }[] }).data[0]?.event_id)),
    ).toEqual(new Set([row.orderId]));
    expect(await forwardedAt(row.id)).toEqual(clock);
  });

  it("does not retry a 400, keeps the platform's answer and still settles the conversion", async () => {
    const user = await parent();
    const row = await conversion(user.id);
    tiktok.reply({ status: 400, body: { code: 40002, message: "Invalid event" } });

    expect(await forwardConversions(deps)).toMatchObject({ delivered: 3, failed: 1 });
    const tiktokRow = (await deliveriesOf(row.id)).tiktok;
    expect(tiktokRow).toMatchObject({ status: "failed", attempts: 1 });
    expect(tiktokRow?.lastError).toContain("Invalid event");
    expect(await forwardedAt(row.id)).toEqual(clock);

    clock = new Date(clock.getTime() + 60 * minute);
    await forwardConversions(deps);
    expect(tiktok.requests).toHaveLength(1);
  });

  it(`gives up after ${maxAttempts} attempts, spaced 1, 2, 4, … minutes apart`, async () => {
    const user = await parent();
    const row = await conversion(user.id);
    ga4.replyAlways({ status: 503, body: {} });

    const delays: number[] = [];
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      await forwardConversions(deps);
      const ga4Row = (await deliveriesOf(row.id)).ga4;
      expect(ga4Row?.attempts).toBe(attempt);
      if (ga4Row?.status === "pending") {
        delays.push(ga4Row.nextAttemptAt.getTime() - clock.getTime());
        clock = ga4Row.nextAttemptAt;
      }
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64].map((minutes) => minutes * minute));
    const ga4Row = (await deliveriesOf(row.id)).ga4;
    expect(ga4Row).toMatchObject({ status: "failed", attempts: maxAttempts });
    expect(ga4Row?.lastError).toContain("HTTP 503");
    expect(ga4.requests).toHaveLength(maxAttempts);
    expect(await forwardedAt(row.id)).toEqual(clock);
    expect(retryDelayMs(20)).toBe(6 * 60 * minute);
  });

  it("skips ad platforms without a request for opted-out, unconsented and erased parents", async () => {
    const optedOut = await conversion((await parent({ adSharingOptOutAt: clock, adConsent: "granted" })).id);
    const unconsented = await conversion((await parent({ mailingOptInCountry: true })).id);
    const denied = await conversion((await parent({ adConsent: "denied" })).id);
    const erased = await conversion((await parent({ erasedAt: clock })).id);
    const consented = await conversion((await parent({ mailingOptInCountry: true, adConsent: "granted" })).id);

    await forwardConversions(deps);

    const expectSkipped = async (conversionId: string, reason: string, amplitudeStatus: string) => {
      const deliveries = await deliveriesOf(conversionId);
      for (const destination of ["meta", "ga4", "tiktok"]) {
        expect(deliveries[destination]).toMatchObject({ status: "skipped", attempts: 0, lastError: reason });
      }
      expect(deliveries.amplitude?.status).toBe(amplitudeStatus);
      expect(await forwardedAt(conversionId)).toEqual(clock);
    };
    await expectSkipped(optedOut.id, "opted-out", "delivered");
    await expectSkipped(unconsented.id, "no-consent", "delivered");
    await expectSkipped(denied.id, "no-consent", "delivered");
    await expectSkipped(erased.id, "erased", "skipped");

    // Only the consented parent reached the ad platforms.
    const metaIds = meta.requests.map(
      (request) => (request.body as { data: { event_id: string }[] }).data[0]?.event_id,
    );
    expect(metaIds).toEqual([consented.orderId]);
    expect(tiktok.requests).toHaveLength(1);
    expect(ga4.requests).toHaveLength(1);
    const amplitudeIds = amplitude.requests.map(
      (request) => (request.body as { events: { insert_id: string }[] }).events[0]?.insert_id,
    );
    expect(amplitudeIds.sort()).toEqual([optedOut, unconsented, denied, consented].map((row) => row.orderId).sort());
  });

  it("skips what a platform would refuse as too old, and destinations no longer configured", async () => {
    const user = await parent();
    const old = await conversion(user.id, new Date(clock.getTime() - 8 * 24 * 60 * minute));
    await forwardConversions(deps);
    const deliveries = await deliveriesOf(old.id);
    for (const destination of ["meta", "ga4", "tiktok"]) {
      expect(deliveries[destination]).toMatchObject({
        status: "skipped",
        lastError: "older than the platform accepts",
      });
    }
    expect(deliveries.amplitude?.status).toBe("delivered");

    // Meta switched off while a delivery waits for its retry: it is skipped, and the rest settle.
    const row = await conversion(user.id);
    meta.reply({ status: 500, body: {} });
    await forwardConversions(deps);
    expect(await forwardedAt(row.id)).toBeNull();
    await forwardConversions({ ...deps, adapters: deps.adapters.filter((adapter) => adapter.name !== "meta") });
    expect((await deliveriesOf(row.id)).meta).toMatchObject({
      status: "skipped",
      lastError: "destination not configured",
    });
    expect(await forwardedAt(row.id)).toEqual(clock);
  });

  it("sends nothing and records nothing when no destination is configured", async () => {
    const row = await conversion((await parent()).id);
    expect(await forwardConversions({ ...deps, adapters: [] })).toEqual({
      delivered: 0,
      skipped: 0,
      retrying: 0,
      failed: 0,
    });
    expect(await deliveriesOf(row.id)).toEqual({});
    expect(await forwardedAt(row.id)).toBeNull();
  });

  it("lets data erasure clear where a forwarded conversion's parent paid from", async () => {
    const user = await parent();
    const row = await conversion(user.id, clock, { clientIp: "203.0.113.9", userAgent: "Mozilla/5.0 (Mac)" });
    await forwardConversions(deps);
    expect(await forwardedAt(row.id)).toEqual(clock);
    await eraseParentData(
      {
        db: database.db,
        sender: { send: async () => ({ messageId: "m" }), close() {} },
        supportEmail: "s@example.com",
        now: () => clock,
      },
      { token: user.token },
    );
    const [kept] = await database.db.select().from(conversionEvents).where(eq(conversionEvents.id, row.id));
    expect(kept).toMatchObject({ clientIp: null, userAgent: null });
  });

  it("lets data erasure delete a conversion still waiting for a retry, deliveries included", async () => {
    const user = await parent();
    const row = await conversion(user.id);
    meta.reply({ status: 500, body: {} });
    await forwardConversions(deps);
    expect((await deliveriesOf(row.id)).meta?.status).toBe("pending");

    await eraseParentData(
      {
        db: database.db,
        sender: { send: async () => ({ messageId: "m" }), close() {} },
        supportEmail: "s@example.com",
        now: () => clock,
      },
      { token: user.token },
    );
    expect(await database.db.select().from(conversionEvents).where(eq(conversionEvents.id, row.id))).toEqual([]);
    expect(await deliveriesOf(row.id)).toEqual({});

    clock = new Date(clock.getTime() + 10 * minute);
    await forwardConversions(deps);
    expect(meta.requests).toHaveLength(1);
  });
});
