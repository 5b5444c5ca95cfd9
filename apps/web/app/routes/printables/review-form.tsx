import { firstNameMaxLength, reviewTextLength } from "@kinderready/domain/reviews/review-limits";
import type { FormEvent } from "react";
import { ControlledInput, ControlledTextArea } from "../../components/forms/field.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { ReviewDraft } from "./use-review-card.ts";

const ratings = [1, 2, 3, 4, 5] as const;

type Failure = { field: string | undefined; messageKey: string } | undefined;

/**
 * The review as a plain form posted to the page: a rating as a radio group (arrow keys move
 * through it, each star named "4 of 5"), the text and the first name to show, and what happens
 * to it. With scripts, `onSubmit` posts it in place.
 */
export function ReviewForm({
  draft,
  failure,
  sending,
  onSubmit,
}: {
  draft: ReviewDraft;
  failure: Failure;
  sending: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t, ifKnown } = useTranslation();
  const message = failure && (ifKnown(failure.messageKey) ?? t("reviews.errors.notSaved"));
  return (
    <form method="post" className="review-card__form" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="review" />
      <p>{t("reviews.card.intro")}</p>
      <RatingField rating={draft.rating} onRate={draft.setRating} failure={failure} />
      <ReviewTextField text={draft.text} onText={draft.setText} failure={failure} />
      <FirstNameField firstName={draft.firstName} onFirstName={draft.setFirstName} failure={failure} />
      <p className="muted small">{t("reviews.card.published")}</p>
      {message && (
        <p id="review-error" className="field__error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button" disabled={sending}>
        {sending ? t("reviews.card.sending") : t("reviews.card.submit")}
      </button>
    </form>
  );
}

function RatingField({
  rating,
  onRate,
  failure,
}: {
  rating: number;
  onRate: (rating: number) => void;
  failure: Failure;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="review-rating" aria-describedby={failure?.field === "rating" ? "review-error" : undefined}>
      <legend className="field__label">{t("reviews.card.ratingLegend")}</legend>
      {ratings.map((value) => (
        <label key={value} className={`review-rating__star${value <= rating ? " review-rating__star--on" : ""}`}>
          <ControlledInput
            type="radio"
            name="rating"
            value={value}
            checked={rating === value}
            onChange={() => onRate(value)}
            required
          />
          <span aria-hidden="true">{value <= rating ? "★" : "☆"}</span>
          <span className="visually-hidden">{t("reviews.card.ratingOption", { rating: value })}</span>
        </label>
      ))}
    </fieldset>
  );
}

function ReviewTextField({
  text,
  onText,
  failure,
}: {
  text: string;
  onText: (text: string) => void;
  failure: Failure;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field__label" htmlFor="review-text">
        {t("reviews.card.text")}
      </label>
      <ControlledTextArea
        id="review-text"
        name="text"
        className="field__input review-card__textarea"
        value={text}
        onChange={(event) => onText(event.target.value)}
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
  );
}

function FirstNameField({
  firstName,
  onFirstName,
  failure,
}: {
  firstName: string;
  onFirstName: (firstName: string) => void;
  failure: Failure;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field__label" htmlFor="review-name">
        {t("reviews.card.firstName")}
      </label>
      <ControlledInput
        id="review-name"
        name="firstName"
        className="field__input"
        value={firstName}
        onChange={(event) => onFirstName(event.target.value)}
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
  );
}
