import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditPageSize, listAuditLog } from "./audit-log.server.ts";
import { earliestReportDay } from "./report-filters.ts";

// The audit log is read a page at a time: whatever the range, a page holds at most
// `auditPageSize` entries, and the pages together hold every entry once, newest first.

describe.each(testDatabases())("the audit log's pages on $name", (target) => {
  let database: DbHandle;
  const total = auditPageSize * 2 + 7;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    // Half the entries share an instant, so the pages' order must not rest on the time alone.
    const shared = new Date("2026-03-01T12:00:00Z");
    await database.db.insert(auditLog).values(
      Array.from({ length: total }, (_, index) => ({
        operatorId: null,
        action: "test.entry",
        target: `entry:${index}`,
        createdAt: index % 2 ? shared : new Date(Date.UTC(2021, 0, 1) + index * 3_600_000),
      })),
    );
  }, 60_000);
  afterAll(() => database?.close());

  it("answers every entry of the whole history once, a bounded page at a time", async () => {
    const days = { from: earliestReportDay, to: "2026-11-25" };
    const seen: string[] = [];
    let before: number | undefined;
    let pages = 0;
    do {
      const page = await listAuditLog(database, { days, before });
      expect(page.entries.length).toBeLessThanOrEqual(auditPageSize);
      seen.push(...page.entries.map((entry) => entry.target ?? ""));
      const times = page.entries.map((entry) => entry.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      before = page.olderBefore ?? undefined;
      pages += 1;
    } while (before !== undefined && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it("answers an empty last page for an entry that does not exist", async () => {
    expect(await listAuditLog(database, { before: 9_007_199_254_740_991 })).toEqual({
      entries: [],
      olderBefore: null,
    });
  });
});
