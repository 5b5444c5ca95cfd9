import { emailMessages, ledgerEntries } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestOrder, insertTestParent } from "../../test/test-data.server.ts";
import { emailKindIds } from "../email/email-kinds.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { getEmailReport } from "./email-report.server.ts";

// Every kind has a row; each counts the mails of its kind written in the range, by what became of them.

describe.each(testDatabases())("the email report on $name", (target) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
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
    const report = await getEmailReport(database, { from: day, to: day });
    expect(report.map((row) => row.id)).toEqual([...emailKindIds]);
    expect(report.find((row) => row.id === "receipt")).toEqual({
      id: "receipt",
      class: "service",
      written: 3,
      sent: 2,
      failed: 1,
      skipped: 0,
      queued: 0,
      clicked: 0,
      outcome: null,
      followed: 0,
    });
    expect(report.find((row) => row.id === "checkout-abandoned")).toMatchObject({
      class: "marketing",
      written: 2,
      skipped: 1,
      queued: 1,
    });
    expect(report.find((row) => row.id === "win-back")).toMatchObject({ written: 0, sent: 0 });
  });

  it("counts the sent mails with a link followed, and those followed within a week by what they are for", async () => {
    const recovered = await insertTestParent(database.db);
    const lapsed = await insertTestParent(database.db);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const sent = (userId: string, kind: string, sentAt: Date, firstClickedAt: Date | null = null) => ({
      userId,
      kind,
      recipient: `${userId}@example.com`,
      status: "sent" as const,
      createdAt: sentAt,
      sentAt,
      firstClickedAt,
      clicks: firstClickedAt ? 1 : 0,
    });
    await database.db
      .insert(emailMessages)
      .values([
        sent(recovered.id, "payment-failed:kr_a", daysAgo(2), daysAgo(2)),
        sent(lapsed.id, "payment-failed:kr_b", daysAgo(2)),
        sent(recovered.id, "cancellation-confirmed:c1", daysAgo(1), daysAgo(1)),
      ]);
    // The overdue renewal paid a day after the email; the other parent's charge came before it.
    await insertTestOrder(database.db, { userId: recovered.id, purpose: "renewal", fulfilledAt: daysAgo(1) });
    await insertTestOrder(database.db, { userId: lapsed.id, purpose: "renewal", fulfilledAt: daysAgo(3) });
    await database.db.insert(ledgerEntries).values({
      userId: recovered.id,
      type: "state_change",
      details: { from: "cancelled", to: "active", restored: true },
      createdAt: now,
    });
    const report = await getEmailReport(database, {
      from: daysAgo(3).toISOString().slice(0, 10),
      to: now.toISOString().slice(0, 10),
    });
    expect(report.find((row) => row.id === "payment-failed")).toMatchObject({
      sent: 2,
      clicked: 1,
      outcome: "charged",
      followed: 1,
    });
    expect(report.find((row) => row.id === "cancellation-confirmed")).toMatchObject({
      clicked: 1,
      outcome: "kept",
      followed: 1,
    });
    expect(report.find((row) => row.id === "access-link")).toMatchObject({ outcome: null, followed: 0 });
  });
});
