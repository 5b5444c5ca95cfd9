import type { Database, Transaction } from "@kinderready/db/open-db";
import { emailMessages, entitlements, operators, orders, reviews, users } from "@kinderready/db/schema";
import type { Locale } from "@kinderready/i18n/locales";
import { type AnyColumn, and, asc, desc, eq, exists, lte, min, notExists, type SQL, sql } from "drizzle-orm";
import { mayReceiveMarketing } from "../consent/marketing-audience-queries.server.ts";
import { emailKind } from "../email/email-kinds.ts";
import { soldProduct } from "../product.ts";
import type { ReviewStatus } from "./review-rules.ts";

// The reviews' reads and writes (reviews.server.ts and review-requests.server.ts say when they
// happen): a parent's review, the console's list and decisions, the purchase page's approved
// reviews, and the parents due the emailed request.

export type ReviewRow = typeof reviews.$inferSelect;

/** What writing a review sets, on insert and on replacing the parent's earlier one. */
export type WrittenReview = Omit<typeof reviews.$inferInsert, "id" | "userId" | "createdAt">;

/**
 * Over entitlements joined to their orders: a subscription payment of this parent that stands
 * (not refunded). The one test of a verified buyer, for the page and for the emailed request.
 */
function standingSubscriptionPayment(userId: string | AnyColumn): SQL | undefined {
  return and(eq(entitlements.userId, userId), eq(entitlements.kind, "subscription"), eq(orders.status, "approved"));
}

/**
 * When the parent first paid for the kit: the earliest first payment of a subscription that still
 * stands (a refunded one does not count); null for a parent who never paid, whatever access they
 * were given by hand.
 */
export async function findBuyerSince(db: Database | Transaction, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ since: min(entitlements.createdAt) })
    .from(entitlements)
    .innerJoin(orders, eq(orders.orderId, entitlements.orderId))
    .where(standingSubscriptionPayment(userId));
  return row?.since ?? null;
}

/** The parent's review, if they wrote one. */
export async function findParentReview(db: Database | Transaction, userId: string): Promise<ReviewRow | undefined> {
  const [own] = await db.select().from(reviews).where(eq(reviews.userId, userId));
  return own;
}

/** Stores the parent's review, replacing any they wrote before (one a parent). */
export async function upsertReview(
  db: Database | Transaction,
  input: { userId: string; createdAt: Date; written: WrittenReview },
): Promise<ReviewRow | undefined> {
  const [saved] = await db
    .insert(reviews)
    .values({ userId: input.userId, createdAt: input.createdAt, ...input.written })
    .onConflictDoUpdate({ target: reviews.userId, set: input.written })
    .returning();
  return saved;
}

/** Reviews of one status (or all) with the parent's and the moderator's email: pending first, then newest. */
export async function listModerationEntries(
  db: Database | Transaction,
  input: { filter: ReviewStatus | "all"; limit: number },
) {
  return db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      email: users.email,
      locale: reviews.locale,
      rating: reviews.rating,
      text: reviews.text,
      firstName: reviews.firstName,
      childAge: reviews.childAge,
      status: reviews.status,
      updatedAt: reviews.updatedAt,
      moderatedAt: reviews.moderatedAt,
      moderator: operators.email,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(operators, eq(operators.id, reviews.moderatedBy))
    .where(input.filter === "all" ? undefined : eq(reviews.status, input.filter))
    .orderBy(asc(sql`${reviews.status} <> 'pending'`), desc(reviews.updatedAt))
    .limit(input.limit);
}

/** The review, locked for the rest of the transaction. */
export async function lockReview(tx: Transaction, reviewId: string): Promise<ReviewRow | undefined> {
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
  return review;
}

export async function updateReviewStatus(
  db: Database | Transaction,
  input: { reviewId: string; status: "approved" | "rejected"; moderatedAt: Date; moderatedBy: string },
): Promise<void> {
  await db
    .update(reviews)
    .set({ status: input.status, moderatedAt: input.moderatedAt, moderatedBy: input.moderatedBy })
    .where(eq(reviews.id, input.reviewId));
}

/** A language's newest approved reviews, at most `limit` (one indexed query). */
export async function listNewestApprovedReviews(db: Database | Transaction, input: { locale: Locale; limit: number }) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      firstName: reviews.firstName,
      childAge: reviews.childAge,
      approvedAt: reviews.moderatedAt,
    })
    .from(reviews)
    .where(and(eq(reviews.locale, input.locale), eq(reviews.status, "approved")))
    .orderBy(desc(reviews.moderatedAt))
    .limit(input.limit);
}

/**
 * Parents of the product sold who may receive marketing, with a standing payment made by
 * `paidBefore`, no review, and no review request in the outbox yet; at most `limit`.
 */
export async function listParentsDueReviewRequest(
  db: Database | Transaction,
  input: { paidBefore: Date; limit: number },
): Promise<{ userId: string; email: string | null }[]> {
  return db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.product, soldProduct),
        mayReceiveMarketing(),
        exists(
          db
            .select({ one: entitlements.orderId })
            .from(entitlements)
            .innerJoin(orders, eq(orders.orderId, entitlements.orderId))
            .where(and(standingSubscriptionPayment(users.id), lte(entitlements.createdAt, input.paidBefore))),
        ),
        notExists(db.select({ id: reviews.id }).from(reviews).where(eq(reviews.userId, users.id))),
        notExists(
          db
            .select({ id: emailMessages.id })
            .from(emailMessages)
            .where(and(eq(emailMessages.userId, users.id), eq(emailMessages.kind, emailKind("review-request")))),
        ),
      ),
    )
    .limit(input.limit);
}

/** Writes the requests to the outbox; a parent already asked is skipped. Answers the rows written. */
export async function insertReviewRequestEmails(
  db: Database | Transaction,
  rows: { userId: string; kind: string; recipient: string }[],
): Promise<{ id: string }[]> {
  return db.insert(emailMessages).values(rows).onConflictDoNothing().returning({ id: emailMessages.id });
}
