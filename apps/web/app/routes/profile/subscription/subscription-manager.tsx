import type { AnotherCardResult } from "@kinderready/domain/payments/pay-with-another-card.server";
import type { ProfileView } from "@kinderready/domain/profile/profile-schema";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useFetcher, useRevalidator } from "react-router";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { maxPolls, pollIntervalMs } from "../../../payments/payment-result.ts";
import { formatDate, formatMinor } from "../../../payments/profile-format.ts";
import { ReloadWhilePending } from "../../../payments/reload-while-pending.tsx";
import type { ProfileActionResult } from "../profile-route.server.ts";
import { SubscriptionSummary } from "./subscription-summary.tsx";

/**
 * /profile/subscription/: the plan, and what can be done with it now (cancel, restore, resume,
 * renew, pay with another card). `anotherCard`: back from paying with another card, how it went.
 */
export function SubscriptionManager({
  profile,
  locale,
  anotherCard,
}: {
  profile: ProfileView;
  locale: Locale;
  anotherCard: AnotherCardResult | null;
}) {
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
        {anotherCard && <AnotherCardOutcome result={anotherCard} profile={profile} locale={locale} />}
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
            <p>{t("profile.subscription.renewHint", { amount: price, count: renewal.periodDays })}</p>
            <button type="submit" className="button" disabled={busy}>
              {t("profile.subscription.renew", { amount: price })}
            </button>
          </fetcher.Form>
        )}

        {subscription?.canPayWithAnotherCard && renewal && (
          // A plain post: the answer sends the browser on to the gateway's page, scripts or not.
          <Form method="post" reloadDocument className="profile__form">
            <input type="hidden" name="intent" value="another-card" />
            <p>
              {t(
                subscription.status === "past_due"
                  ? "profile.subscription.anotherCardHint"
                  : "profile.subscription.anotherCardRenewHint",
                { amount: price, count: renewal.periodDays },
              )}
            </p>
            <button type="submit" className={subscription.canRenew ? "button button--quiet" : "button"}>
              {t("profile.subscription.anotherCard", { amount: price })}
            </button>
          </Form>
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

/** Back from the gateway's page: paid (and the card kept for later), declined, or not known yet. */
function AnotherCardOutcome({
  result,
  profile,
  locale,
}: {
  result: AnotherCardResult;
  profile: ProfileView;
  locale: Locale;
}) {
  const { t, ifKnown } = useTranslation();
  const until = profile.subscription?.expired_at;
  if (result.status === "approved" && until)
    return (
      <p className="notice" role="status">
        {t("profile.subscription.anotherCardPaid", { date: formatDate(until, locale) })}
      </p>
    );
  if (result.status === "declined") {
    const code = result.errorCode?.replace(".", "_");
    return (
      <p className="notice notice--error" role="alert">
        {t("profile.subscription.anotherCardDeclined")}{" "}
        {(code ? ifKnown(`purchase.result.errors.${code}`) : undefined) ?? t("purchase.result.errors.default")}
      </p>
    );
  }
  return (
    <p className="notice" role="status">
      {t("profile.subscription.renewProcessing")}
      <StillPending />
    </p>
  );
}

/** Asks the server again every second for a while, as the gateway settles the payment; without scripts, the page reloads itself. */
function StillPending() {
  const revalidator = useRevalidator();
  const asked = useRef(0);
  useEffect(() => {
    if (revalidator.state !== "idle" || asked.current >= maxPolls) return;
    const timer = setTimeout(() => {
      asked.current += 1;
      void revalidator.revalidate();
    }, pollIntervalMs);
    return () => clearTimeout(timer);
  }, [revalidator]);
  return <ReloadWhilePending />;
}
