import type { Database } from "@kinderready/db/open-db";
import type { Locale } from "@kinderready/i18n/locales";
import { AppError, AppErrorCode } from "../app-error.ts";
import { verifyAccessCode } from "../email/access-code.server.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { operatorLinkKind, operatorLinkMinutes, operatorLinkSecret } from "../email/operator-sign-in-email.server.ts";
import { allowAttempt, throttleKey } from "../request-throttle.server.ts";
import { insertAuditEntry } from "./audit-log-queries.server.ts";
import { type OperatorSession, startOperatorSession } from "./operator-accounts.server.ts";
import {
  findLiveOperatorSignInLink,
  findOperatorById,
  findOperatorIdByEmail,
  insertOperatorLinkEmail,
  insertOperatorSignInLink,
  markOperatorSignInLinkUsed,
} from "./operator-queries.server.ts";

// An operator who forgot the password, or waits out someone else's wrong guesses, asks for a
// sign-in link by email. The answer is the same whether the email is an operator's or not; asks
// are limited per email and per client address; a link works once, for a quarter hour, and only
// its id is stored (the code in it is an HMAC of the id). Opening the link shows a page whose
// Continue button posts: a mail scanner that follows links does not spend it.

/** Per email: enough for a lost first email, too few to flood an inbox. */
const perEmail = { max: 3, windowMinutes: 60 };
const perClient = { max: 10, windowMinutes: 60 };

export type OperatorLinkDeps = { db: Database; emails: EmailQueue; now: () => Date };

/**
 * Emails a sign-in link to the operator with this email, if there is one, in `locale`. Throws
 * `rate-limited` past the limits, for operators' emails and others alike.
 */
export async function requestOperatorSignInLink(
  deps: OperatorLinkDeps,
  input: { email: string; clientAddress: string; locale: Locale },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const now = deps.now();
  const allowed = await allowAttempt(
    deps,
    [
      { key: throttleKey("operator-link-email", email), ...perEmail },
      { key: throttleKey("operator-link-client", input.clientAddress), ...perClient },
    ],
    now,
  );
  if (!allowed) {
    throw new AppError(AppErrorCode.RateLimited, "email", "Too many sign-in links asked for", "linkThrottled", {
      retryAfterSeconds: perEmail.windowMinutes * 60,
    });
  }
  const messageId = await deps.db.transaction(async (tx) => {
    const operator = await findOperatorIdByEmail(tx, email);
    const details = { address: input.clientAddress };
    if (!operator) {
      await insertAuditEntry(tx, { operatorId: null, action: "sign-in.link-asked", target: email, details });
      return undefined;
    }
    const link = await insertOperatorSignInLink(tx, {
      operatorId: operator.id,
      expiresAt: new Date(now.getTime() + operatorLinkMinutes * 60_000),
      createdAt: now,
    });
    if (!link) throw new Error("operator sign-in link not stored");
    const message = await insertOperatorLinkEmail(tx, {
      kind: operatorLinkKind(input.locale, link.id),
      recipient: email,
    });
    await insertAuditEntry(tx, { operatorId: operator.id, action: "sign-in.link-asked", details });
    return message?.id;
  });
  // After the commit: pg-boss may look its queue up on a connection of its own.
  if (messageId) await enqueueEmail(deps.emails, messageId);
}

/** Whether a code is a live link (for the page that asks the operator to confirm signing in). */
export async function checkOperatorSignInLink(
  deps: Pick<OperatorLinkDeps, "db" | "now">,
  input: { accessLinkSecret: string; code: string },
): Promise<boolean> {
  const id = verifyAccessCode(operatorLinkSecret(input.accessLinkSecret), input.code);
  if (!id) return false;
  const link = await findLiveOperatorSignInLink(deps.db, id, deps.now());
  return link !== undefined;
}

/**
 * Signs in with a link: uses it up and starts a session, or answers undefined when the link is
 * forged, used or expired. Two posts racing: one wins. No wait after wrong passwords applies:
 * the link proves the operator reads their email.
 */
export async function signInWithOperatorLink(
  deps: Pick<OperatorLinkDeps, "db" | "now">,
  input: { accessLinkSecret: string; code: string; clientAddress: string },
): Promise<OperatorSession | undefined> {
  const id = verifyAccessCode(operatorLinkSecret(input.accessLinkSecret), input.code);
  if (!id) return undefined;
  const now = deps.now();
  const link = await markOperatorSignInLinkUsed(deps.db, id, now);
  if (!link) return undefined;
  const operator = await findOperatorById(deps.db, link.operatorId);
  if (!operator) return undefined;
  return startOperatorSession(deps, { operator, address: input.clientAddress, now, method: "link" });
}
