import type { ShownReview } from "@kinderready/domain/reviews/review-rules";
import { ReviewStars } from "../../components/review-stars.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";

/**
 * Approved reviews from parents who bought the kit, as they wrote them: the stars they gave, their
 * words, the first name they chose with their child's age, and a mark that they bought it.
 */
export function ParentReviews({ reviews }: { reviews: readonly ShownReview[] }) {
  const { t } = useTranslation();
  return (
    <section className="parent-reviews" aria-labelledby="parent-reviews-heading">
      <h2 id="parent-reviews-heading" className="parent-reviews__heading">
        {t("reviews.shown.heading")}
      </h2>
      <ul className="parent-reviews__list">
        {reviews.map((review) => (
          <li key={review.id} className="parent-review">
            <ReviewStars rating={review.rating} />
            <blockquote className="parent-review__text">
              <p>{review.text}</p>
            </blockquote>
            <p className="parent-review__by">
              {review.childAge === null
                ? t("reviews.shown.parent", { name: review.firstName })
                : t("reviews.shown.parentOf", { name: review.firstName, count: review.childAge })}
            </p>
            <p className="parent-review__verified">{t("reviews.shown.verified")}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
