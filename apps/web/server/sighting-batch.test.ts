import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { funnelVisitors } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { funnelSteps } from "@kinderready/domain/analytics/funnel-steps";
import { recordServerSightings, type ServerSighting } from "@kinderready/domain/analytics/visitor-funnel.server";
import { createLocalErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { createRandomToken } from "@kinderready/domain/random-token";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSightingBatch } from "./sighting-batch.ts";

// The pages' funnel steps are written together, off the responses' path: what many requests
// recorded in one turn is one write, a device seen twice in it keeps both its steps, and
// closing waits for what is queued.

describe.each(testDatabases())("funnel steps written together on $name", (target) => {
  let database: DbHandle;
  const errors = createLocalErrorReporter(createLogger({ level: "silent" }));

  beforeAll(async () => {
    database = await openTestDatabase(target);
  }, 60_000);
  afterAll(() => database?.close());

  const sighting = (deviceId: string, steps: string[]): ServerSighting & { steps: readonly string[] } => ({
    deviceId,
    userId: null,
    at: new Date(),
    page: "/de/quiz1/",
    countryCode: "DE",
    utmSource: null,
    utmCampaign: null,
    userAgent: null,
    steps,
  });

  it("writes what a turn's requests recorded as one batch, a device seen twice with both steps", async () => {
    const writes: number[] = [];
    const batch = createSightingBatch(
      (sightings) => {
        writes.push(sightings.length);
        return recordServerSightings({ db: database.db }, sightings);
      },
      { errors },
    );
    const devices = Array.from({ length: 40 }, () => createRandomToken());
    await Promise.all(devices.map((device) => batch.add(sighting(device, ["visit"]))));
    await Promise.all(devices.slice(0, 10).map((device) => batch.add(sighting(device, ["quiz:ty"]))));
    await batch.settled();
    expect(writes).toEqual([50]);
    const rows = await database.db.select().from(funnelVisitors).where(inArray(funnelVisitors.deviceId, devices));
    const stepsOf = (steps: bigint) =>
      funnelSteps.filter((_, index) => (steps & (1n << BigInt(index))) !== 0n).map((step) => step.id);
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      const twice = devices.indexOf(row.deviceId) < 10;
      expect(stepsOf(row.steps).sort()).toEqual(twice ? ["quiz:ty", "visit"] : ["visit"]);
      expect(row.countryCode).toBe("de");
      expect(row.locale).toBe("de");
    }
  });

  it("keeps a full queue waiting for the write in progress, and loses nothing", async () => {
    const writes: number[] = [];
    const batch = createSightingBatch(
      async (sightings) => {
        writes.push(sightings.length);
        await recordServerSightings({ db: database.db }, sightings);
      },
      { errors, maxBatch: 4, maxQueued: 4 },
    );
    const devices = Array.from({ length: 12 }, () => createRandomToken());
    for (const device of devices) await batch.add(sighting(device, ["visit"]));
    await batch.settled();
    expect(writes.every((size) => size <= 4)).toBe(true);
    expect(writes.reduce((sum, size) => sum + size, 0)).toBe(12);
    const rows = await database.db.select().from(funnelVisitors).where(inArray(funnelVisitors.deviceId, devices));
    expect(rows).toHaveLength(12);
  });
});
