/**
 * The offers' pricing rules, decided on the server from the offer's stored state and never from
 * what a browser says.
 *
 * The subscription countdown starts at 600 s, capped at the configured timeout, when the price is
 * first shown to a parent; its deadline is kept, so a reload, a declined card or another device
 * never brings the discount back. Before the deadline the `initial` price applies, after it the
 * `expired` one. A few seconds of grace let a tap made at 00:01 reach the server.
 *
 * The upsell offer starts at `initial`; a "no, thanks" turns it into the `discount` (the catchy
 * price); closing the discount `ended` it, and the usual price applies again.
 */

/** The offer variants a first payment may be for: while the timer runs, and after it ran out. */
export const checkoutVariants = ["initial", "expired"] as const;
export type CheckoutVariant = (typeof checkoutVariants)[number];

/** The offer's two prices for the add-on packs: the first one, and the discount after a "no". */
export const upsellVariants = ["initial", "catchy"] as const;
export type UpsellVariant = (typeof upsellVariants)[number];

export const offerSeconds = 600;
export const offerGraceSeconds = 10;
/**
 * Once the card is in, what the gateway may still take (3-D Secure, the bank) before an intro
 * price paid on a page opened in time is too late: past the countdown, its grace and this, the
 * payment is refunded, so a page kept open cannot buy the old price later.
 */
export const paymentAllowanceSeconds = 5 * 60;

/** The last moment a checkout at the intro price may be paid. */
export const introPricePayableUntil = (deadline: Date): Date => new Date(deadline.getTime() + offerGraceSeconds * 1000);

/** The countdown's length: 600 s, capped at the configured timeout. */
export function startingSeconds(timeoutSeconds: number): number {
  return Math.max(0, Math.min(offerSeconds, Math.floor(timeoutSeconds)));
}

/** Whole seconds left until the deadline (0 once it has passed). */
export function secondsLeft(deadline: Date, now: Date): number {
  return Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000));
}

/** The subscription price a checkout made now gets. */
export function subscriptionVariantAt(deadline: Date, now: Date): CheckoutVariant {
  return now.getTime() < deadline.getTime() + offerGraceSeconds * 1000 ? "initial" : "expired";
}

export const upsellStages = ["initial", "discount", "ended"] as const;
export type UpsellStage = (typeof upsellStages)[number];
export const upsellDecisions = ["declined", "discount-closed"] as const;
export type UpsellDecision = (typeof upsellDecisions)[number];

/** Each decision moves the offer from one stage to the next, and from no other. */
export const upsellTransitions: Record<UpsellDecision, { from: UpsellStage; to: UpsellStage }> = {
  declined: { from: "initial", to: "discount" },
  "discount-closed": { from: "discount", to: "ended" },
};

/** The add-on packs' price at a stage: the catchy discount only while it is on offer. */
export function upsellVariantAt(stage: UpsellStage): UpsellVariant {
  return stage === "discount" ? "catchy" : "initial";
}
