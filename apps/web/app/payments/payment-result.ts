import type { MessageKey } from "@kinderready/i18n/message-keys";

/**
 * What the offer shows after the gateway sends the parent back: the order's status is asked
 * every second, up to 20 times, and a decline is explained by its error code.
 */

export const pollIntervalMs = 1000;
export const maxPolls = 20;

export type OrderStatus = {
  /**
   * duplicate: paid while the parent already had a subscription; offer_ended: the intro price
   * paid after its countdown. Both refunded by themselves.
   */
  status: "pending" | "approved" | "declined" | "duplicate" | "offer_ended";
  errorCode: string | null;
  /** An approved order's value (major units) and currency, as the server's conversion sends them. */
  purchase?: PixelPurchase;
};

/** What the ad pixel's Purchase reports: the server's figures, never worked out in the browser. */
export type PixelPurchase = { value: number; currency: string };

/** What the offer's posts answer: the countdown, the hosted payment page to go to, or the order's status. */
export type PurchaseActionResult =
  | { intent: "offer-shown"; secondsLeft: number }
  | { intent: "checkout"; redirectUrl: string }
  | {
      intent: "checkout";
      error: { messageKey: string; field?: string };
      /** A plain form refused for a box left unticked: the boxes it did tick, ticked again on the page it gets back. */
      ticked?: { agree: boolean; immediateAccess: boolean };
    }
  | { intent: "lifetime-checkout"; redirectUrl: string }
  | { intent: "lifetime-checkout"; error: { messageKey: string } }
  | ({ intent: "order-status" } & OrderStatus);

export type PaymentOutcome =
  | { kind: "checking" }
  | { kind: "approved"; purchase?: PixelPurchase | undefined }
  | { kind: "declined"; errorCode: string | null }
  | { kind: "duplicate" }
  | { kind: "offer_ended" }
  | { kind: "timeout" };

/** After answer number `polls` of at most `limit`: a final status, another poll, or time out. */
export function afterPoll(result: OrderStatus, polls: number, limit = maxPolls): PaymentOutcome {
  if (result.status === "approved") return { kind: "approved", purchase: result.purchase };
  if (result.status === "declined") return { kind: "declined", errorCode: result.errorCode };
  if (result.status === "duplicate" || result.status === "offer_ended") return { kind: result.status };
  return polls >= limit ? { kind: "timeout" } : { kind: "checking" };
}

const explainedCodes = ["2_06", "2_08", "2_09", "2_10", "3_01", "3_02", "3_03", "4_08"] as const;
const isExplained = (code: string): code is (typeof explainedCodes)[number] =>
  (explainedCodes as readonly string[]).includes(code);
// The three authentication failures share one message.
const sameMessageAs: Record<string, string> = { "2_11": "2_10", "2_12": "2_10" };

/** `purchase.result.errors.<code>` with the dot as an underscore (2.06 -> 2_06); unknown codes get the default. */
export function errorMessageKey(errorCode: string | null): MessageKey {
  const code = (errorCode ?? "").trim().replace(".", "_");
  const known = sameMessageAs[code] ?? code;
  return `purchase.result.errors.${isExplained(known) ? known : "default"}`;
}

export function failureTitleKey(errorCode: string | null): MessageKey {
  return errorCode?.trim() === "3.02" ? "purchase.result.insufficientTitle" : "purchase.result.failedTitle";
}
