import type { Database } from "@kinderready/db/open-db";
import { emailOutbox } from "@kinderready/db/schema";
import { eq } from "drizzle-orm";
import { createOutboxSender } from "../src/adapters/mail-sender.server.ts";
import { deliverEmail, type EmailDeps, type EmailQueue } from "../src/email/email-queue.server.ts";

/**
 * Tests only: the email job queue as the use cases see it, recording what they enqueued, and the
 * mail worker's dependencies over the local outbox, on the test's clock; `delivered` sends what
 * was enqueued and answers the mail that reached one address, oldest first.
 */
export function openMailTestbed(db: Database, now: () => Date, overrides: Partial<EmailDeps> = {}) {
  const enqueued: string[] = [];
  const emails: EmailQueue = {
    send: (async (_name: string, data: { messageId: string }) => {
      enqueued.push(data.messageId);
      return null;
    }) as EmailQueue["send"],
  };
  const mail: EmailDeps = {
    db,
    sender: createOutboxSender({ db }, "KinderReady <hello@example.com>"),
    appUrl: "https://kinderready.test",
    supportEmail: "help@example.com",
    accessLinkSecret: "a-test-secret-of-enough-length-000000",
    renderPdf: () => Promise.reject(new Error("no page expected")),
    errors: { name: "local", report: () => {}, close: async () => {} },
    now,
    ...overrides,
  };
  return {
    emails,
    enqueued,
    mail,
    async delivered(recipient: string) {
      for (const id of enqueued.splice(0)) await deliverEmail(mail, id);
      return db.select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient)).orderBy(emailOutbox.createdAt);
    },
  };
}
export type MailTestbed = ReturnType<typeof openMailTestbed>;
