import { randomUUID } from "node:crypto";
import type { DbHandle } from "@kinderready/db/open-db";
import { analyticsEvents, settings } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlatformStub, startPlatformStub } from "../../../test/platform-stub.server.ts";
import { insertTestParent } from "../../../test/test-data.server.ts";
import { createAmplitudeHttp } from "../../adapters/forwarding/amplitude-http.server.ts";
import type { AmplitudeHttp } from "./forwarding-adapter.server.ts";
import { amplitudeCursorKey } from "./product-event-queries.server.ts";
import { forwardProductEvents } from "./product-events-forwarding.server.ts";

// Stored product-analytics events to a local stand-in for Amplitude: batches of 100 in id order,
// a cursor in settings, erased parents passed over, a failed batch sent again.

const minute = 60 * 1000;
let clock = new Date("2026-11-22T10:00:00Z");

describe.each(testDatabases())("product events to Amplitude on $name", (target) => {
  let database: DbHandle;
  let stub: PlatformStub;
  let amplitude: AmplitudeHttp;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    stub = await startPlatformStub({ code: 200 });
    amplitude = createAmplitudeHttp({ apiKey: "amp-key", url: stub.url });
  }, 60_000);
  afterAll(async () => {
    await stub.close();
    await database.close();
  });
  beforeEach(() => stub.reset());

  const deps = () => ({ db: database.db, amplitude, now: () => clock });

  async function store(count: number, userId: string | null, receivedAt = new Date(clock.getTime() - 2 * minute)) {
    const rows = Array.from({ length: count }, (_, index) => ({
      eventId: randomUUID(),
      name: "quiz_step",
      userId,
      deviceId: "device-0001",
      sessionId: clock.getTime() - 5 * minute,
      occurredAt: new Date(receivedAt.getTime() - 1000),
      receivedAt,
      page: "/onboarding/",
      properties: { step: index },
    }));
    await database.db.insert(analyticsEvents).values(rows);
    return rows.map((row) => row.eventId);
  }

  const sentIds = () =>
    stub.requests.flatMap((request) =>
      (request.body as { events: { insert_id: string }[] }).events.map((e) => e.insert_id),
    );

  it("sends in batches of 100 in order, moves the cursor, and sends nothing twice", async () => {
    const parent = await insertTestParent(database.db);
    const ids = [...(await store(150, parent.id)), ...(await store(30, null))];

    expect(await forwardProductEvents(deps())).toEqual({ sent: 180, passedOver: 0, rejected: 0 });
    expect(stub.requests.map((request) => (request.body as { events: unknown[] }).events.length)).toEqual([100, 80]);
    expect(sentIds()).toEqual(ids);
    const first = stub.bodyAt<{ api_key: string; events: Record<string, unknown>[] }>(0).events[0];
    expect(first).toMatchObject({ user_id: parent.id, device_id: "device-0001", event_type: "quiz_step" });
    expect(stub.bodyAt<{ events: Record<string, unknown>[] }>(1).events.at(-1)).not.toHaveProperty("user_id");

    const [cursor] = await database.db.select().from(settings).where(eq(settings.key, amplitudeCursorKey));
    expect(cursor?.value).toMatchObject({ lastId: expect.any(Number) });

    stub.reset();
    expect(await forwardProductEvents(deps())).toEqual({ sent: 0, passedOver: 0, rejected: 0 });
    expect(stub.requests).toHaveLength(0);
  });

  it("leaves events a minute to settle before passing them", async () => {
    const fresh = await store(3, null, clock);
    await forwardProductEvents(deps());
    expect(stub.requests).toHaveLength(0);

    clock = new Date(clock.getTime() + 2 * minute);
    await forwardProductEvents(deps());
    expect(sentIds()).toEqual(fresh);
  });

  it("passes over an erased parent's events, but not an opted-out parent's", async () => {
    const erased = await insertTestParent(database.db, { erasedAt: clock });
    const optedOut = await insertTestParent(database.db, { adSharingOptOutAt: clock, mailingOptInCountry: true });
    await store(2, erased.id);
    const kept = await store(2, optedOut.id);

    expect(await forwardProductEvents(deps())).toEqual({ sent: 2, passedOver: 2, rejected: 0 });
    expect(sentIds()).toEqual(kept);
  });

  it("keeps the cursor when a batch fails, and sends the same batch on the next run", async () => {
    const ids = await store(5, null);
    stub.reply({ status: 503, body: {} });
    await expect(forwardProductEvents(deps())).rejects.toMatchObject({ retryable: true, status: 503 });

    await forwardProductEvents(deps());
    expect(sentIds()).toEqual([...ids, ...ids]);
    stub.reset();
    await forwardProductEvents(deps());
    expect(stub.requests).toHaveLength(0);
  });
});
