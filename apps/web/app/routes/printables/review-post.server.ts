import { submitReview } from "@kinderready/domain/reviews/reviews.server";
import { redirect } from "react-router";
import { failedAction } from "../../action-failure.server.ts";
import type { PagePost, PostOf } from "./printables-post.server.ts";
import { type ReviewActionResult, rewriteReviewParam, type SentReview } from "./review-result.ts";

/**
 * Sends the review. A plain form's review, kept, comes back to the card on the page it was
 * written on, shown rather than open for writing again; a refused one carries what was sent, for
 * the form drawn again.
 */
export function sendReview({ intent: _, ...review }: PostOf<"review">, post: PagePost) {
  const back = new URL(post.url);
  back.searchParams.delete(rewriteReviewParam);
  const plainForm = post.native ? { back: `${back.pathname}${back.search}#review`, sent: review } : undefined;
  return submitAndAnswer(post, { userToken: post.token, locale: post.locale, review }, plainForm);
}

async function submitAndAnswer(
  { visit }: PagePost,
  input: Parameters<typeof submitReview>[1],
  plainForm: { back: string; sent: SentReview } | undefined,
) {
  try {
    const review = await submitReview(visit.services.account, input);
    if (plainForm) return redirect(plainForm.back, 303);
    return { intent: "review", review } satisfies ReviewActionResult;
  } catch (error) {
    return failedAction(error, {
      errors: visit.errors,
      msg: "review failed",
      fallbackKey: "reviews.errors.notSaved",
      answer: (messageKey, { field }): ReviewActionResult => ({
        intent: "review",
        error: { field, messageKey },
        ...(plainForm && { sent: plainForm.sent }),
      }),
    });
  }
}
