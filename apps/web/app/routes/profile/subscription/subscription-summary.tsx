import type { SubscriptionInfo } from "@kinderready/domain/profile/profile-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { formatDate, formatMinor } from "../../../payments/profile-format.ts";

/**
 * Status, price and the dates that matter for this status: expires_at, a scheduled end, a pause
 * (when it begins and when billing resumes) and cancelled_at.
 */
export function SubscriptionSummary({
  subscription,
  locale,
}: {
  subscription: SubscriptionInfo | null;
  locale: Locale;
}) {
  const { t } = useTranslation();
  if (!subscription) return <p>{t("profile.subscription.none")}</p>;
  const { status, renewal } = subscription;
  // The page calls it expires_at; the server's answer names it expired_at.
  const expiresAt = subscription.expired_at;
  const renews = status === "trialing" || status === "active" || status === "past_due" || status === "paused";
  const { pause } = subscription;
  const price = renewal ? formatMinor(renewal.amount, renewal.currency, locale) : "";
  const dateLabel = (
    {
      trialing: "profile.subscription.trialEnds",
      active: "profile.subscription.nextCharge",
      past_due: "profile.subscription.nextCharge",
      paused: "profile.subscription.pausedUntil",
      cancelled: "profile.subscription.accessUntil",
      expired: "profile.subscription.expiredOn",
      lifetime: undefined,
    } as const
  )[status];
  return (
    <>
      <dl className="profile__facts" data-status={status}>
        <dt>{t("profile.subscription.status")}</dt>
        <dd>
          <span className={`badge badge--${status}`}>{t(`profile.subscription.statuses.${status}`)}</span>
        </dd>
        {renewal && renews && (
          <>
            <dt>{t("profile.subscription.price")}</dt>
            <dd>{t("profile.subscription.priceValue", { amount: price, count: renewal.periodDays })}</dd>
          </>
        )}
        {dateLabel && expiresAt && (
          <>
            <dt>{t(dateLabel)}</dt>
            <dd data-field="expires_at">{formatDate(expiresAt, locale)}</dd>
          </>
        )}
        {pause && status !== "paused" && (
          <>
            <dt>{t("profile.subscription.pauseStarts")}</dt>
            <dd data-field="pause_from">{formatDate(pause.from, locale)}</dd>
            <dt>{t("profile.subscription.pausedUntil")}</dt>
            <dd data-field="resumes_at">{formatDate(pause.resumes_at, locale)}</dd>
          </>
        )}
        {subscription.ends_on && (
          <>
            <dt>{t("profile.subscription.endsOn")}</dt>
            <dd data-field="ends_on">{formatDate(subscription.ends_on, locale)}</dd>
          </>
        )}
        {subscription.cancelled_at && (
          <>
            <dt>{t("profile.subscription.cancelledOn")}</dt>
            <dd data-field="cancelled_at">{formatDate(subscription.cancelled_at, locale)}</dd>
          </>
        )}
      </dl>
      {subscription.ends_on && <p>{t("profile.subscription.endsOnHint")}</p>}
      {status === "past_due" && <p>{t("profile.subscription.pastDueHint")}</p>}
      {pause &&
        (status === "paused" ? (
          <p>{t("profile.subscription.pauseHint", { date: formatDate(pause.resumes_at, locale), amount: price })}</p>
        ) : (
          <p>
            {t("profile.subscription.pauseScheduledHint", {
              from: formatDate(pause.from, locale),
              until: formatDate(pause.resumes_at, locale),
              amount: price,
            })}
          </p>
        ))}
      {status === "lifetime" && <p>{t("profile.subscription.lifetimeHint")}</p>}
    </>
  );
}
