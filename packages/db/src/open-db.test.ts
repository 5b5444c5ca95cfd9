import { createLogger } from "@kinderready/config/logger";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../test/test-databases.ts";
import { type DbHandle, openDb } from "./open-db.ts";
import { settings } from "./schema.ts";
import { defaultSettings, seedDatabase } from "./seed-database.ts";
import { startJobs } from "./start-jobs.ts";

describe.each(testDatabases())("database on $name", (target) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDb(target);
    await handle.migrate();
  });
  afterAll(() => handle.close());

  it("applies migrations twice without harm and answers a ping", async () => {
    await handle.migrate();
    expect(await handle.ping()).toBe(true);
  });

  it("seeds defaults without overwriting an operator's edit", async () => {
    await seedDatabase(handle.db);
    await handle.db.update(settings).set({ value: "TABS" }).where(eq(settings.key, "UPSELL_DISPLAY_MODE"));
    await seedDatabase(handle.db);
    const rows = await handle.db.select().from(settings);
    expect(rows.map((row) => row.key).sort()).toEqual(Object.keys(defaultSettings).sort());
    expect(rows.find((row) => row.key === "UPSELL_DISPLAY_MODE")?.value).toBe("TABS");
    await handle.db.update(settings).set({ value: "POPUP" }).where(eq(settings.key, "UPSELL_DISPLAY_MODE"));
  });

  // PGlite has one process and no lock to take (two of them interleave, as they may).
  it.runIf(target.databaseUrl)("lets starting processes migrate one at a time", async () => {
    const second = await openDb(target);
    try {
      const order: string[] = [];
      const start = (name: string, handleOf: DbHandle) =>
        handleOf.whileMigrating(async () => {
          order.push(`${name} in`);
          await new Promise((resolve) => setTimeout(resolve, 100));
          order.push(`${name} out`);
        });
      await Promise.all([start("a", handle), start("b", second)]);
      expect(order).toEqual(
        order[0] === "a in" ? ["a in", "a out", "b in", "b out"] : ["b in", "b out", "a in", "a out"],
      );
    } finally {
      await second.close();
    }
  });

  it("runs a background job through pg-boss on the same database", async () => {
    const boss = await startJobs(handle, { log: createLogger({ level: "warn" }) });
    try {
      await boss.createQueue("foundation-check");
      const received = new Promise<unknown>((resolve) => {
        void boss.work<{ n: number }>("foundation-check", { pollingIntervalSeconds: 0.5 }, async ([job]) => {
          resolve(job?.data);
        });
      });
      await boss.send("foundation-check", { n: 42 });
      expect(await received).toEqual({ n: 42 });
    } finally {
      await boss.stop({ graceful: false });
    }
  }, 20_000);
});
