import type { DbHandle } from "@kinderready/db/open-db";
import { conversionEvents } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlatformStub, startPlatformStub } from "../../test/platform-stub.server.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { createGa4MeasurementAdapter } from "../adapters/forwarding/ga4-measurement.server.ts";
import { createMetaCapiAdapter } from "../adapters/forwarding/meta-capi.server.ts";
import { forwardConversions } from "../analytics/forwarding/conversion-forwarding.server.ts";
import { getForwardingStatus } from "./forwarding-status.server.ts";

// The console's view of forwarding, after real runs of the job against two local platforms:
// Meta takes everything, GA4 answers 500 (a retry in the backlog) and then 400 (failed for good).

const minute = 60_000;
let clock = new Date("2026-11-22T10:00:00Z");

describe.each(testDatabases())("forwarding status on $name", (target) => {
  let database: DbHandle;
  let meta: PlatformStub;
  let ga4: PlatformStub;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    [meta, ga4] = await Promise.all([startPlatformStub({ events_received: 1 }), startPlatformStub()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([meta.close(), ga4.close()]);
    await database.close();
  });
  beforeEach(async () => {
    clock = new Date("2026-11-22T10:00:00Z");
    meta.reset();
    ga4.reset();
    await database.db.delete(conversionEvents);
  });

  const deps = () => ({
    db: database.db,
    adapters: [
      createMetaCapiAdapter({ pixelId: "1234567890", accessToken: "meta-token", url: `${meta.url}/v25.0` }),
      createGa4MeasurementAdapter({ measurementId: "G-ABC123", apiSecret: "ga4-secret", url: ga4.url }),
    ],
    appUrl: "https://kinderready.app",
    now: () => clock,
  });

  async function conversion(orderId: string, at: Date) {
    const user = await insertTestParent(database.db);
    await database.db
      .insert(conversionEvents)
      .values({ userId: user.id, event: "subscription", orderId, amount: 199, currency: "USD", createdAt: at });
  }

  it("warns of conversions never sent while no destination is configured", async () => {
    await conversion("order-a", new Date(clock.getTime() - 90 * minute));
    await conversion("order-b", clock);
    // The job with nothing configured does nothing: the rows just wait.
    await forwardConversions({ ...deps(), adapters: [] });
    const status = await getForwardingStatus(database, { configured: [] });
    expect(status.unsent).toEqual({ count: 2, oldestSince: new Date(clock.getTime() - 90 * minute) });
    expect(status.destinations.map((row) => [row.destination, row.configured, row.pending])).toEqual([
      ["meta", false, 0],
      ["ga4", false, 0],
      ["tiktok", false, 0],
      ["amplitude", false, 0],
    ]);
  });

  it("counts each destination's deliveries, its backlog and its last error with the time it happened", async () => {
    const earlier = new Date(clock.getTime() - 30 * minute);
    await conversion("order-c", earlier);
    await conversion("order-d", clock);
    ga4.reply({ status: 500, body: { error: "backend" } }, { status: 400, body: { error: "bad request" } });
    await forwardConversions(deps());

    const status = await getForwardingStatus(database, { configured: ["meta", "ga4"] });
    expect(status.unsent.count).toBe(0);
    const [metaRow, ga4Row, tiktokRow] = status.destinations;
    expect(metaRow).toMatchObject({ configured: true, delivered: 2, failed: 0, pending: 0, lastError: null });
    // One of GA4's is retrying (due a minute after the attempt that failed), one failed for good.
    expect(ga4Row).toMatchObject({ configured: true, delivered: 0, failed: 1, pending: 1, skipped: 0 });
    expect(ga4Row?.oldestPendingSince?.getTime()).toBeGreaterThanOrEqual(earlier.getTime());
    expect(ga4Row?.lastError?.at).toEqual(clock);
    expect(ga4Row?.lastError?.message).toMatch(/^HTTP (400|500)/);
    expect(tiktokRow).toMatchObject({ configured: false, delivered: 0, pending: 0, lastError: null });
  });
});
