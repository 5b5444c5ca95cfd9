import type { ProfileView } from "@kinderready/domain/profile/profile-schema";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { Form, Link, useActionData, useFetcher } from "react-router";
import { EmailAddress } from "../../components/email-address.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { formatDate, formatMinor } from "../../payments/profile-format.ts";
import { DeleteData } from "./delete-data.tsx";
import type { ProfileActionResult } from "./profile-route.server.ts";
import { SubscriptionSummary } from "./subscription/subscription-summary.tsx";

/** /profile/: the child, the account, the subscription in short, purchases, privacy and deletion. */
export function ProfileOverview({
  profile,
  gpc,
  locale,
  deleteError,
  othersSignedOut,
}: {
  profile: ProfileView;
  gpc: boolean;
  locale: Locale;
  deleteError: string | undefined;
  /** The parent has just signed out every other device. */
  othersSignedOut: boolean;
}) {
  const { t } = useTranslation();
  const notGiven = t("profile.child.notGiven");
  return (
    <div className="page profile">
      <h1 id="page-title">{t("pages.profile.heading")}</h1>
      <p>{t("pages.profile.intro")}</p>
      {/* Said where the page opens: the parent came back here from the button at its foot. */}
      {othersSignedOut && (
        <p className="notice" role="status">
          {t("profile.signIn.signedOutOthers")}
        </p>
      )}

      <section className="profile__card" aria-labelledby="profile-child">
        <h2 id="profile-child">{t("profile.child.heading")}</h2>
        <dl className="profile__facts">
          <dt>{t("profile.child.name")}</dt>
          <dd>{profile.childName ?? notGiven}</dd>
          <dt>{t("profile.child.age")}</dt>
          <dd>{profile.childAge ? t("profile.child.ageValue", { count: profile.childAge }) : notGiven}</dd>
        </dl>
      </section>

      <section className="profile__card" aria-labelledby="profile-account">
        <h2 id="profile-account">{t("profile.account.heading")}</h2>
        <dl className="profile__facts">
          <dt>{t("profile.account.email")}</dt>
          <dd>{profile.email ? <EmailAddress address={profile.email} /> : notGiven}</dd>
        </dl>
      </section>

      <section className="profile__card" aria-labelledby="profile-subscription">
        <h2 id="profile-subscription">{t("profile.subscription.heading")}</h2>
        <SubscriptionSummary subscription={profile.subscription} locale={locale} />
        {profile.subscription ? (
          <Link className="button" to={localizePath("/profile/subscription/", locale)}>
            {t("profile.subscription.manage")}
          </Link>
        ) : (
          <Link to={localizePath("/purchase/", locale)}>{t("profile.subscription.toOffer")}</Link>
        )}
      </section>

      <Purchases purchases={profile.purchases} locale={locale} />
      <ConsentForm consent={profile.consent} gpc={gpc} />
      <DeleteData allowed={profile.canDeleteData} locale={locale} error={deleteError} />

      <div className="profile__sign-out">
        <SignOutButton intent="sign-out" label={t("profile.signIn.signOut")} />
        {/* A lost phone, a shared computer: every other device's session ends, this one stays. */}
        <SignOutButton intent="sign-out-others" label={t("profile.signIn.signOutOthers")} />
      </div>
    </div>
  );
}

/** A plain form of one button: it works before the scripts, and the page reloads signed out. */
function SignOutButton({ intent, label }: { intent: "sign-out" | "sign-out-others"; label: string }) {
  return (
    <Form method="post" reloadDocument>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="button button--quiet">
        {label}
      </button>
    </Form>
  );
}

function Purchases({ purchases, locale }: { purchases: ProfileView["purchases"]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="profile__card" aria-labelledby="profile-purchases">
      <h2 id="profile-purchases">{t("profile.purchases.heading")}</h2>
      {purchases.length === 0 ? (
        <p>{t("profile.purchases.none")}</p>
      ) : (
        <table className="profile__table">
          <thead>
            <tr>
              <th scope="col">{t("profile.purchases.date")}</th>
              <th scope="col">{t("profile.purchases.item")}</th>
              <th scope="col">{t("profile.purchases.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {purchases.map((purchase) => (
              <tr key={purchase.orderId}>
                <td>{formatDate(purchase.paidAt, locale)}</td>
                <td>
                  {t(`profile.purchases.kinds.${purchase.kind}`)}
                  {purchase.refunded && <span className="badge">{t("profile.purchases.refunded")}</span>}
                </td>
                <td dir="ltr">{formatMinor(purchase.amount, purchase.currency, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ConsentForm({ consent, gpc }: { consent: ProfileView["consent"]; gpc: boolean }) {
  const { t, ifKnown } = useTranslation();
  const fetcher = useFetcher<ProfileActionResult>();
  // A post made before the scripts ran is the page's own action: its answer comes with the page.
  const posted = useActionData<ProfileActionResult>();
  const result = fetcher.data ?? posted;
  return (
    <section className="profile__card" aria-labelledby="profile-consent">
      <h2 id="profile-consent">{t("profile.consent.heading")}</h2>
      <fetcher.Form method="post" className="profile__form">
        <input type="hidden" name="intent" value="consent" />
        {/* Each choice is one row to tap, hint included; the box is named by its choice alone. */}
        <label className="consent consent--row">
          <input
            id="consent-mailing"
            type="checkbox"
            name="mailing"
            defaultChecked={consent.mailing}
            aria-labelledby="consent-mailing-label"
            aria-describedby="consent-mailing-hint"
          />
          <span className="consent__text">
            <span id="consent-mailing-label">{t("profile.consent.mailing")}</span>
            <span id="consent-mailing-hint" className="muted small">
              {t("profile.consent.mailingHint")}
            </span>
          </span>
        </label>
        {/* With GPC on, the choice is the browser's: sent as on, shown as on. */}
        {gpc && <input type="hidden" name="adSharingOptOut" value="on" />}
        <label className="consent consent--row">
          <input
            id="consent-ad-sharing"
            type="checkbox"
            name={gpc ? undefined : "adSharingOptOut"}
            defaultChecked={consent.adSharingOptOut}
            disabled={gpc}
            aria-labelledby="consent-ad-sharing-label"
            aria-describedby="consent-ad-sharing-hint"
          />
          <span className="consent__text">
            <span id="consent-ad-sharing-label">{t("profile.consent.adSharing")}</span>
            <span id="consent-ad-sharing-hint" className="muted small">
              {t(gpc ? "profile.consent.gpc" : "profile.consent.adSharingHint")}
            </span>
          </span>
        </label>
        <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
          {t("profile.consent.save")}
        </button>
        <p className="profile__status" role="status">
          {fetcher.state === "idle" &&
            result?.intent === "consent" &&
            (result.ok ? t("profile.consent.saved") : (ifKnown(result.errorKey) ?? t("errors.generic")))}
        </p>
      </fetcher.Form>
    </section>
  );
}
