import { optInCountries } from "./mailing-consent.ts";

// Ad cookies and ad-platform sharing. Where the law asks first (the EU, the EEA, the UK and
// Switzerland: the mailing opt-in countries) nothing goes to an ad platform until the visitor
// accepts in the consent banner; everywhere else it may, unless they opted out ("do not sell or
// share", or a Global Privacy Control signal). First-party product analytics is not sharing.

export const adConsentChoices = ["granted", "denied"] as const;
export type AdConsent = (typeof adConsentChoices)[number];

export const adConsentRequired = (countryCode: string): boolean => optInCountries.has(countryCode.toLowerCase());

/** Whether ad pixels may fire and conversions may be shared with ad platforms. */
export function adsAllowed(input: {
  consentRequired: boolean;
  consent: AdConsent | undefined;
  optedOut: boolean;
}): boolean {
  if (input.optedOut) return false;
  return input.consentRequired ? input.consent === "granted" : input.consent !== "denied";
}
