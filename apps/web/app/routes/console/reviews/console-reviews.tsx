import type { ModerationEntry } from "@kinderready/domain/reviews/reviews.server";
import { Form, Link, useNavigation } from "react-router";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatMoment } from "../../../console/console-format.ts";
import { CsrfField } from "../../../console/csrf-field.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-reviews";
import { handleConsoleReviewsAction, loadConsoleReviews } from "./console-reviews-route.server.ts";

// Parents' reviews (/admin/reviews/): waiting ones first, each with what it would show (stars,
// text, first name, child's age), its language and the parent; approve or reject it as written.

export const loader = (args: Route.LoaderArgs) => loadConsoleReviews(args);
export const action = (args: Route.ActionArgs) => handleConsoleReviewsAction(args);

const filters = ["pending", "approved", "rejected", "all"] as const;

export default function ConsoleReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t, ifKnown } = useTranslation("console");
  const { filter, reviews } = loaderData;
  return (
    <>
      <h1>{t("reviews.title")}</h1>
      <p className="console-note">{t("reviews.note")}</p>
      <nav aria-label={t("reviews.statusLabel")}>
        <ul className="console-tabs">
          {filters.map((each) => (
            <li key={each}>
              <Link to={`/admin/reviews/?status=${each}`} aria-current={each === filter ? "page" : undefined}>
                {each === "all" ? t("reviews.all") : t(`reviews.statuses.${each}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {actionData && (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "console-ok" : "console-error"}>
          {actionData.ok
            ? t(`reviews.done.${actionData.intent}`)
            : (ifKnown(actionData.messageKey) ?? t("errors.generic"))}
        </p>
      )}
      <ConsoleCard id="review-list" title={t("reviews.count", { count: reviews.length })}>
        {reviews.length === 0 ? (
          <p>{t("reviews.empty")}</p>
        ) : (
          <ol className="console-reviews">
            {reviews.map((review) => (
              <ReviewEntry key={review.id} review={review} />
            ))}
          </ol>
        )}
      </ConsoleCard>
    </>
  );
}

function ReviewEntry({ review }: { review: ModerationEntry }) {
  const { t, i18n } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  const at = (value: Date | string | null) => formatMoment(i18n.language, value, "short");
  const headingId = `review-${review.id}`;
  const decide = (intent: "approve" | "reject") => (
    <Form method="post">
      <CsrfField />
      <input type="hidden" name="reviewId" value={review.id} />
      <input type="hidden" name="seen" value={new Date(review.updatedAt).toISOString()} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`console-button${intent === "reject" ? " console-button--danger" : ""}`}
        aria-label={t(intent === "approve" ? "reviews.approveLabel" : "reviews.rejectLabel", {
          name: review.firstName,
        })}
        disabled={busy || review.status === (intent === "approve" ? "approved" : "rejected")}
      >
        {t(intent === "approve" ? "reviews.approve" : "reviews.reject")}
      </button>
    </Form>
  );
  return (
    <li className="console-review" aria-labelledby={headingId}>
      <h3 id={headingId} className="console-review__heading">
        {review.firstName} · {t("reviews.rated", { rating: review.rating })}
      </h3>
      <blockquote lang={review.locale} className="console-review__text">
        <p>{review.text}</p>
      </blockquote>
      <dl className="console-facts">
        <dt>{t("reviews.statusLabel")}</dt>
        <dd>
          {review.moderatedAt && review.moderator
            ? t("reviews.moderated", {
                status: t(`reviews.statuses.${review.status}`),
                operator: review.moderator,
                date: at(review.moderatedAt),
              })
            : t(`reviews.statuses.${review.status}`)}
        </dd>
        <dt>{t("reviews.parent")}</dt>
        <dd>
          <Link to={`/admin/customers/${review.userId}/`}>{review.email ?? t("customers.noEmail")}</Link>
        </dd>
        <dt>{t("customers.columns.child")}</dt>
        <dd>{review.childAge === null ? t("reviews.noAge") : t("reviews.childAge", { count: review.childAge })}</dd>
        <dt>{t("reviews.language")}</dt>
        <dd>{review.locale}</dd>
        <dt>{t("reviews.written")}</dt>
        <dd>{at(review.updatedAt)}</dd>
      </dl>
      <div className="console-actions">
        {decide("approve")}
        {decide("reject")}
      </div>
    </li>
  );
}
