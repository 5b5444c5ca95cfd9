import type { EmailKindId } from "../email/email-kinds.ts";

/**
 * What an email is there to bring about, counted when the parent did it within a week of its
 * sending: a purchase (a subscription, or one renewed after it ended), a charge that went
 * through (the renewal after a notice, or the one that had failed), a cancellation taken back, a
 * review written. Kinds with nothing to bring about (a receipt, a sign-in link) have none.
 */
export const emailOutcomes = {
  welcome: "purchase",
  "checkout-abandoned": "purchase",
  "win-back": "purchase",
  "trial-ending": "charged",
  "renewal-upcoming": "charged",
  "pause-ending": "charged",
  "payment-failed": "charged",
  "cancellation-confirmed": "kept",
  "review-request": "review",
} as const satisfies Partial<Record<EmailKindId, string>>;
export type EmailOutcome = (typeof emailOutcomes)[keyof typeof emailOutcomes];
