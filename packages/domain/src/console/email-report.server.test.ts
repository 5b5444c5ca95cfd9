import { emailMessages } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-parent.server.ts";
import { emailKindIds } from "../email/email-kinds.ts";
import { getEmailReport } from "./email-report.server.ts";

// Every kind has a row; each counts the mails of its kind written in the range, by what became of them.

describe.each(testDatabases())("the email report on $name", (target) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  }, 60_000);
  afterAll(async () => database.close());

  it("counts each kind's mails by status, and lists the kinds nothing was written for", async () => {
    const parent = await insertTestParent(database.db);
    const today = new Date();
    const written = (kind: string, status: "queued" | "sent" | "failed" | "skipped", createdAt = today) => ({
      userId: parent.id,
      kind,
      recipient: `${kind}-${status}-${createdAt.getTime()}@example.com`,
      status,
      createdAt,
    });
    await database.db
      .insert(emailMessages)
      .values([
        written("receipt:kr_1", "sent"),
        written("receipt:kr_2", "sent"),
        written("receipt:kr_3", "failed"),
        written("checkout-abandoned:1", "skipped"),
        written("checkout-abandoned:2", "queued"),
        written("receipt:kr_4", "sent", new Date(today.getTime() - 40 * 86_400_000)),
      ]);
    const day = today.toISOString().slice(0, 10);
    const report = await getEmailReport(database.db, { from: day, to: day });
    expect(report.map((row) => row.id)).toEqual([...emailKindIds]);
    expect(report.find((row) => row.id === "receipt")).toEqual({
      id: "receipt",
      class: "service",
      written: 3,
      sent: 2,
      failed: 1,
      skipped: 0,
      queued: 0,
    });
    expect(report.find((row) => row.id === "checkout-abandoned")).toMatchObject({
      class: "marketing",
      written: 2,
      skipped: 1,
      queued: 1,
    });
    expect(report.find((row) => row.id === "win-back")).toMatchObject({ written: 0, sent: 0 });
  });
});
