import type { Locale } from "@kinderready/i18n/locales";
import { AppError, AppErrorCode } from "../app-error.ts";
import { immediateAccessConsentAt, type WithdrawalWaiver } from "../consent/withdrawal-right.ts";
import { assignIntroOfferGroup, type SplitConfig } from "../experiments/split-config.server.ts";
import type { FlowType } from "../flows.ts";
import { currencyFor } from "../pricing/currency.ts";
import { introPricePayableUntil, startingSeconds, subscriptionVariantAt } from "../pricing/offer-rules.ts";
import { insertOfferDeadline, readOfferState } from "../pricing/offer-state-queries.server.ts";
import { planTitle } from "../pricing/plan-title.server.ts";
import { findSoldSubscription } from "../subscriptions/subscription-queries.server.ts";
import { hasAccess } from "../subscriptions/subscription-state.ts";
import {
  countDeclinedOrders,
  findBuyerByToken,
  findLatestSubscriptionOrder,
  findOrderOfParent,
  findSubscriptionPlan,
  updateCreatedOrder,
} from "./order-queries.server.ts";
import { ensureOrder, openPaymentPage, type PaymentDeps, syncOrder, withOrderId } from "./orders.server.ts";
import { isFinalStatus } from "./solidgate-protocol.ts";
import { type PurchaseClient, recordConversionClient } from "./subscription-billing.server.ts";

/**
 * The first payment: the parent leaves for the gateway's hosted payment page (card data never
 * touches the product) and comes back to the offer with the order id, where the page asks how
 * it went. The browser chooses nothing about the price: the variant follows the parent's stored
 * countdown (offer-rules.ts) and the plan and amount come from the catalogue for their country.
 */

export type CheckoutInput = WithdrawalWaiver & {
  userToken: string;
  flow: FlowType;
  /** The countdown's configured length, for a parent who buys before the price was ever shown. */
  offerTimeoutSeconds: number;
  countryCode: string;
  locale: Locale;
  /** The offer page to come back to; the gateway adds `order_id`. */
  returnUrl: string;
  /**
   * The session (its digest) of the device that goes to pay, if any, for the payment to verify;
   * asked once the gateway's page is ready.
   */
  payingSession?: ((userId: string) => Promise<string | undefined>) | undefined;
};

export type CheckoutResult = {
  /**
   * duplicate: paid while the parent already had a subscription; offer_ended: the intro price was
   * paid after its countdown. Both refunded by themselves.
   */
  status: "pending" | "approved" | "declined" | "duplicate" | "offer_ended";
  errorCode: string | null;
  /** What an approved order took (minor units), for the browser pixel to report as the server does. */
  paid?: { amount: number; currency: string };
};

const unknownUser = () =>
  new AppError(AppErrorCode.NotFound, "user_token", "No parent has this token", "purchase.result.unknownUser");

/** Checkout prices by the parent's intro-offer group, so it reads the split configuration too. */
export type CheckoutDeps = PaymentDeps & { splits: SplitConfig };

/** Finds or creates the order for this attempt and the hosted payment page to pay it on. */
export async function startCheckout(
  deps: CheckoutDeps,
  input: CheckoutInput,
): Promise<{ orderId: string; redirectUrl: string }> {
  const consentAt = immediateAccessConsentAt(input, deps.now());
  const user = await findBuyerByToken(deps.db, input.userToken);
  if (!user?.email) throw unknownUser();

  const subscription = await findSoldSubscription(deps.db, user.id);
  // A paused subscription is still the parent's: they resume it rather than buy a second one.
  if (subscription && (hasAccess(subscription, deps.now()) || subscription.status === "paused")) {
    throw new AppError(
      AppErrorCode.Conflict,
      "subscription",
      "This parent already has a subscription",
      "purchase.result.alreadySubscribed",
    );
  }

  const now = deps.now();
  const deadline =
    (await readOfferState(deps.db, user.id)).deadline ??
    (await insertOfferDeadline(deps.db, { userId: user.id, seconds: startingSeconds(input.offerTimeoutSeconds), now }));
  const variant = subscriptionVariantAt(deadline, now);
  // The intro-offer group is the server's to decide, as on the offer page: never the browser's.
  const { group: introOfferGroup } = await assignIntroOfferGroup(deps, {
    userId: user.id,
    locale: input.locale,
    flow: input.flow,
  });
  const plan = await findSubscriptionPlan(deps.db, {
    variant,
    splitGroup: introOfferGroup,
    currency: currencyFor(input.countryCode),
  });
  if (!plan) throw new Error(`no subscription plan for ${variant} in ${input.countryCode}`);

  const latest = await findLatestSubscriptionOrder(deps.db, user.id);
  // A payment already under way is not started again: the parent goes back to its result.
  if (latest && !isFinalStatus(latest.status) && latest.status !== "created") {
    return { orderId: latest.orderId, redirectUrl: withOrderId(input.returnUrl, latest.orderId) };
  }
  // Every attempt after a decline is a new order (the gateway refuses a reused id); a double
  // click or a retried request counts the same attempts, so it lands on the same order.
  const attempts = await countDeclinedOrders(deps.db, { userId: user.id, purpose: "subscription" });
  const order =
    latest?.status === "created" && latest.pricePlanId === plan.id
      ? latest
      : await ensureOrder(deps, {
          userId: user.id,
          purpose: "subscription",
          idempotencyKey: `subscription:${plan.id}:${attempts}`,
          plan,
          amount: plan.amount,
          gatewayName: deps.gatewayName,
        });

  // The intro price holds only while the countdown (and its grace) does, whatever page is open;
  // the consent is the one given on this attempt's page, for the receipt to confirm.
  if (variant === "initial" || consentAt) {
    await updateCreatedOrder(deps.db, order.orderId, {
      ...(variant === "initial" ? { payableUntil: introPricePayableUntil(deadline) } : {}),
      ...(consentAt ? { immediateAccessConsentAt: consentAt } : {}),
    });
  }
  return openPaymentPage(deps, order, {
    description: planTitle(plan, input.locale),
    customerEmail: user.email,
    language: input.locale,
    back: input.returnUrl,
    payingSession: async () => input.payingSession?.(user.id),
  });
}

/** How a parent's payment went; asks the gateway while the order is not final. */
export async function getCheckoutResult(
  deps: PaymentDeps,
  input: {
    orderId: string;
    userToken: string;
    /** The parent's browser asking: kept on the purchase's conversion where consent allows. */
    client?: PurchaseClient | undefined;
  },
): Promise<CheckoutResult> {
  const found = await findOrderOfParent(deps.db, { orderId: input.orderId, userToken: input.userToken });
  // Someone else's order is as unknown as a made-up one.
  if (!found) throw new AppError(AppErrorCode.NotFound, "order_id", "No such order for this parent");
  const order = isFinalStatus(found.status) ? found : await syncOrder(deps, input.orderId);
  if (order.refundReason === "duplicate" || order.refundReason === "offer_ended") {
    return { status: order.refundReason, errorCode: null };
  }
  if (order.status === "approved") {
    if (input.client) await recordConversionClient(deps, { orderId: order.orderId, client: input.client });
    return { status: "approved", errorCode: null, paid: { amount: order.amount, currency: order.currency } };
  }
  if (isFinalStatus(order.status)) return { status: "declined", errorCode: order.errorCode };
  return { status: "pending", errorCode: null };
}
