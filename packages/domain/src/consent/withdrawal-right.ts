import { eeaCountries } from "./mailing-consent.ts";

// The consumer's 14-day right of withdrawal from an online purchase (the EU's consumer rights
// directive in the EEA, the Consumer Contracts Regulations in the UK). For digital content it
// ends once delivery begins, but only if the consumer expressly asked for delivery to begin at
// once and acknowledged losing the right: the checkout asks for both, its button says that the
// order is a paid one, and the receipt confirms the consent on a durable medium.

const withdrawalCountries: ReadonlySet<string> = new Set([...eeaCountries, "gb"]);

/** Whether a buyer in this country has the right of withdrawal, so the checkout asks to waive it. */
export const withdrawalRightApplies = (countryCode: string): boolean =>
  withdrawalCountries.has(countryCode.toLowerCase());
