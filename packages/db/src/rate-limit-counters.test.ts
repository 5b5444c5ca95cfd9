import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabases } from "../test/test-databases.ts";
import type { DbHandle } from "./open-db.ts";
import { countRequest, deleteExpiredCounters } from "./rate-limit-counters.ts";
import { rateLimitCounters } from "./schema.ts";

describe.each(testDatabases())("rate limit counters on $name", (target) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(target);
  });
  afterAll(() => handle.close());

  it("counts requests in one window and starts again when it ends", async () => {
    expect((await countRequest(handle.db, "a", 60_000)).current).toBe(1);
    const second = await countRequest(handle.db, "a", 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await countRequest(handle.db, "b", 60_000)).current).toBe(1);

    await handle.db.update(rateLimitCounters).set({ resetsAt: sql`now() - interval '1 second'` });
    expect((await countRequest(handle.db, "a", 60_000)).current).toBe(1);
  });

  it("counts concurrent requests without losing one", async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => countRequest(handle.db, "burst", 60_000)));
    expect(counts.map((count) => count.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it("forgets windows that ended more than a minute ago, and only those", async () => {
    await countRequest(handle.db, "old", 60_000);
    await handle.db
      .update(rateLimitCounters)
      .set({ resetsAt: sql`now() - interval '2 minutes'` })
      .where(sql`${rateLimitCounters.key} = 'old'`);
    await deleteExpiredCounters(handle.db);
    const keys = (await handle.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
    expect(keys).not.toContain("old");
    expect(keys).toContain("burst");
  });
});
