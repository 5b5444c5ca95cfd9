import type { Database } from "@kinderready/db/open-db";
import type { Locale } from "@kinderready/i18n/locales";
import { AppError, AppErrorCode } from "../app-error.ts";
import { insertAuditEntry } from "../console/audit-log-queries.server.ts";
import { customerTarget } from "../console/customer-admin.server.ts";
import { findParent } from "../parents/find-parent.server.ts";
import { isUuid } from "../uuid.ts";
import {
  findBuyerSince,
  findParentReview,
  listModerationEntries,
  listNewestApprovedReviews,
  lockReview,
  type ReviewRow,
  updateReviewStatus,
  upsertReview,
} from "./review-queries.server.ts";
import {
  maxShown,
  parseReviewSubmission,
  type ReviewStatus,
  reviewsToShow,
  type ShownReview,
  shouldAskForReview,
} from "./review-rules.ts";

// Parents' reviews: a verified buyer writes one (writing again replaces it, back to pending), an
// operator approves or rejects it (audited on the parent's record), and the purchase page shows a
// language's approved reviews once there are enough. Nobody but a parent who paid writes one.

export type ReviewDeps = { db: Database; now: () => Date };

/** A parent's own review, as their printables page shows it back to them. */
export type OwnReview = { rating: number; text: string; firstName: string; status: ReviewStatus };

const ownReview = (row: ReviewRow): OwnReview => ({
  rating: row.rating,
  text: row.text,
  firstName: row.firstName,
  status: row.status,
});

/** Stores the parent's review for moderation, replacing any they wrote before. */
export async function submitReview(
  deps: ReviewDeps,
  input: { userToken: string; locale: Locale; review: unknown },
): Promise<OwnReview> {
  const review = parseReviewSubmission(input.review);
  const parent = await findParent(deps, { token: input.userToken });
  if (!parent || !(await findBuyerSince(deps.db, parent.id))) {
    throw new AppError(
      AppErrorCode.Conflict,
      "token",
      "Only a parent who bought the kit can review it",
      "reviews.errors.notBuyer",
    );
  }
  const now = deps.now();
  const written = {
    locale: input.locale,
    ...review,
    // The age the parent gave the quiz, as it is today: shown as "parent of a 5-year-old".
    childAge: parent.kidAge,
    status: "pending" as const,
    updatedAt: now,
    moderatedAt: null,
    moderatedBy: null,
  };
  const saved = await upsertReview(deps.db, { userId: parent.id, createdAt: now, written });
  if (!saved) throw new Error("review not stored");
  return ownReview(saved);
}

/** What the printables page offers: whether to ask for a review, and the one the parent wrote. */
export type ReviewInvitation = { ask: boolean; review: OwnReview | null };

/** What the invitation is decided from: since when the parent is a buyer, and their review. */
export type ReviewState = { buyerSince: Date | null; review: OwnReview | null };

/** Loads a parent's review state, both queries at once (the page loads it beside its kit). */
export async function getReviewState(deps: ReviewDeps, input: { userId: string }): Promise<ReviewState> {
  const [since, own] = await Promise.all([
    findBuyerSince(deps.db, input.userId),
    findParentReview(deps.db, input.userId),
  ]);
  return { buyerSince: since, review: own ? ownReview(own) : null };
}

/** The invitation, once the page knows whether a level is finished. */
export function reviewInvitation(state: ReviewState, input: { levelCompleted: boolean; now: Date }): ReviewInvitation {
  return { ask: shouldAskForReview({ buyerSince: state.buyerSince, ...input }), review: state.review };
}

/** What the console lists: the reviews of one status (each status the schema declares), or all of them. */
export type ModerationFilter = ReviewStatus | "all";
export const moderationFilters: readonly [ModerationFilter, ...ModerationFilter[]] = [
  "pending",
  "approved",
  "rejected",
  "all",
];

export type ModerationEntry = {
  id: string;
  userId: string;
  email: string | null;
  locale: string;
  rating: number;
  text: string;
  firstName: string;
  childAge: number | null;
  status: ReviewStatus;
  updatedAt: Date;
  moderatedAt: Date | null;
  moderator: string | null;
};

/** At most this many reviews a page. */
export const moderationPageSize = 200;

/** Reviews for the console, pending ones first, then the most recently written. */
export async function listReviewsForModeration(
  deps: Pick<ReviewDeps, "db">,
  input: { filter: ModerationFilter },
): Promise<ModerationEntry[]> {
  return listModerationEntries(deps.db, { filter: input.filter, limit: moderationPageSize });
}

/**
 * An operator approves or rejects a review, as they read it: `seen` is the version they read (its
 * last change), so a text the parent rewrote since is never approved unread. Audited on the
 * parent's record; deciding what is already decided changes nothing and records nothing.
 */
export async function moderateReview(
  deps: Pick<ReviewDeps, "db">,
  input: { operatorId: string; reviewId: string; decision: "approved" | "rejected"; seen: Date; now: Date },
): Promise<void> {
  if (!isUuid(input.reviewId)) {
    throw new AppError(AppErrorCode.NotFound, "reviewId", "No such review", "reviews.errors.noReview");
  }
  await deps.db.transaction(async (tx) => {
    const review = await lockReview(tx, input.reviewId);
    if (!review) throw new AppError(AppErrorCode.NotFound, "reviewId", "No such review", "reviews.errors.noReview");
    if (review.updatedAt.getTime() !== input.seen.getTime()) {
      throw new AppError(
        AppErrorCode.Conflict,
        "reviewId",
        "The parent changed this review since",
        "reviews.errors.changed",
      );
    }
    if (review.status === input.decision) return;
    await updateReviewStatus(tx, {
      reviewId: review.id,
      status: input.decision,
      moderatedAt: input.now,
      moderatedBy: input.operatorId,
    });
    await insertAuditEntry(tx, {
      operatorId: input.operatorId,
      action: input.decision === "approved" ? "review.approve" : "review.reject",
      target: customerTarget(review.userId),
      details: { reviewId: review.id, rating: review.rating, locale: review.locale },
    });
  });
}

/**
 * The reviews the purchase page shows in a language: one indexed query for the newest approvals,
 * then the threshold (none until the language has enough).
 */
export async function listApprovedReviews(
  deps: Pick<ReviewDeps, "db">,
  input: { locale: Locale },
): Promise<ShownReview[]> {
  const rows = await listNewestApprovedReviews(deps.db, { locale: input.locale, limit: maxShown });
  return reviewsToShow(rows.flatMap((row) => (row.approvedAt ? [{ ...row, approvedAt: row.approvedAt }] : [])));
}
