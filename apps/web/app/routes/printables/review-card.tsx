import type { OwnReview, ReviewInvitation } from "@kinderready/domain/reviews/reviews.server";
import type { MouseEvent } from "react";
import { ReviewStars } from "../../components/review-stars.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { ReviewForm } from "./review-form.tsx";
import { useReviewCard } from "./use-review-card.ts";

/**
 * "How is the kit going?" on the printables page (the emailed request links to it as #review): a
 * rating as a radio group (arrow keys move through it, each star named "4 of 5"), the text and
 * the first name to show, and what happens to it. A parent who wrote one sees it, with where it
 * stands, and may write it again. The card is a plain form posted to the page, and "write it
 * again" a link: before the scripts ran (or without them) the server answers both; with them
 * they work in place.
 */
export function ReviewCard({ invitation }: { invitation: ReviewInvitation }) {
  const { t } = useTranslation();
  const card = useReviewCard(invitation);
  const { own } = card;
  if (!invitation.ask && !own) return null;
  return (
    <section id="review" className="review-card" aria-labelledby="review-heading">
      <h2 id="review-heading" className="review-card__heading">
        {t("reviews.card.heading")}
      </h2>
      {own && !card.writing ? (
        <WrittenReview review={own} rewriteHref={card.rewriteHref} onWriteAgain={card.writeAgain} />
      ) : (
        <ReviewForm draft={card.draft} failure={card.failure} sending={card.sending} onSubmit={card.submit} />
      )}
    </section>
  );
}

/** The review the parent wrote, where it stands, and a link to write it again. */
function WrittenReview({
  review,
  rewriteHref,
  onWriteAgain,
}: {
  review: OwnReview;
  rewriteHref: string;
  onWriteAgain: (event: MouseEvent) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="status">
      <p className="review-card__thanks">{t("reviews.card.thanks")}</p>
      <p className="muted">{t(`reviews.card.status.${review.status}`)}</p>
      <ReviewStars rating={review.rating} />
      <blockquote className="review-card__text">
        <p>{review.text}</p>
      </blockquote>
      <a className="review-card__again" href={rewriteHref} onClick={onWriteAgain}>
        {t("reviews.card.rewrite")}
      </a>
    </div>
  );
}
