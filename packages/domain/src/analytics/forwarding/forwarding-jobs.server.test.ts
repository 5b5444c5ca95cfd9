import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { conversionEvents } from "@kinderready/db/schema";
import { startJobs } from "@kinderready/db/start-jobs";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlatformStub, startPlatformStub } from "../../../test/platform-stub.server.ts";
import { insertTestParent } from "../../../test/test-data.server.ts";
import {
  createForwardingAdapters,
  type ForwardingDestinations,
} from "../../adapters/forwarding/forwarding-destinations.server.ts";
import { conversionsJob, productEventsJob, startForwardingJobs } from "./forwarding-jobs.server.ts";

// The pg-boss wiring: schedules only for what is configured, and a worker that forwards.

const none: ForwardingDestinations = { meta: undefined, ga4: undefined, tiktok: undefined, amplitude: undefined };

describe.each(testDatabases())("forwarding jobs on $name", (target) => {
  let database: DbHandle;
  let boss: PgBoss;
  let meta: PlatformStub;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    boss = await startJobs(database, { log: createLogger({ level: "warn" }) });
    meta = await startPlatformStub({ events_received: 1 });
  }, 60_000);
  afterAll(async () => {
    await boss.stop({ graceful: false });
    await meta.close();
    await database.close();
  });

  const scheduled = async () => {
    const result = (await database.db.execute(sql`select name from pgboss.schedule order by name`)) as unknown as {
      rows: { name: string }[];
    };
    return result.rows.map((row) => row.name).filter((name) => name === conversionsJob || name === productEventsJob);
  };
  const deps = (destinations: ForwardingDestinations) => ({
    db: database.db,
    ...createForwardingAdapters(destinations),
    appUrl: "https://kinderready.app",
    log: createLogger({ level: "warn" }),
    now: () => new Date(),
  });

  it("schedules nothing when no destination is configured", async () => {
    await startForwardingJobs(boss, deps(none));
    expect(await scheduled()).toEqual([]);
  });

  /** Polls until `check` holds (pg-boss workers poll for jobs themselves). */
  async function eventually(check: () => Promise<boolean>) {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("timed out waiting");
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  it("forwards a conversion from its worker; product events are scheduled only with Amplitude", async () => {
    await startForwardingJobs(
      boss,
      deps({ ...none, meta: { pixelId: "1234567890", accessToken: "meta-token", url: meta.url } }),
    );
    expect(await scheduled()).toEqual([conversionsJob]);

    const user = await insertTestParent(database.db);
    const [row] = await database.db
      .insert(conversionEvents)
      .values({ userId: user.id, event: "upsale", orderId: "kr_jobs_test", amount: 999, currency: "USD" })
      .returning();
    if (!row) throw new Error("no conversion");
    await boss.send(conversionsJob, {});
    await eventually(async () => {
      const [current] = await database.db.select().from(conversionEvents).where(eq(conversionEvents.id, row.id));
      return Boolean(current?.forwardedAt);
    });
    expect(meta.bodyAt<{ data: { event_id: string }[] }>(0).data[0]?.event_id).toBe(row.orderId);

    await startForwardingJobs(boss, deps({ ...none, amplitude: { apiKey: "amp-key", url: meta.url } }));
    expect(await scheduled()).toEqual([conversionsJob, productEventsJob]);
  }, 30_000);

  it("removes the schedules once the destinations are switched off", async () => {
    await startForwardingJobs(boss, deps(none));
    expect(await scheduled()).toEqual([]);
  });
});
