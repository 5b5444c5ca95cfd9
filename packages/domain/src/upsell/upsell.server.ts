import type { pricePlans } from "@kinderready/db/schema";
import type { Locale } from "@kinderready/i18n/locales";
import { AppError, AppErrorCode } from "../app-error.ts";
import { forwardingDecision } from "../consent/forwarding-consent.ts";
import { immediateAccessConsentAt, type WithdrawalWaiver } from "../consent/withdrawal-right.ts";
import { getCheckoutResult } from "../payments/checkout.server.ts";
import {
  countDeclinedOrders,
  findBuyerByToken,
  findOrder,
  insertOrderIfAbsent,
} from "../payments/order-queries.server.ts";
import {
  chargeStoredCard,
  type OrderRow,
  openPaymentPage,
  orderIdFor,
  type PaymentDeps,
  withOrderId,
} from "../payments/orders.server.ts";
import type { PurchaseClient } from "../payments/subscription-billing.server.ts";
import type { CurrencyCode } from "../pricing/currency.ts";
import {
  type UpsellDecision,
  type UpsellStage,
  type UpsellVariant,
  upsellTransitions,
  upsellVariantAt,
  upsellVariants,
} from "../pricing/offer-rules.ts";
import { readOfferState, updateUpsellStage } from "../pricing/offer-state-queries.server.ts";
import { planTitle } from "../pricing/plan-title.server.ts";
import { toPricePlan } from "../pricing/price-config.server.ts";
import { listOfferPricePlans } from "../pricing/price-config-queries.server.ts";
import type { PricePlan } from "../pricing/price-config-schema.ts";
import { findSoldSubscription } from "../subscriptions/subscription-queries.server.ts";
import { upsellKind } from "../upsell-wire.ts";
import {
  findFirstPayment,
  findLatestApprovedUpsell,
  findOpenOrder,
  findUpsellDisplayMode,
  findUpsellPlan,
  insertUpsellConversion,
  listOwnedUpsells,
  updateOrderConsent,
  upsertUpsellDisplayMode,
} from "./upsell-queries.server.ts";
import { type UpsellDisplayMode, type UpsellType, upsellDisplayModes } from "./upsell-schema.ts";

/**
 * One-click upsells after the first payment: the card stored by that payment is charged
 * merchant-initiated (`/recurring`), at the catalogue's price in the currency the parent paid in.
 * Which price (the usual one or the catchy discount) follows the offer's stage kept on the server
 * (offer-rules.ts). What the browser saw (an amount, a variant) is only checked, never used: a
 * mismatch is refused, so a parent is never charged a price other than the one on their screen.
 */

export type UpsellInput = WithdrawalWaiver & {
  userToken: string;
  email: string;
  /** Minor units, as the browser saw the price. */
  amount: number;
  currency: CurrencyCode;
  recurringType: UpsellType;
};

async function findBuyer(deps: PaymentDeps, input: { userToken: string }) {
  const user = await findBuyerByToken(deps.db, input.userToken);
  if (!user?.email) throw new AppError(AppErrorCode.NotFound, "user_token", "No parent has this token");
  const subscription = await findSoldSubscription(deps.db, user.id);
  const firstPayment = await findFirstPayment(deps.db, user.id);
  if (!subscription?.cardToken || !firstPayment) {
    throw new AppError(
      AppErrorCode.Conflict,
      "user_token",
      "An upsell needs a successful first payment",
      "upsell.errors.noFirstPayment",
    );
  }
  return { user: { id: user.id, email: user.email, kidName: user.kidName }, subscription };
}

/**
 * The order for this attempt at an upsell kind: the id comes from the parent, the kind and the
 * number of declined attempts, and a partial unique index allows one open order per kind, so
 * whoever asks at the same time gets the same order (the one already under way, if any).
 */
async function openUpsellOrder(
  deps: PaymentDeps,
  input: {
    userId: string;
    recurringType: UpsellType;
    plan: typeof pricePlans.$inferSelect;
    shown: UpsellVariant;
    /** When the parent consented to access at once (where the right of withdrawal applies). */
    consentAt: Date | null;
  },
): Promise<OrderRow> {
  const { userId, recurringType, plan } = input;
  // How the offer was on screen, so its take rate is counted from orders, not browser reports.
  const upsellMode = await getUpsellDisplayMode(deps);
  const declined = await countDeclinedOrders(deps.db, { userId, purpose: recurringType });
  const idempotencyKey = `${recurringType}:${declined}`;
  const orderId = orderIdFor(userId, idempotencyKey);
  await insertOrderIfAbsent(deps.db, {
    orderId,
    userId,
    purpose: recurringType,
    idempotencyKey,
    pricePlanId: plan.id,
    amount: plan.amount,
    currency: plan.currency,
    gateway: deps.gatewayName,
    upsellMode,
    upsellVariant: input.shown,
  });
  // This attempt's order, or the one of this kind already under way (the index let only one in).
  const order =
    (await findOrder(deps.db, orderId)) ?? (await findOpenOrder(deps.db, { userId, purpose: recurringType }));
  if (!order) throw new Error(`upsell order ${orderId} vanished`);
  // The consent given for this attempt, for the receipt to confirm (an order not yet charged only).
  if (input.consentAt && order.status === "created") {
    const consented = await updateOrderConsent(deps.db, { orderId: order.orderId, consentAt: input.consentAt });
    return consented ?? order;
  }
  return order;
}

async function refuseOwned(
  deps: PaymentDeps,
  userId: string,
  subscription: { status: string },
  recurringType: UpsellType,
) {
  const owned = await listOwnedUpsells(deps.db, userId);
  if (owned.has(recurringType) || (recurringType === "lifetime" && subscription.status === "lifetime")) {
    throw new AppError(AppErrorCode.Conflict, "recurring_type", "Already bought", "upsell.errors.alreadyOwned");
  }
}

/** The plan an upsell kind costs this parent now: by the offer's stage (lifetime has one price). */
async function currentUpsellPlan(
  deps: PaymentDeps,
  input: { userId: string; recurringType: UpsellType; currency: string },
) {
  const variant = upsellVariantAt((await readOfferState(deps.db, input.userId)).upsellStage);
  return catalogueUpsellPlan(deps, { ...input, variant });
}

/** The catalogue's plan for an upsell kind and offer variant in a currency (lifetime has one price). */
async function catalogueUpsellPlan(
  deps: PaymentDeps,
  input: { recurringType: UpsellType; variant: UpsellVariant; currency: string },
) {
  const plan = await findUpsellPlan(deps.db, {
    kind: input.recurringType,
    variant: input.recurringType === "lifetime" ? "initial" : input.variant,
    currency: input.currency,
  });
  if (!plan) throw new Error(`no ${input.recurringType} plan for ${input.variant} in ${input.currency}`);
  return plan;
}

/**
 * Charges an upsell once: the order id comes from the parent, the kind and the number of
 * declined attempts, and a partial unique index allows one open order per kind, so a double
 * click, a retried request or 20 at once charge one order. Answers the order id to poll.
 */
export async function startUpsell(deps: PaymentDeps, input: UpsellInput): Promise<{ orderId: string }> {
  const consentAt = immediateAccessConsentAt(input, deps.now());
  const { user, subscription } = await findBuyer(deps, input);
  if (user.email.toLowerCase() !== input.email.trim().toLowerCase()) {
    throw new AppError(AppErrorCode.Invalid, "email", "is not the email of this parent");
  }
  if (input.currency !== subscription.currency) {
    throw new AppError(
      AppErrorCode.Invalid,
      "currency",
      `must be ${subscription.currency}, the currency of the first payment`,
    );
  }
  const plan = await currentUpsellPlan(deps, { ...input, userId: user.id, currency: subscription.currency });
  if (plan.amount !== input.amount) {
    throw new AppError(
      AppErrorCode.Invalid,
      "amount",
      `is not the current price of ${input.recurringType} for this parent (${plan.amount})`,
      "upsell.errors.priceChanged",
    );
  }
  // The API names a price, not a variant: the variant is the one that price belongs to.
  const shown = upsellVariants.find((variant) => variant === plan.variant) ?? "initial";
  return chargeUpsell(deps, { user, subscription, plan, recurringType: input.recurringType, shown, consentAt });
}

/** The one charge of a priced upsell on the stored card (see startUpsell): the order id to poll. */
async function chargeUpsell(
  deps: PaymentDeps,
  input: {
    user: { id: string };
    subscription: { status: string; cardToken: string | null };
    plan: typeof pricePlans.$inferSelect;
    recurringType: UpsellType;
    shown: UpsellVariant;
    consentAt: Date | null;
  },
): Promise<{ orderId: string }> {
  const { user, subscription, recurringType } = input;
  await refuseOwned(deps, user.id, subscription, recurringType);
  const order = await openUpsellOrder(deps, { ...input, userId: user.id });
  if (order.status === "created") {
    await chargeStoredCard(deps, order, {
      cardToken: subscription.cardToken as string,
      description: input.plan.productName,
    });
  }
  return { orderId: order.orderId };
}

/** How an upsell charge went, for its own parent only; asks the gateway while it is not final. */
export async function getUpsellStatus(
  deps: PaymentDeps,
  input: { orderId: string; userToken: string },
): Promise<{
  status: "processing" | "approved" | "declined";
  errorCode: string | null;
  paid?: { amount: number; currency: string } | undefined;
}> {
  const result = await getCheckoutResult(deps, input);
  // Only a first payment is refunded by itself: asked here about one, it bought no upsell.
  const status = result.status === "duplicate" || result.status === "offer_ended" ? "declined" : result.status;
  return {
    status: status === "pending" ? "processing" : status,
    errorCode: result.errorCode,
    paid: result.paid,
  };
}

/**
 * Records the parent's latest approved upsell as a conversion for the ad platforms (forwarded
 * by a job later). Once per order, however often the browser reports it; nothing bought, nothing
 * recorded; a parent who said "do not sell or share" is never reported.
 */
export async function recordUpsellConversion(
  deps: Pick<PaymentDeps, "db">,
  input: { userToken: string; client?: PurchaseClient | undefined },
): Promise<{ recorded: boolean }> {
  const latest = await findLatestApprovedUpsell(deps.db, input.userToken);
  if (!latest) throw new AppError(AppErrorCode.NotFound, "user_token", "This parent has bought no upsell");
  if (latest.subject.adSharingOptOutAt) return { recorded: false };
  const order: OrderRow = latest.order;
  const inserted = await insertUpsellConversion(deps.db, {
    userId: order.userId,
    event: order.purpose,
    orderId: order.orderId,
    amount: order.amount,
    currency: order.currency,
    // The browser that bought, for platforms that match on it, only where ad consent allows.
    ...(input.client &&
      forwardingDecision(latest.subject, "ad-platform").send && {
        clientIp: input.client.ip,
        userAgent: input.client.userAgent?.slice(0, 1000) ?? null,
      }),
  });
  return { recorded: inserted.length > 0 };
}

export type UpsellOffer = {
  /** The child's name from the quiz, to address the offer to. */
  kidName: string | null;
  owned: UpsellType[];
  /** Where the offer stands: the catchy price applies only at `discount`. */
  stage: UpsellStage;
  /** The add-on packs at the offer's price and at the discount downsell, and lifetime access. */
  plans: { initial: PricePlan; catchy: PricePlan; lifetime: PricePlan };
};

/**
 * The upsells a parent is offered after the first payment, in the currency they paid in.
 * Undefined for a parent who has not paid (or whose card cannot be charged again).
 */
export async function getUpsellOffer(
  deps: PaymentDeps,
  input: { userToken: string },
): Promise<UpsellOffer | undefined> {
  const buyer = await findBuyer(deps, input).catch((error: unknown) => {
    if (error instanceof AppError) return undefined;
    throw error;
  });
  if (!buyer) return undefined;
  const [rows, owned, state] = await Promise.all([
    listOfferPricePlans(deps.db, { currency: buyer.subscription.currency, purchaseType: upsellKind }),
    listOwnedUpsells(deps.db, buyer.user.id),
    readOfferState(deps.db, buyer.user.id),
  ]);
  const plan = (kind: UpsellType, variant: UpsellVariant) => {
    const row = rows.find((candidate) => candidate.kind === kind && candidate.variant === variant);
    if (!row)
      throw new Error(`the price catalogue has no ${kind} plan for ${variant} in ${buyer.subscription.currency}`);
    return toPricePlan(row);
  };
  if (buyer.subscription.status === "lifetime") owned.add("lifetime");
  return {
    kidName: buyer.user.kidName,
    owned: [...owned],
    stage: state.upsellStage,
    plans: {
      initial: plan(upsellKind, "initial"),
      catchy: plan(upsellKind, "catchy"),
      lifetime: plan("lifetime", "initial"),
    },
  };
}

/** Refuses a purchase whose price on the parent's screen is not the one the server would charge. */
function refuseOtherPrice(shown: UpsellVariant, plan: typeof pricePlans.$inferSelect) {
  if (plan.kind === upsellKind && plan.variant !== shown) {
    throw new AppError(
      AppErrorCode.Conflict,
      "variant",
      `the parent saw the ${shown} price, the offer is at ${plan.variant}`,
      "upsell.errors.priceChanged",
    );
  }
}

/**
 * A one-click upsell from the pages: the browser names what to buy and the price it showed
 * (`shown`), the offer's stage names the price.
 */
export async function buyUpsell(
  deps: PaymentDeps,
  input: WithdrawalWaiver & { userToken: string; recurringType: UpsellType; shown: UpsellVariant },
): Promise<{ orderId: string }> {
  const consentAt = immediateAccessConsentAt(input, deps.now());
  const { user, subscription } = await findBuyer(deps, input);
  const plan = await currentUpsellPlan(deps, { ...input, userId: user.id, currency: subscription.currency });
  refuseOtherPrice(input.shown, plan);
  return chargeUpsell(deps, {
    user,
    subscription,
    plan,
    recurringType: input.recurringType,
    shown: input.shown,
    consentAt,
  });
}

/**
 * The upsell on the gateway's hosted page, with the parent present: for a merchant-initiated
 * charge the bank declined because it wants the cardholder (3-D Secure, 2.15, 3.09). A new
 * attempt's order; the gateway sends the parent back to `returnUrl` with `order_id`.
 */
export async function startUpsellCheckout(
  deps: PaymentDeps,
  input: WithdrawalWaiver & {
    userToken: string;
    recurringType: UpsellType;
    shown: UpsellVariant;
    locale: Locale;
    returnUrl: string;
    /**
     * The session (its digest) of the device that goes to pay, if any, for the payment to verify;
     * asked once the gateway's page is ready.
     */
    payingSession?: ((userId: string) => Promise<string | undefined>) | undefined;
  },
): Promise<{ orderId: string; redirectUrl: string }> {
  const consentAt = immediateAccessConsentAt(input, deps.now());
  const { user, subscription } = await findBuyer(deps, input);
  await refuseOwned(deps, user.id, subscription, input.recurringType);
  const plan = await currentUpsellPlan(deps, { ...input, userId: user.id, currency: subscription.currency });
  refuseOtherPrice(input.shown, plan);
  const order = await openUpsellOrder(deps, {
    userId: user.id,
    recurringType: input.recurringType,
    plan,
    shown: input.shown,
    consentAt,
  });
  // Already charged or being charged: back to its result, never a second payment.
  if (order.status !== "created")
    return { orderId: order.orderId, redirectUrl: withOrderId(input.returnUrl, order.orderId) };
  return openPaymentPage(deps, order, {
    description: planTitle(plan, input.locale),
    customerEmail: user.email,
    language: input.locale,
    back: input.returnUrl,
    payingSession: async () => input.payingSession?.(user.id),
  });
}

/**
 * The parent's answer to the upsell popup: "no, thanks" opens the catchy discount, closing the
 * discount ends it. Answers the stage the offer is at now.
 */
export async function decideUpsellOffer(
  deps: PaymentDeps,
  input: { userToken: string; decision: UpsellDecision },
): Promise<UpsellStage> {
  const { user } = await findBuyer(deps, input);
  const { from, to } = upsellTransitions[input.decision];
  return updateUpsellStage(deps.db, { userId: user.id, from, to, now: deps.now() });
}

/** How upsells are shown (POPUP or TABS), as the operator set it; POPUP until set. */
export async function getUpsellDisplayMode(deps: Pick<PaymentDeps, "db">): Promise<UpsellDisplayMode> {
  const row = await findUpsellDisplayMode(deps.db);
  return upsellDisplayModes.find((mode) => mode === row?.value) ?? "POPUP";
}

/** The operator's choice of upsell display; the pages read it on their next load. */
export async function setUpsellDisplayMode(deps: Pick<PaymentDeps, "db">, mode: UpsellDisplayMode): Promise<void> {
  await upsertUpsellDisplayMode(deps.db, { mode, now: new Date() });
}
