import { type AdConsent, adConsentChoices } from "@kinderready/domain/consent/ad-consent";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { track } from "../analytics/analytics.ts";
import { writeBrowserCookie } from "../analytics/browser-cookie.ts";
import { configurePixel, firePixel } from "../analytics/meta-pixel.ts";
import { adConsentCookie, adConsentField } from "../consent/ad-consent-cookie.ts";
import { useTranslation } from "../i18n/translation-context.tsx";

/**
 * Where the law asks first, the ad pixel waits for this banner: accept and reject are equal
 * buttons, and the choice is kept a year (and on the parent's record, for server-side sharing).
 * Elsewhere it does not show; opting out stays on /terms/do-not-sell/. The buttons are a form
 * posted to the page it is on: a tap before the scripts ran sends the choice, and the server
 * shows the same page again (ad-consent-choice.server.ts).
 */
export function ConsentBanner({
  locale,
  pixelId,
  consentRequired,
  initialConsent,
}: {
  locale: Locale;
  pixelId: string | undefined;
  consentRequired: boolean;
  initialConsent: AdConsent | undefined;
}) {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(initialConsent);
  useEffect(() => {
    configurePixel({ pixelId, consentRequired });
  }, [pixelId, consentRequired]);
  if (!consentRequired || consent) return null;

  const choose = (choice: AdConsent) => {
    writeBrowserCookie(adConsentCookie.name, choice, adConsentCookie.maxAgeSeconds);
    setConsent(choice);
    track("consent_changed", { consent: choice });
    // The same form the page posts before its scripts: the server keeps the choice on the record
    // of the parent signed in here. Its answer is the page again, which is not needed.
    void fetch(window.location.href, {
      method: "POST",
      body: new URLSearchParams({ [adConsentField]: choice }),
      redirect: "manual",
    }).catch(() => {});
    // The page view the pixel could not see before.
    if (choice === "granted") firePixel("page_viewed", crypto.randomUUID(), undefined);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const button = (event.nativeEvent as SubmitEvent).submitter;
    const choice = adConsentChoices.find((known) => known === button?.getAttribute("value"));
    if (!choice) return;
    event.preventDefault();
    choose(choice);
  };

  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <h2 id="consent-title" className="consent-banner__title">
        {t("consent.title")}
      </h2>
      <p>
        {t("consent.text")} <Link to={localizePath("/terms/cookie-policy/", locale)}>{t("consent.policy")}</Link>
      </p>
      <form method="post" className="consent-banner__actions" onSubmit={submit}>
        <button type="submit" name={adConsentField} value="granted" className="button">
          {t("consent.accept")}
        </button>
        <button type="submit" name={adConsentField} value="denied" className="button">
          {t("consent.reject")}
        </button>
      </form>
    </section>
  );
}
