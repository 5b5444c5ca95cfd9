import type { DbHandle } from "@kinderready/db/open-db";
import { operatorSignInFailures, operators, parentSessions, requestThrottle } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../test/test-data.server.ts";
import { sweepExpiredRows } from "./housekeeping-jobs.server.ts";

const now = new Date("2026-11-25T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe.each(testDatabases())("housekeeping on $name", (target) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database.close());

  it("deletes what no rule reads any more and keeps what one still does", async () => {
    const { db } = database;
    const parent = await insertTestParent(db);
    const [operator] = await db
      .insert(operators)
      .values({ email: "ops@example.com", passwordHash: "not-a-real-hash" })
      .returning();
    if (!operator) throw new Error("no operator");
    await db.insert(requestThrottle).values([
      { key: "old", createdAt: hoursAgo(25) },
      { key: "recent", createdAt: hoursAgo(2) },
    ]);
    await db.insert(parentSessions).values([
      { idHash: "ended", userId: parent.id, expiresAt: hoursAgo(1) },
      { idHash: "live", userId: parent.id, expiresAt: new Date(now.getTime() + 3_600_000) },
    ]);
    await db.insert(operatorSignInFailures).values([
      { operatorId: operator.id, address: "192.0.2.1", failures: 3, updatedAt: hoursAgo(30) },
      { operatorId: operator.id, address: "192.0.2.2", failures: 3, updatedAt: hoursAgo(1) },
    ]);

    await sweepExpiredRows({ db }, now);
    await sweepExpiredRows({ db }, now);

    expect((await db.select().from(requestThrottle)).map((row) => row.key)).toEqual(["recent"]);
    expect((await db.select().from(parentSessions)).map((row) => row.idHash)).toEqual(["live"]);
    expect((await db.select().from(operatorSignInFailures)).map((row) => row.address)).toEqual(["192.0.2.2"]);
  });
});
