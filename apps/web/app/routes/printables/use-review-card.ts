import type { OwnReview, ReviewInvitation } from "@kinderready/domain/reviews/reviews.server";
import { type FormEvent, type MouseEvent, useEffect, useState } from "react";
import { useActionData, useFetcher, useLocation } from "react-router";
import { isPlainClick } from "../../components/plain-click.ts";
import { type ReviewActionResult, reviewAnswerOf, rewriteReviewParam, type SentReview } from "./review-result.ts";

/**
 * The review card's state: the review the parent wrote (as sent now, or before), whether the form
 * is open, the field the server refused, and the form's fields. "Write it again" is a link to the
 * page with the form open (`?review=write`), followed in place with scripts.
 */
export function useReviewCard(invitation: ReviewInvitation) {
  const fetcher = useFetcher<ReviewActionResult>();
  // A plain form's refusal comes as the page's action data, with what was sent.
  const posted = reviewAnswerOf(useActionData());
  const answer = (fetcher.state === "idle" ? fetcher.data : undefined) ?? posted;
  const sent = answer && "review" in answer ? answer.review : undefined;
  const failure = answer && "error" in answer ? answer.error : undefined;
  const kept = posted && "sent" in posted ? posted.sent : undefined;
  const own: OwnReview | null = sent ?? invitation.review;
  const { pathname, search } = useLocation();
  const rewriteAsked = new URLSearchParams(search).get(rewriteReviewParam) === "write";
  const [writing, setWriting] = useState(own === null || kept !== undefined || rewriteAsked);
  const draft = useReviewDraft(kept, own);
  useEffect(() => {
    if (sent) setWriting(false);
  }, [sent]);

  const rewrite = new URLSearchParams(search);
  rewrite.set(rewriteReviewParam, "write");
  const writeAgain = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setWriting(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { rating, text, firstName } = draft;
    fetcher.submit({ intent: "review", rating, text, firstName }, { method: "post", encType: "application/json" });
  };
  return {
    own,
    writing,
    failure,
    sending: fetcher.state !== "idle",
    rewriteHref: `${pathname}?${rewrite}#review`,
    writeAgain,
    submit,
    draft,
  };
}

export type ReviewDraft = ReturnType<typeof useReviewDraft>;

/** The form's fields: what a refused plain form sent, else the review written before, else empty. */
function useReviewDraft(kept: SentReview | undefined, own: OwnReview | null) {
  const [rating, setRating] = useState(kept?.rating ?? own?.rating ?? 0);
  const [text, setText] = useState(kept?.text ?? own?.text ?? "");
  const [firstName, setFirstName] = useState(kept?.firstName ?? own?.firstName ?? "");
  return { rating, setRating, text, setText, firstName, setFirstName };
}
