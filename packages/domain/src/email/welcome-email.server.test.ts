import type { DbHandle } from "@kinderready/db/open-db";
import { emailMessages, emailOutbox } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { renderPdf } from "@kinderready/kit/render.server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import { createOutboxSender } from "../adapters/mail-sender.server.ts";
import { deliverEmail, type EmailDeps } from "./email-queue.server.ts";

// The welcome email carries the child's first worksheet, drawn by the kit with their name; a page
// that cannot be drawn leaves the email going out without it.

describe.each(testDatabases())("the welcome email on $name", (target) => {
  let database: DbHandle;
  const reported: unknown[] = [];
  const deps = (renderPage: EmailDeps["renderPdf"]): EmailDeps => ({
    db: database.db,
    sender: createOutboxSender({ db: database.db }, "KinderReady <hello@example.com>"),
    appUrl: "https://kinderready.test",
    supportEmail: "help@example.com",
    accessLinkSecret: "a-test-secret-of-enough-length-000000",
    renderPdf: renderPage,
    errors: { name: "local", report: (error) => reported.push(error), close: async () => {} },
    now: () => new Date(),
  });
  const drawn: EmailDeps["renderPdf"] = async (request) => (await renderPdf(request)).bytes;

  beforeAll(async () => {
    database = await openTestDatabase(target);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  async function welcome(kidName: string | null, locale = "en") {
    const parent = await insertTestParent(database.db, { kidName, locale, countryCode: "DE" });
    const [message] = await database.db
      .insert(emailMessages)
      .values({ userId: parent.id, kind: "welcome", recipient: parent.email ?? "" })
      .returning({ id: emailMessages.id });
    return { messageId: message?.id ?? "", recipient: parent.email ?? "" };
  }
  const mailTo = async (recipient: string) =>
    (await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient)))[0];

  it("attaches the child's name-tracing page as a PDF and says so", async () => {
    const { messageId, recipient } = await welcome("Mia");
    expect(await deliverEmail(deps(drawn), messageId)).toBe("sent");
    const mail = await mailTo(recipient);
    expect(mail?.text).toContain("Mia's first worksheet is attached: a page for tracing their own name.");
    expect(mail?.raw).toContain("Content-Type: multipart/mixed");
    const attachment = /Content-Type: application\/pdf; name=(\S+)\n[\s\S]*?\n\n([A-Za-z0-9+/=\n]+)\n--/.exec(
      mail?.raw ?? "",
    );
    expect(attachment?.[1]).toMatch(/^kinderready-trial-.+-en\.pdf$/);
    const pdf = Buffer.from(attachment?.[2] ?? "", "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // A4 for a parent in Germany: 595.28 x 841.89 points.
    expect(pdf.toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  }, 30_000);

  it("is written in the parent's language", async () => {
    const { messageId, recipient } = await welcome("Lena", "de");
    await deliverEmail(deps(drawn), messageId);
    expect((await mailTo(recipient))?.raw).toMatch(/name=kinderready-trial-.+-de\.pdf/);
  }, 30_000);

  it("sends the confirmation without a page when there is no name to draw", async () => {
    const { messageId, recipient } = await welcome(null);
    await deliverEmail(deps(drawn), messageId);
    const mail = await mailTo(recipient);
    expect(mail?.raw).not.toContain("application/pdf");
    expect(mail?.text).not.toContain("first worksheet");
  });

  it("sends the confirmation without the page, and reports it, when the page cannot be drawn", async () => {
    const { messageId, recipient } = await welcome("Noah");
    const broken = new Error("render thread exited with 1");
    expect(
      await deliverEmail(
        deps(() => Promise.reject(broken)),
        messageId,
      ),
    ).toBe("sent");
    const mail = await mailTo(recipient);
    expect(mail?.raw).not.toContain("application/pdf");
    expect(mail?.text).toContain("Please confirm your email address");
    expect(reported).toContain(broken);
  });
});
