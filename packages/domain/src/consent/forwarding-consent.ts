import { adsAllowed } from "./ad-consent.ts";

// Whether a parent's conversion may be sent to a destination, decided again at every send from
// what the users row says then. Ad platforms need the parent not to have opted out of sharing
// and, where the law asks first (opt-in countries), a granted ad consent. Amplitude is our own
// product analytics (a processor, not a recipient that sells or shares): only erasure stops it.

export type DestinationKind = "ad-platform" | "product-analytics";

/** The consent-relevant columns of the users row; null when the conversion has no user left. */
export type ForwardingSubject = {
  erasedAt: Date | null;
  adSharingOptOutAt: Date | null;
  mailingOptInCountry: boolean;
  adConsent: string | null;
} | null;

export type ForwardingDecision = { send: true } | { send: false; reason: "erased" | "opted-out" | "no-consent" };

export function forwardingDecision(subject: ForwardingSubject, kind: DestinationKind): ForwardingDecision {
  if (!subject || subject.erasedAt) return { send: false, reason: "erased" };
  if (kind === "product-analytics") return { send: true };
  if (subject.adSharingOptOutAt) return { send: false, reason: "opted-out" };
  // The pixel's rule, with the banner's choice as the parent's row keeps it.
  const consent = subject.adConsent === "granted" || subject.adConsent === "denied" ? subject.adConsent : undefined;
  return adsAllowed({ consentRequired: subject.mailingOptInCountry, consent, optedOut: false })
    ? { send: true }
    : { send: false, reason: "no-consent" };
}
