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
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { emailKind } from "../email/email-kinds.ts";
import { createRandomToken } from "../random-token.ts";

// The statements of "delete my data" (erase-parent-data.server.ts says what goes and what stays),
// each run in the erasure's one transaction.

/** The parent whose data is erased, as far as the erasure needs them. */
type ErasedParent = { id: string; email: string | null };

/**
 * The parent's row first, as a settling payment locks it: a payment settling meanwhile waits
 * and then finds the parent erased (and is refunded), instead of the two deadlocking or a
 * subscription starting under data being erased. Then their subscription; answers its status.
 */
export async function lockParentForErasure(
  db: Database | Transaction,
  userId: string,
): Promise<{ status: string } | undefined> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [subscription] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for("update");
  return subscription;
}

/** Their contact messages (by account or address), the emails about them, and every email sent to them. */
export async function deleteParentMessages(db: Database | Transaction, user: ErasedParent): Promise<void> {
  const contactMessages = await db
    .delete(supportRequests)
    .where(
      user.email
        ? or(eq(supportRequests.userId, user.id), eq(supportRequests.email, user.email))
        : eq(supportRequests.userId, user.id),
    )
    .returning({ id: supportRequests.id });
  if (contactMessages.length > 0) {
    await db.delete(emailMessages).where(
      inArray(
        emailMessages.kind,
        contactMessages.map((request) => emailKind("support", request.id)),
      ),
    );
  }
  await db.delete(emailMessages).where(eq(emailMessages.userId, user.id));
}

export async function anonymiseParentCancellations(db: Database | Transaction, user: ErasedParent): Promise<void> {
  // Their cancellations stay as proof of what was received and when, without the address
  // typed or the reason given.
  await db
    .update(cancellationRequests)
    .set({ email: null, reason: null })
    .where(
      user.email
        ? or(eq(cancellationRequests.userId, user.id), eq(cancellationRequests.email, user.email))
        : eq(cancellationRequests.userId, user.id),
    );
  // Their passes through the cancel flow stay in the retention figures, without their words and
  // no longer theirs.
  await db
    .update(cancelFlowSessions)
    .set({ comment: null, userId: null })
    .where(eq(cancelFlowSessions.userId, user.id));
}

/** Their quiz answers, tracking, progress, review, sign-in links, sessions and analytics. */
export async function deleteParentTracesOfUse(db: Database | Transaction, userId: string): Promise<void> {
  await db.delete(quizAnswers).where(eq(quizAnswers.userId, userId));
  await db.delete(attributions).where(eq(attributions.userId, userId));
  await db.delete(printableProgress).where(eq(printableProgress.userId, userId));
  // Their review goes too, published or not: it carries their first name and their child's age.
  await db.delete(reviews).where(eq(reviews.userId, userId));
  await db.delete(accessLinks).where(eq(accessLinks.userId, userId));
  // Signed out on every device, not just the one that asked.
  await db.delete(parentSessions).where(eq(parentSessions.userId, userId));
  // Analytics linked to the parent: their events, visits (device, click ids) and split exposures.
  await db.delete(analyticsEvents).where(eq(analyticsEvents.userId, userId));
  await db.delete(analyticsVisits).where(eq(analyticsVisits.userId, userId));
  await db.delete(splitExposures).where(eq(splitExposures.userId, userId));
  await db.delete(funnelVisitors).where(eq(funnelVisitors.userId, userId));
}

/** Where they paid from, and the card token and free-text reason kept with the subscription. */
export async function forgetParentPaymentDetails(db: Database | Transaction, userId: string, now: Date): Promise<void> {
  // Conversions not yet reported to ad platforms never will be.
  await db
    .delete(conversionEvents)
    .where(and(eq(conversionEvents.userId, userId), isNull(conversionEvents.forwardedAt)));
  // Those already forwarded stay as the platforms have them, without where the parent paid from.
  await db.update(conversionEvents).set({ clientIp: null, userAgent: null }).where(eq(conversionEvents.userId, userId));
  await db
    .update(subscriptions)
    .set({ cardToken: null, cancelComment: null, updatedAt: now })
    .where(eq(subscriptions.userId, userId));
}

/**
 * The row accounting keeps, with nothing left to name the parent by: a new random token, no
 * address, no child, no mail; the ledger records when.
 */
export async function anonymiseParentRow(db: Database | Transaction, userId: string, now: Date): Promise<void> {
  await db
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
    .where(eq(users.id, userId));
  await db.insert(ledgerEntries).values({ userId, type: "data_erased", details: {} });
}
