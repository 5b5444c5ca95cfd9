import type { OwnReview } from "@kinderready/domain/reviews/reviews.server";

/** What sending a review answers: the review as stored, or the field at fault and its catalogue key. */
export type ReviewActionResult =
  | { intent: "review"; review: OwnReview }
  | { intent: "review"; error: { field: string | undefined; messageKey: string } };
