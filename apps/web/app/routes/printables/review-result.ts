import type { OwnReview } from "@kinderready/domain/reviews/reviews.server";

/** The address's parameter (`?review=write`) that opens the card on its form, over a review written before. */
export const rewriteReviewParam = "review";

/** What the parent sent, shown back in the form when a plain form's review was refused. */
export type SentReview = { rating: number; text: string; firstName: string };

/**
 * What sending a review answers: the review as stored, or the field at fault and its catalogue
 * key (with what was sent, to a plain form, whose page is drawn again).
 */
export type ReviewActionResult =
  | { intent: "review"; review: OwnReview }
  | { intent: "review"; error: { field: string | undefined; messageKey: string }; sent?: SentReview };

/** A page action's answer when it is a review's. */
export function reviewAnswerOf(answer: unknown): ReviewActionResult | undefined {
  const intent = (answer as { intent?: unknown } | undefined)?.intent;
  return intent === "review" ? (answer as ReviewActionResult) : undefined;
}
