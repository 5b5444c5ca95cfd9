// Every kind of email the product sends, by a stable id. A queued row's kind is the id followed
// by its arguments (`receipt:<order id>`); a kind no one registered is refused, never sent as
// another email.

export const emailKindIds = [
  "welcome",
  "receipt",
  "access-link",
  "operator-sign-in",
  "support",
  "review-request",
  "trial-ending",
  "renewal-upcoming",
  "payment-failed",
  "cancellation-confirmed",
  "pause-started",
  "pause-ending",
  "checkout-abandoned",
  "win-back",
] as const;
export type EmailKindId = (typeof emailKindIds)[number];

/**
 * Service mails always go (they are part of the contract: receipts, notices before a charge,
 * confirmations); marketing mails go only with the parent's consent.
 */
export type EmailClass = "service" | "marketing";

export const emailClassOf: { [Id in EmailKindId]: EmailClass } = {
  welcome: "service",
  receipt: "service",
  "access-link": "service",
  "operator-sign-in": "service",
  support: "service",
  "review-request": "marketing",
  "trial-ending": "service",
  "renewal-upcoming": "service",
  "payment-failed": "service",
  "cancellation-confirmed": "service",
  "pause-started": "service",
  "pause-ending": "service",
  "checkout-abandoned": "marketing",
  "win-back": "marketing",
};

/** The stored kind of one message: its id and arguments, joined with colons. */
export function emailKind(id: EmailKindId, ...args: string[]): string {
  return [id, ...args].join(":");
}

/** The id and arguments of a stored kind, or undefined when no kind has that id. */
export function parseEmailKind(kind: string): { id: EmailKindId; args: string[] } | undefined {
  const [id = "", ...args] = kind.split(":");
  return (emailKindIds as readonly string[]).includes(id) ? { id: id as EmailKindId, args } : undefined;
}
