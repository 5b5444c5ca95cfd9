import type { ProfileView } from "@kinderready/domain/profile/profile-schema";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { Link, useActionData, useFetcher } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { formatDate, formatMinor } from "../../profile/profile-format.ts";
import type { ProfileActionResult } from "../../profile/profile-route.server.ts";
import { SubscriptionSummary } from "./subscription-summary.tsx";

/** /profile/subscription/: the plan, and what can be done with it now (cancel, restore, resume, renew). */
export function SubscriptionManager({ profile, locale }: { profile: ProfileView; locale: Locale }) {
  const { t } = useTranslation();
  const subscription = profile.subscription;
  const fetcher = useFetcher<ProfileActionResult>();
  // A post made before the scripts ran is the page's own action: its answer comes with the page.
  const posted = useActionData<ProfileActionResult>();
  const result = fetcher.data ?? posted;
  const busy = fetcher.state !== "idle";
  const renewal = subscription?.renewal;
  const price = renewal ? formatMinor(renewal.amount, renewal.currency, locale) : "";

  return (
    <div className="page profile">
      <h1 id="page-title">{t("pages.subscription.heading")}</h1>
      <p>{t("pages.subscription.intro")}</p>
      <section className="profile__card" aria-labelledby="subscription-plan">
        <h2 id="subscription-plan">{t("profile.subscription.heading")}</h2>
        <SubscriptionSummary subscription={subscription} locale={locale} />

        {subscription?.canCancel && (
          <Link className="button button--quiet" to={localizePath("/profile/cancel-subscription/", locale)}>
            {t("profile.subscription.cancel")}
          </Link>
        )}

        {subscription?.pause && (
          <fetcher.Form method="post" className="profile__form">
            <input type="hidden" name="intent" value="resume" />
            {subscription.status === "paused" && <p>{t("profile.subscription.resumeHint", { amount: price })}</p>}
            <button type="submit" className="button" disabled={busy}>
              {t(subscription.status === "paused" ? "profile.subscription.resume" : "profile.subscription.dropPause")}
            </button>
          </fetcher.Form>
        )}

        {subscription?.canRestore && subscription.expired_at && (
          <fetcher.Form method="post" className="profile__form">
            <input type="hidden" name="intent" value="restore" />
            {subscription.ends_on ? (
              <p>{t("profile.subscription.keepHint", { date: formatDate(subscription.ends_on, locale) })}</p>
            ) : (
              <p>{t("profile.subscription.restoreHint", { date: formatDate(subscription.expired_at, locale) })}</p>
            )}
            <button type="submit" className="button" disabled={busy}>
              {t(subscription.ends_on ? "profile.subscription.keep" : "profile.subscription.restore")}
            </button>
          </fetcher.Form>
        )}

        {subscription?.canRenew && renewal && (
          <fetcher.Form method="post" className="profile__form">
            <input type="hidden" name="intent" value="renew" />
            <p>{t("profile.subscription.renewHint", { amount: price, days: renewal.periodDays })}</p>
            <button type="submit" className="button" disabled={busy}>
              {t("profile.subscription.renew", { amount: price })}
            </button>
          </fetcher.Form>
        )}

        <p className="profile__status" role="status">
          {!busy && result && <Outcome result={result} locale={locale} profile={profile} />}
        </p>
        {!subscription && <Link to={localizePath("/purchase/", locale)}>{t("profile.subscription.toOffer")}</Link>}
      </section>
      <p>
        <Link to={localizePath("/printables/", locale)}>{t("profile.subscription.toPrintables")}</Link>
      </p>
    </div>
  );
}

function Outcome({ result, locale, profile }: { result: ProfileActionResult; locale: Locale; profile: ProfileView }) {
  const { t, ifKnown } = useTranslation();
  if (!result.ok)
    return <span className="notice notice--error">{ifKnown(result.errorKey) ?? t("errors.generic")}</span>;
  const until = profile.subscription?.expired_at;
  if (result.intent === "restore" && result.subscription.expired_at)
    return <>{t("profile.subscription.restored", { date: formatDate(result.subscription.expired_at, locale) })}</>;
  if (result.intent === "resume" && result.subscription.expired_at)
    return <>{t("profile.subscription.resumed", { date: formatDate(result.subscription.expired_at, locale) })}</>;
  if (result.intent === "renew") {
    if (result.status === "approved" && until)
      return <>{t("profile.subscription.renewed", { date: formatDate(until, locale) })}</>;
    if (result.status === "processing") return <>{t("profile.subscription.renewProcessing")}</>;
    const code = result.errorCode?.replace(".", "_");
    const known = code ? ifKnown(`purchase.result.errors.${code}`) : undefined;
    return (
      <span className="notice notice--error">
        {t("profile.errors.cannotRestore")}. {known ?? t("purchase.result.errors.default")}
      </span>
    );
  }
  return null;
}
