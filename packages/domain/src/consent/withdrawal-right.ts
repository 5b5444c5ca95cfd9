import { AppError, AppErrorCode } from "../app-error.ts";
import { eeaCountries } from "./mailing-consent.ts";

// The consumer's 14-day right of withdrawal from an online purchase (the EU's consumer rights
// directive in the EEA, the Consumer Contracts Regulations in the UK). For digital content it
// ends once delivery begins, but only if the consumer expressly asked for delivery to begin at
// once and acknowledged losing the right: every purchase there (the first payment, an upsell, lifetime
// access) asks for both, its button says that the order is a paid one, and the receipt confirms
// the consent on a durable medium.

const withdrawalCountries: ReadonlySet<string> = new Set([...eeaCountries, "gb"]);

/** Whether a buyer in this country has the right of withdrawal, so the checkout asks to waive it. */
export const withdrawalRightApplies = (countryCode: string): boolean =>
  withdrawalCountries.has(countryCode.toLowerCase());

/** What a purchase says about the right of withdrawal: the buyer's country, and the box they ticked. */
export type WithdrawalWaiver = {
  /** Where the buyer is; unknown (an API caller that did not say) asks nothing. */
  countryCode: string | undefined;
  /** The buyer expressly asked for access at once and acknowledged that the right ends with it. */
  immediateAccessConsent: boolean;
};

/**
 * When the buyer consented to immediate access, for the order to record and its receipt to
 * confirm; null where the right does not apply. Refuses a purchase, naming the box, where the
 * right applies and the consent is missing.
 */
export function immediateAccessConsentAt(waiver: WithdrawalWaiver, now: Date): Date | null {
  if (!waiver.countryCode || !withdrawalRightApplies(waiver.countryCode)) return null;
  if (!waiver.immediateAccessConsent) {
    throw new AppError(
      AppErrorCode.Invalid,
      "immediate_access",
      "Where the right of withdrawal applies, the buyer must ask for access at once and acknowledge losing that right",
      "validation.messages.immediateAccess",
    );
  }
  return now;
}
