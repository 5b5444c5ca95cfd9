import type { DbHandle } from "@kinderready/db/open-db";
import { emailMessages, emailOutbox, users } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import { createOutboxSender } from "../adapters/mail-sender.server.ts";
import { emailKind } from "./email-kinds.ts";
import { deliverEmail, type EmailDeps } from "./email-queue.server.ts";
import { unsubscribeFromMarketing } from "./unsubscribe.server.ts";

// A marketing email carries its way out: a visible link and the List-Unsubscribe headers a mail
// client turns into a button (RFC 8058). Either stops marketing mail at once, and says how.

const secret = "a-test-secret-of-enough-length-000000";
const clock = new Date("2026-12-01T09:00:00Z");

describe.each(testDatabases())("unsubscribing from marketing mail on $name", (target) => {
  let database: DbHandle;
  let mail: EmailDeps;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    mail = {
      db: database.db,
      sender: createOutboxSender({ db: database.db }, "KinderReady <hello@example.com>"),
      appUrl: "https://kinderready.test",
      supportEmail: "help@example.com",
      accessLinkSecret: secret,
      renderPdf: () => Promise.reject(new Error("no page expected")),
      errors: { name: "local", report: (error) => expect.unreachable(String(error)), close: async () => {} },
      now: () => clock,
    };
  }, 60_000);
  afterAll(() => database.close());

  /** A marketing mail to the parent; `nth` keeps each one its own row (one review request per parent otherwise). */
  const reviewRequestTo = async (parent: { id: string; email: string | null }, nth = "1") => {
    const [message] = await database.db
      .insert(emailMessages)
      .values({ userId: parent.id, kind: emailKind("review-request", nth), recipient: parent.email ?? "" })
      .returning({ id: emailMessages.id });
    return deliverEmail(mail, message?.id ?? "");
  };
  const parentRow = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0];

  it("sends the link and the one-click headers, and the button's post stops the next marketing mail", async () => {
    const parent = await insertTestParent(database.db);
    expect(await reviewRequestTo(parent)).toBe("sent");
    const [sent] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, parent.email ?? ""));
    const header = /^List-Unsubscribe:\s+<(https:\/\/kinderready\.test\/unsubscribe\/\?code=[^>]+)>$/m.exec(
      sent?.raw ?? "",
    );
    expect(header).not.toBeNull();
    expect(sent?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(sent?.text).toContain(`Unsubscribe from tips and offers\n${header?.[1]}`);

    const code = new URL(header?.[1] ?? "").searchParams.get("code") ?? "";
    expect(
      await unsubscribeFromMarketing(
        { db: database.db, accessLinkSecret: secret, now: () => clock },
        { code, via: "one-click" },
      ),
    ).toBe(true);
    expect(await parentRow(parent.id)).toMatchObject({
      isForbiddenToMailing: true,
      mailingOptOutAt: clock,
      mailingOptOutVia: "one-click",
    });
    expect(await reviewRequestTo(parent, "2")).toBe("skipped");

    // Pressed again later, from the page: the first opt-out stays on record.
    const later = new Date(clock.getTime() + 60_000);
    await unsubscribeFromMarketing(
      { db: database.db, accessLinkSecret: secret, now: () => later },
      { code, via: "email-link" },
    );
    expect(await parentRow(parent.id)).toMatchObject({ mailingOptOutAt: clock, mailingOptOutVia: "one-click" });
  });

  it("refuses a code it did not sign and changes nothing", async () => {
    const parent = await insertTestParent(database.db);
    const forged = `${parent.id}.${"A".repeat(43)}`;
    expect(
      await unsubscribeFromMarketing(
        { db: database.db, accessLinkSecret: secret, now: () => clock },
        { code: forged, via: "one-click" },
      ),
    ).toBe(false);
    expect(await parentRow(parent.id)).toMatchObject({ isForbiddenToMailing: false, mailingOptOutAt: null });
  });

  it("sends service mail without any unsubscribe header", async () => {
    const parent = await insertTestParent(database.db);
    const [message] = await database.db
      .insert(emailMessages)
      .values({ userId: parent.id, kind: "welcome", recipient: parent.email ?? "" })
      .returning({ id: emailMessages.id });
    await deliverEmail(mail, message?.id ?? "");
    const [sent] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, parent.email ?? ""));
    expect(sent?.raw).not.toContain("List-Unsubscribe");
  });
});
