import type { Database } from "@kinderready/db/open-db";
import type { Locale } from "@kinderready/i18n/locales";
import { AppError, AppErrorCode } from "../app-error.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { allowAttempt, throttleKey } from "../request-throttle.server.ts";
import type { ContactRequest } from "./profile-schema.ts";
import { insertSupportRequest, insertSupportRequestEmail } from "./support-request-queries.server.ts";

// The contact form: the message is stored with an email to support in the same transaction, and
// the email job delivers it with retries (the outbox every other email uses). Limited per client
// and per address, so the form cannot be used to flood the support inbox.

export type SupportDeps = { db: Database; emails: EmailQueue; now: () => Date; supportEmail: string };

const perClient = { max: 5, windowMinutes: 60 };
const perEmail = { max: 5, windowMinutes: 60 };

export async function submitSupportRequest(
  deps: SupportDeps,
  input: { request: ContactRequest; locale: Locale; userId: string | undefined; clientAddress: string },
): Promise<void> {
  const allowed = await allowAttempt(
    deps,
    [
      { key: throttleKey("contact-client", input.clientAddress), ...perClient },
      { key: throttleKey("contact-email", input.request.email), ...perEmail },
    ],
    deps.now(),
  );
  if (!allowed) {
    throw new AppError(AppErrorCode.RateLimited, "message", "Too many messages from this address", "contact.tooMany");
  }
  const messageId = await deps.db.transaction(async (tx) => {
    const request = await insertSupportRequest(tx, {
      ...input.request,
      locale: input.locale,
      userId: input.userId ?? null,
      createdAt: deps.now(),
    });
    if (!request) throw new Error("support request not stored");
    return insertSupportRequestEmail(tx, {
      userId: input.userId ?? null,
      requestId: request.id,
      recipient: deps.supportEmail,
    });
  });
  if (messageId) await enqueueEmail(deps.emails, messageId);
}
