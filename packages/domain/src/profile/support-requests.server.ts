import type { Database } from "@kinderready/db/open-db";
import { emailMessages, supportRequests } from "@kinderready/db/schema";
import type { Locale } from "@kinderready/i18n/locales";
import { AppError, AppErrorCode } from "../app-error.ts";
import { emailKind } from "../email/email-kinds.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { allowAttempt, throttleKey } from "../request-throttle.server.ts";
import type { ContactRequest } from "./profile-schema.ts";

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
    deps.db,
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
    const [request] = await tx
      .insert(supportRequests)
      .values({ ...input.request, locale: input.locale, userId: input.userId ?? null, createdAt: deps.now() })
      .returning({ id: supportRequests.id });
    if (!request) throw new Error("support request not stored");
    const [message] = await tx
      .insert(emailMessages)
      .values({ userId: input.userId ?? null, kind: emailKind("support", request.id), recipient: deps.supportEmail })
      .returning({ id: emailMessages.id });
    return message?.id;
  });
  if (messageId) await enqueueEmail(deps.emails, messageId);
}
