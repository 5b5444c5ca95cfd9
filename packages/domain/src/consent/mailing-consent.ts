/**
 * Where marketing email needs an explicit opt-in (GDPR and its UK and Swiss equivalents): the
 * consent box starts unticked. Everywhere else consent starts ticked and a parent who keeps it
 * is confirmed at once. California residents get the CCPA rights (do-not-sell link, deletion).
 */

const euCountries = [
  "at",
  "be",
  "bg",
  "hr",
  "cy",
  "cz",
  "dk",
  "ee",
  "fi",
  "fr",
  "de",
  "gr",
  "hu",
  "ie",
  "it",
  "lv",
  "lt",
  "lu",
  "mt",
  "nl",
  "pl",
  "pt",
  "ro",
  "sk",
  "si",
  "es",
  "se",
];
const eeaOutsideEu = ["is", "li", "no"];
/** The EU and the rest of the EEA, where EU consumer law applies (lower-case ISO codes). */
export const eeaCountries: readonly string[] = [...euCountries, ...eeaOutsideEu];

export const optInCountries: ReadonlySet<string> = new Set([...eeaCountries, "gb", "ch"]);

export type MailingPolicy = {
  /** Consent must be given actively: the box starts unticked. */
  optIn: boolean;
  /** The strict-rules flag the analytics and the ad forwarding read. */
  strictRules: boolean;
  /** California: the CCPA applies. */
  ccpa: boolean;
  /** A parent who allows mailing is confirmed without clicking the link. */
  autoConfirm: boolean;
};

export function mailingPolicyFor(countryCode: string | undefined, region?: string): MailingPolicy {
  const country = countryCode?.toLowerCase() ?? "";
  const optIn = optInCountries.has(country);
  const ccpa = country === "us" && /^(ca|california)$/i.test(region?.trim() ?? "");
  return { optIn, strictRules: optIn, ccpa, autoConfirm: !optIn };
}
