import type { UpsellStage } from "@kinderready/domain/pricing/offer-rules";
import type { UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import type { MessageKey } from "@kinderready/i18n/message-keys";
import type { OrderStatus } from "../../payments/payment-result.ts";

/**
 * What the upsell shows after a decline: insufficient funds for 3.02 (also
 * written 3_02), a request to confirm with the bank where the charge needed the cardholder,
 * otherwise the decline's own message.
 */

const needsCardholderCodes = new Set(["2.10", "2.11", "2.12", "2.15", "3.09"]);

const normalise = (code: string | null) => (code ?? "").trim().replace("_", ".");

export function upsellDeclineTitleKey(code: string | null): MessageKey {
  return normalise(code) === "3.02" ? "upsell.insufficientTitle" : "upsell.declinedTitle";
}

/** Declines a charge without the parent cannot get past: they pay on the gateway's page instead. */
export function needsCardholder(code: string | null): boolean {
  return needsCardholderCodes.has(normalise(code));
}

export function upsellDeclineMessageKey(code: string | null): MessageKey {
  if (needsCardholder(code)) return "upsell.needsCardholder";
  return `purchase.result.errors.${normalise(code) === "3.02" ? "3_02" : "default"}`;
}

/**
 * A parent back from buying an upsell (the gateway's page, or a one-click form posted without
 * scripts): the order, what it was for, and its status as the page was loaded.
 */
export type UpsellReturning = { orderId: string; type: UpsellType; status: OrderStatus | null };

/** What the printables page's posts answer: the order to poll, its status, or the conversion report. */
export type UpsellActionResult =
  | { intent: "upsell"; orderId: string }
  | { intent: "upsell"; error: { messageKey: string; field?: string } }
  | ({ intent: "upsell-status" } & OrderStatus)
  | { intent: "trigger-upsell"; recorded: boolean }
  | { intent: "upsell-decision"; stage: UpsellStage }
  | { intent: "upsell-checkout"; redirectUrl: string };

/** What marking a printable done answers; `error` is a catalogue key. */
export type CompleteActionResult = {
  intent: "complete";
  itemId: string;
  done: boolean;
  tooHard: boolean;
  levelCompleted: boolean;
  error?: string | undefined;
};
