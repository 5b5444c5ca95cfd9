import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog, emailMessages, emailOutbox, operatorSignInLinks } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { localeCodes } from "@kinderready/i18n/locales";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailSender } from "../adapters/mail-sender.server.ts";
import type { AppError } from "../app-error.ts";
import { accessCode } from "../email/access-code.server.ts";
import { deliverEmail } from "../email/email-queue.server.ts";
import { operatorLinkMinutes, renderOperatorLinkEmail } from "../email/operator-sign-in-email.server.ts";
import { authenticateOperator, createOperator, signInOperator } from "./operator-accounts.server.ts";
import {
  checkOperatorSignInLink,
  requestOperatorSignInLink,
  signInWithOperatorLink,
} from "./operator-sign-in-links.server.ts";

const accessLinkSecret = "a-test-secret-of-enough-length-000000";
const appUrl = "https://kit.example";
const password = "a long operator passphrase";

describe.each(testDatabases())("operators' emailed sign-in links on $name", (target) => {
  let database: DbHandle;
  let now = new Date();
  const queued: string[] = [];
  const deps = () => ({
    db: database.db,
    emails: {
      // pg-boss's send, recording the message each job would deliver.
      send: async (...job: unknown[]) => {
        queued.push((job[1] as { messageId: string }).messageId);
        return null;
      },
    },
    now: () => now,
  });
  /** Delivers what was queued into the local outbox and answers the link in the newest email to `to`. */
  const linkInMail = async (to: string) => {
    const sender = createMailSender({ from: "KinderReady <hello@example.com>", db: database.db });
    for (const messageId of queued.splice(0)) {
      await deliverEmail(
        {
          db: database.db,
          sender,
          appUrl,
          supportEmail: "help@example.com",
          accessLinkSecret,
          renderPdf: () => Promise.reject(new Error("no PDF in this email")),
          errors: { name: "local", report: (error) => expect.unreachable(String(error)), close: async () => {} },
          now: () => new Date(),
        },
        messageId,
      );
    }
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, to));
    const mail = mails.at(-1);
    const url = new URL(/https:\/\/kit\.example\/admin\/sign-in\/\?link=\S+/.exec(mail?.text ?? "")?.[0] ?? appUrl);
    return { subject: mail?.subject, code: url.searchParams.get("link") ?? "" };
  };
  const outcome = (attempt: Promise<unknown>) =>
    attempt.then(
      (result) => (result === undefined ? "refused" : "signed in"),
      (error: AppError) => error.messageKey,
    );

  beforeAll(async () => {
    database = await openTestDatabase(target);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it("emails a link in the operator's language that signs in once, for a quarter hour, even while the password waits", async () => {
    const operator = await createOperator(database, { email: "links@example.com", password, createdBy: null });
    now = new Date();
    // The password waits after a stranger's guesses from this address.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await signInOperator(database, {
        email: "links@example.com",
        password: "a stranger's guess",
        clientAddress: "198.51.100.70",
        now,
      }).catch(() => undefined);
    }
    await requestOperatorSignInLink(deps(), {
      email: " Links@Example.com",
      clientAddress: "198.51.100.70",
      locale: "de",
    });
    const [row] = await database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.recipient, "links@example.com"));
    expect(row).toMatchObject({ userId: null, kind: expect.stringMatching(/^operator-sign-in:de:[0-9a-f-]{36}$/) });
    const [stored] = await database.db
      .select()
      .from(operatorSignInLinks)
      .where(eq(operatorSignInLinks.operatorId, operator.id));
    expect(stored?.expiresAt.getTime()).toBe(now.getTime() + operatorLinkMinutes * 60_000);
    const { subject, code } = await linkInMail("links@example.com");
    expect(subject).toBe("Ihr Anmeldelink für die KinderReady-Konsole");
    // The table holds the id; the code is the id and an HMAC no row holds.
    expect(code.startsWith(`${stored?.id}.`)).toBe(true);
    expect(await checkOperatorSignInLink(deps(), { accessLinkSecret, code })).toBe(true);

    const session = await signInWithOperatorLink(deps(), { accessLinkSecret, code, clientAddress: "198.51.100.70" });
    expect(session).toBeDefined();
    expect(await authenticateOperator(database, { token: session?.token ?? "", now })).toMatchObject({
      id: operator.id,
    });
    expect(await outcome(signInWithOperatorLink(deps(), { accessLinkSecret, code, clientAddress: "x" }))).toBe(
      "refused",
    );
    expect(await checkOperatorSignInLink(deps(), { accessLinkSecret, code })).toBe(false);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.operatorId, operator.id));
    expect(entries).toContainEqual(
      expect.objectContaining({ action: "sign-in", details: { address: "198.51.100.70", method: "link" } }),
    );

    await requestOperatorSignInLink(deps(), {
      email: "links@example.com",
      clientAddress: "198.51.100.71",
      locale: "en",
    });
    const late = (await linkInMail("links@example.com")).code;
    now = new Date(now.getTime() + operatorLinkMinutes * 60_000);
    expect(await outcome(signInWithOperatorLink(deps(), { accessLinkSecret, code: late, clientAddress: "x" }))).toBe(
      "refused",
    );
  });

  it("refuses a forged code, and a parent's link code for the same id", async () => {
    now = new Date();
    await createOperator(database, { email: "forged@example.com", password, createdBy: null });
    await requestOperatorSignInLink(deps(), {
      email: "forged@example.com",
      clientAddress: "198.51.100.72",
      locale: "en",
    });
    const { code } = await linkInMail("forged@example.com");
    const id = code.split(".")[0] ?? "";
    for (const forged of [`${id}.${"A".repeat(43)}`, accessCode(accessLinkSecret, id), id, "", "x".repeat(200)]) {
      expect(
        await outcome(signInWithOperatorLink(deps(), { accessLinkSecret, code: forged, clientAddress: "x" })),
      ).toBe("refused");
    }
    expect(await outcome(signInWithOperatorLink(deps(), { accessLinkSecret, code, clientAddress: "x" }))).toBe(
      "signed in",
    );
  });

  it("answers an unknown email as an operator's, sends it nothing, and limits asks per email and per address", async () => {
    now = new Date();
    await createOperator(database, { email: "asked@example.com", password, createdBy: null });
    const ask = (email: string, clientAddress: string) =>
      requestOperatorSignInLink(deps(), { email, clientAddress, locale: "en" }).then(
        () => "answered",
        (error: AppError) => error.messageKey,
      );
    const known = [];
    const unknown = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      known.push(await ask("asked@example.com", `198.51.100.8${attempt}`));
      unknown.push(await ask("nobody@example.com", `198.51.100.9${attempt}`));
    }
    expect(unknown).toEqual(known);
    expect(known).toEqual(["answered", "answered", "answered", "linkThrottled"]);
    expect(
      await database.db.select().from(emailMessages).where(eq(emailMessages.recipient, "nobody@example.com")),
    ).toEqual([]);
    const fromOneAddress = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      fromOneAddress.push(await ask(`someone-${attempt}@example.com`, "203.0.113.99"));
    }
    expect(fromOneAddress.at(-1)).toBe("linkThrottled");
    expect(fromOneAddress.slice(0, 10).every((answer) => answer === "answered")).toBe(true);
  });

  it.each(localeCodes)("writes the email in %s, with the link, the lifetime and no raw keys", (locale) => {
    const mail = renderOperatorLinkEmail({
      args: [locale, "0b6f7f3e-5d1c-4a8e-9a57-1f6e9d2c4b10"],
      to: "operator@example.com",
      appUrl,
      accessLinkSecret,
    });
    expect(mail?.text).toMatch(/https:\/\/kit\.example\/admin\/sign-in\/\?link=0b6f7f3e-5d1c-4a8e-9a57-1f6e9d2c4b10\./);
    expect(mail?.text).toContain(String(operatorLinkMinutes));
    expect(`${mail?.subject} ${mail?.text}`).not.toMatch(/signInEmail|console:/);
    expect(mail?.html).toContain(`lang="${locale}"`);
  });
});
