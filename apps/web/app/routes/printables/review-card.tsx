import { firstNameMaxLength, reviewTextLength } from "@kinderready/domain/reviews/review-limits";
import type { OwnReview, ReviewInvitation } from "@kinderready/domain/reviews/reviews.server";
import { type FormEvent, type MouseEvent, useEffect, useState } from "react";
import { useActionData, useFetcher, useLocation } from "react-router";
import { isPlainClick } from "../../components/plain-click.ts";
import { ReviewStars } from "../../components/review-stars.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { type ReviewActionResult, reviewAnswerOf, rewriteReviewParam } from "./review-result.ts";

const ratings = [1, 2, 3, 4, 5] as const;

/**
 * "How is the kit going?" on the printables page (the emailed request links to it as #review): a
 * rating as a radio group (arrow keys move through it, each star named "4 of 5"), the text and
 * the first name to show, and what happens to it. A parent who wrote one sees it, with where it
 * stands, and may write it again. The card is a plain form posted to the page, and "write it
 * again" a link: before the scripts ran (or without them) the server answers both; with them
 * they work in place.
 */
export function ReviewCard({ invitation }: { invitation: ReviewInvitation }) {
  const { t, ifKnown } = useTranslation();
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
  const [rating, setRating] = useState(kept?.rating ?? own?.rating ?? 0);
  const [text, setText] = useState(kept?.text ?? own?.text ?? "");
  const [firstName, setFirstName] = useState(kept?.firstName ?? own?.firstName ?? "");
  useEffect(() => {
    if (sent) setWriting(false);
  }, [sent]);

  if (!invitation.ask && !own) return null;

  // "Write it again" is a link to the page with the form open, followed in place with scripts.
  const rewrite = new URLSearchParams(search);
  rewrite.set(rewriteReviewParam, "write");
  const writeAgain = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setWriting(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fetcher.submit({ intent: "review", rating, text, firstName }, { method: "post", encType: "application/json" });
  };
  const message = failure && (ifKnown(failure.messageKey) ?? t("reviews.errors.notSaved"));

  return (
    <section id="review" className="review-card" aria-labelledby="review-heading">
      <h2 id="review-heading" className="review-card__heading">
        {t("reviews.card.heading")}
      </h2>
      {own && !writing ? (
        <div role="status">
          <p className="review-card__thanks">{t("reviews.card.thanks")}</p>
          <p className="muted">{t(`reviews.card.status.${own.status}`)}</p>
          <ReviewStars rating={own.rating} />
          <blockquote className="review-card__text">
            <p>{own.text}</p>
          </blockquote>
          <a className="review-card__again" href={`${pathname}?${rewrite}#review`} onClick={writeAgain}>
            {t("reviews.card.rewrite")}
          </a>
        </div>
      ) : (
        <form method="post" className="review-card__form" onSubmit={submit}>
          <input type="hidden" name="intent" value="review" />
          <p>{t("reviews.card.intro")}</p>
          <fieldset
            className="review-rating"
            aria-describedby={failure?.field === "rating" ? "review-error" : undefined}
          >
            <legend className="field__label">{t("reviews.card.ratingLegend")}</legend>
            {ratings.map((value) => (
              <label key={value} className={`review-rating__star${value <= rating ? " review-rating__star--on" : ""}`}>
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  required
                />
                <span aria-hidden="true">{value <= rating ? "★" : "☆"}</span>
                <span className="visually-hidden">{t("reviews.card.ratingOption", { rating: value })}</span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor="review-text">
              {t("reviews.card.text")}
            </label>
            <textarea
              id="review-text"
              name="text"
              className="field__input review-card__textarea"
              value={text}
              onChange={(event) => setText(event.target.value)}
              minLength={reviewTextLength.min}
              maxLength={reviewTextLength.max}
              rows={5}
              required
              aria-describedby={failure?.field === "text" ? "review-error review-text-hint" : "review-text-hint"}
              aria-invalid={failure?.field === "text" || undefined}
            />
            <p id="review-text-hint" className="muted small">
              {t("reviews.card.textHint")}
            </p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="review-name">
              {t("reviews.card.firstName")}
            </label>
            <input
              id="review-name"
              name="firstName"
              className="field__input"
              value={firstName}
              onChange={(event) => setFirstName(event.target.value)}
              maxLength={firstNameMaxLength}
              autoComplete="given-name"
              required
              aria-describedby={failure?.field === "firstName" ? "review-error review-name-hint" : "review-name-hint"}
              aria-invalid={failure?.field === "firstName" || undefined}
            />
            <p id="review-name-hint" className="muted small">
              {t("reviews.card.firstNameHint")}
            </p>
          </div>
          <p className="muted small">{t("reviews.card.published")}</p>
          {message && (
            <p id="review-error" className="field__error" role="alert">
              {message}
            </p>
          )}
          <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
            {fetcher.state === "idle" ? t("reviews.card.submit") : t("reviews.card.sending")}
          </button>
        </form>
      )}
    </section>
  );
}
