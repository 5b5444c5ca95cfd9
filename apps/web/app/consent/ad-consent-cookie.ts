import { type AdConsent, adConsentChoices } from "@kinderready/domain/consent/ad-consent";
import { cookieString, readCookie } from "../cookies.ts";

// The consent banner's choice, kept a year in a cookie scripts can read (the pixel checks it).

export const adConsentCookie = { name: "kr_ad_consent", maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

/** The field the banner's buttons post, to the page they are on; a page's own forms never use it. */
export const adConsentField = "ad-consent";

/** The banner's choice from a Cookie header or document.cookie; undefined when never asked. */
export function readAdConsent(cookies: string | null | undefined): AdConsent | undefined {
  const value = readCookie(cookies, adConsentCookie.name);
  return adConsentChoices.find((choice) => choice === value);
}

/** The Set-Cookie value that keeps the choice, as the banner's scripts write it. */
export const adConsentSetCookie = (consent: AdConsent, secure: boolean): string =>
  cookieString(adConsentCookie.name, consent, { maxAgeSeconds: adConsentCookie.maxAgeSeconds, secure });
