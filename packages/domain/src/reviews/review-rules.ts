import type { reviewStatuses } from "@kinderready/db/schema";
import { z } from "zod";
import { AppError, AppErrorCode } from "../app-error.ts";
import { withoutControls } from "../validation/plain-text.ts";
import { firstNameMaxLength, reviewTextLength } from "./review-limits.ts";

// Parents' reviews, as rules without I/O: what a review may say, when the product asks for one,
// and which approved reviews a language shows. Nothing is picked for effect: a language shows its
// newest approved reviews with the ratings they have, or none until it has enough of them.

export type ReviewStatus = (typeof reviewStatuses)[number];

/** Letters and combining marks of any script, spaces, hyphens and apostrophes: "Anne-Marie", "O’Neil", "Мария". */
const firstNamePattern = /^[\p{L}\p{M}]+(?:[ '’-]+[\p{L}\p{M}]+)*$/u;

/** Line breaks and runs of spaces become one space: a review is shown as one paragraph. */
const oneLine = (text: string) => withoutControls(text.replace(/\s+/g, " ")).trim();

/** What a parent submits: a rating of 1 to 5, what they want to say, and the first name to show with it. */
export const reviewSubmissionSchema = z.object({
  rating: z.number().int().min(1).max(5),
  text: z.string().transform(oneLine).pipe(z.string().min(reviewTextLength.min).max(reviewTextLength.max)),
  firstName: z.string().transform(oneLine).pipe(z.string().min(1).max(firstNameMaxLength).regex(firstNamePattern)),
});
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

const fieldMessages = {
  rating: "Choose a rating from 1 to 5",
  text: `Write between ${reviewTextLength.min} and ${reviewTextLength.max} characters`,
  firstName: `A first name of letters, up to ${firstNameMaxLength} characters`,
} as const;

/** The submission as stored, or a AppError naming the first field at fault and its message key. */
export function parseReviewSubmission(input: unknown): ReviewSubmission {
  const parsed = reviewSubmissionSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0]?.path[0] ?? "text");
  const known = (field in fieldMessages ? field : "text") as keyof typeof fieldMessages;
  throw new AppError(AppErrorCode.Invalid, known, fieldMessages[known], `reviews.errors.${known}`);
}

/** A language shows reviews only once it has this many approved ones: one or two would read as picked. */
export const minApprovedToShow = 3;
/** At most this many are shown, the newest approvals first. */
export const maxShown = 6;

export type ShownReview = {
  id: string;
  rating: number;
  text: string;
  firstName: string;
  childAge: number | null;
  approvedAt: Date;
};

/**
 * The approved reviews a language shows: none below the threshold, else the newest approvals,
 * whatever their rating (a 2-star review is shown like a 5-star one).
 */
export function reviewsToShow<T extends Pick<ShownReview, "approvedAt">>(approved: readonly T[]): T[] {
  if (approved.length < minApprovedToShow) return [];
  return [...approved].sort((a, b) => b.approvedAt.getTime() - a.approvedAt.getTime()).slice(0, maxShown);
}

/** Days after the first payment when a parent who has not reviewed is asked by email (and on the page). */
export const reviewRequestAfterDays = 7;
const dayMs = 86_400_000;

/**
 * Whether the printables page asks a parent for a review: only a buyer, once they finished a
 * level (they have used the kit), or once the emailed request could have reached them.
 */
export function shouldAskForReview(input: { buyerSince: Date | null; levelCompleted: boolean; now: Date }): boolean {
  if (!input.buyerSince) return false;
  return input.levelCompleted || input.now.getTime() - input.buyerSince.getTime() >= reviewRequestAfterDays * dayMs;
}
