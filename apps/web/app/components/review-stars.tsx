import { useTranslation } from "../i18n/translation-context.tsx";

/** A rating as five stars, filled up to it and hollow after; read as one image ("Rated 4 of 5"). */
export function ReviewStars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <p className="review-stars" role="img" aria-label={t("reviews.shown.rated", { rating })}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} aria-hidden="true" className={star <= rating ? "review-stars__on" : undefined}>
          {star <= rating ? "★" : "☆"}
        </span>
      ))}
    </p>
  );
}
