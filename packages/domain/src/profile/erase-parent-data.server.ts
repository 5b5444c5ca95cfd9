import type { Database, Transaction } from "@kinderready/db/open-db";
import {
  accessLinks,
  analyticsEvents,
  analyticsVisits,
  attributions,
  cancelFlowSessions,
  cancellationRequests,
  conversionEvents,
  emailMessages,
  funnelVisitors,
  ledgerEntries,
  parentSessions,
  printableProgress,
  quizAnswers,
  reviews,
  splitExposures,
  subscriptions,
  supportRequests,
  users,
} from "@kinderready/db/schema";
import { isLocale, type Locale } from "@kinderready/i18n/locales";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { AppError, AppErrorCode } from "../app-error.ts";
import { renderDataErasedEmail } from "../email/account-emails.server.ts";
import { emailKind } from "../email/email-kinds.ts";
import type { MailSender } from "../email/mail.ts";
import { findParent, type Parent } from "../parents/find-parent.server.ts";
import { createRandomToken } from "../random-token.ts";
import { forgetThrottleKeys, throttleKey } from "../request-throttle.server.ts";
import { mayDeleteData } from "./profile.server.ts";

// "Delete my data": everything personal goes (email, child's name and age, answers, tracking ids,
// email logs, progress, their review, sign-in links and sessions, contact messages, the card
// token, free-text reasons). What accounting law requires stays, anonymised: the user row (a new
// random token, no email, no name) keeps the orders, the subscription's history and the ledger
// pointing at somebody nobody can name. The old token, sessions and download links then open
// nothing. A last email confirms it, sent directly and not logged, so not even the log of it
// names the parent.

export type EraseDeps = { db: Database; sender: MailSender; supportEmail: string; now: () => Date };

export const activeSubscriptionError = () =>
  new AppError(
    AppErrorCode.Conflict,
    "subscription",
    "Cancel the subscription before deleting your data",
    "profile.delete.cancelFirst",
  );

export async function eraseParentData(
  deps: EraseDeps,
  input: { token: string },
): Promise<{ confirmationSent: boolean }> {
  const user = await findParent(deps.db, input);
  if (!user)
    throw new AppError(AppErrorCode.NotFound, "token", "No parent with this token", "profile.errors.signedOut");
  const now = deps.now();

  await deps.db.transaction(async (tx) => {
    await lockForErasure(tx, user.id);
    await eraseMessages(tx, user);
    await anonymiseCancellations(tx, user);
    await deleteTracesOfUse(tx, user.id);
    await forgetPaymentDetails(tx, user.id, now);
    await anonymiseParentRow(tx, user, now);
  });

  return sendErasureConfirmation(deps, user);
}

/** The parent whose data is erased, as far as the erasure needs them. */
type ErasedParent = Pick<Parent, "id" | "email">;

/**
 * The parent's row first, as a settling payment locks it: a payment settling meanwhile waits
 * and then finds the parent erased (and is refunded), instead of the two deadlocking or a
 * subscription starting under data being erased. Then their subscription, which must not renew.
 */
async function lockForErasure(tx: Transaction, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [subscription] = await tx
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for("update");
  if (!mayDeleteData(subscription)) throw activeSubscriptionError();
}

/** Their contact messages (by account or address), the emails about them, and every email sent to them. */
async function eraseMessages(tx: Transaction, user: ErasedParent) {
  const contactMessages = await tx
    .delete(supportRequests)
    .where(
      user.email
        ? or(eq(supportRequests.userId, user.id), eq(supportRequests.email, user.email))
        : eq(supportRequests.userId, user.id),
    )
    .returning({ id: supportRequests.id });
  if (contactMessages.length > 0) {
    await tx.delete(emailMessages).where(
      inArray(
        emailMessages.kind,
        contactMessages.map((request) => emailKind("support", request.id)),
      ),
    );
  }
  await tx.delete(emailMessages).where(eq(emailMessages.userId, user.id));
}

async function anonymiseCancellations(tx: Transaction, user: ErasedParent) {
  // Their cancellations stay as proof of what was received and when, without the address
  // typed or the reason given.
  await tx
    .update(cancellationRequests)
    .set({ email: null, reason: null })
    .where(
      user.email
        ? or(eq(cancellationRequests.userId, user.id), eq(cancellationRequests.email, user.email))
        : eq(cancellationRequests.userId, user.id),
    );
  // Their passes through the cancel flow stay in the retention figures, without their words and
  // no longer theirs.
  await tx
    .update(cancelFlowSessions)
    .set({ comment: null, userId: null })
    .where(eq(cancelFlowSessions.userId, user.id));
}

/** Their quiz answers, tracking, progress, review, sign-in links, sessions and analytics. */
async function deleteTracesOfUse(tx: Transaction, userId: string) {
  await tx.delete(quizAnswers).where(eq(quizAnswers.userId, userId));
  await tx.delete(attributions).where(eq(attributions.userId, userId));
  await tx.delete(printableProgress).where(eq(printableProgress.userId, userId));
  // Their review goes too, published or not: it carries their first name and their child's age.
  await tx.delete(reviews).where(eq(reviews.userId, userId));
  await tx.delete(accessLinks).where(eq(accessLinks.userId, userId));
  // Signed out on every device, not just the one that asked.
  await tx.delete(parentSessions).where(eq(parentSessions.userId, userId));
  // Analytics linked to the parent: their events, visits (device, click ids) and split exposures.
  await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, userId));
  await tx.delete(analyticsVisits).where(eq(analyticsVisits.userId, userId));
  await tx.delete(splitExposures).where(eq(splitExposures.userId, userId));
  await tx.delete(funnelVisitors).where(eq(funnelVisitors.userId, userId));
}

/** Where they paid from, and the card token and free-text reason kept with the subscription. */
async function forgetPaymentDetails(tx: Transaction, userId: string, now: Date) {
  // Conversions not yet reported to ad platforms never will be.
  await tx
    .delete(conversionEvents)
    .where(and(eq(conversionEvents.userId, userId), isNull(conversionEvents.forwardedAt)));
  // Those already forwarded stay as the platforms have them, without where the parent paid from.
  await tx.update(conversionEvents).set({ clientIp: null, userAgent: null }).where(eq(conversionEvents.userId, userId));
  await tx
    .update(subscriptions)
    .set({ cardToken: null, cancelComment: null, updatedAt: now })
    .where(eq(subscriptions.userId, userId));
}

/**
 * The row accounting keeps, with nothing left to name the parent by: a new random token, no
 * address, no child, no mail; the ledger records when.
 */
async function anonymiseParentRow(tx: Transaction, user: ErasedParent, now: Date) {
  if (user.email) {
    await forgetThrottleKeys(tx, [throttleKey("access-email", user.email), throttleKey("contact-email", user.email)]);
  }
  await tx
    .update(users)
    .set({
      token: createRandomToken(),
      marketingContactId: createRandomToken(),
      email: null,
      kidName: null,
      kidAge: null,
      kidAgeText: null,
      topics: [],
      region: null,
      timeZone: null,
      emailConfirmedAt: null,
      isForbiddenToMailing: true,
      isManualAccess: false,
      adSharingOptOutAt: now,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  await tx.insert(ledgerEntries).values({ userId: user.id, type: "data_erased", details: {} });
}

/** The last email, sent directly and not logged: not even the log of it names the parent. */
async function sendErasureConfirmation(
  deps: EraseDeps,
  user: Pick<Parent, "email" | "locale">,
): Promise<{ confirmationSent: boolean }> {
  if (!user.email) return { confirmationSent: false };
  const locale: Locale = isLocale(user.locale) ? user.locale : "en";
  try {
    await deps.sender.send(renderDataErasedEmail({ locale, to: user.email, supportEmail: deps.supportEmail }));
    return { confirmationSent: true };
  } catch {
    // The data is gone either way; the address is not kept to retry with.
    return { confirmationSent: false };
  }
}
