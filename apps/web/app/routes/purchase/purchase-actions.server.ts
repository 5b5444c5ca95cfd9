import { withdrawalRightApplies } from "@kinderready/domain/consent/withdrawal-right";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { getCheckoutResult, startCheckout } from "@kinderready/domain/payments/checkout.server";
import { orderStatusFields } from "@kinderready/domain/payments/checkout-schema";
import { showSubscriptionOffer } from "@kinderready/domain/pricing/offer-state.server";
import { getOfferTimerSeconds } from "@kinderready/domain/pricing/offer-timer.server";
import { startUpsellCheckout } from "@kinderready/domain/upsell/upsell.server";
import { localeFromPath } from "@kinderready/i18n/locales";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { RequestContext } from "#load-context";
import { classifyFailure, failedAction } from "../../action-failure.server.ts";
import { recordFunnelSighting } from "../../analytics/funnel-sighting.server.ts";
import { toOrderStatus } from "../../payments/order-status.server.ts";
import type { PurchaseActionResult } from "../../payments/payment-result.ts";
import { refusedField } from "../../post-body.server.ts";
import { payingSession } from "../../session/parent-session.server.ts";
import { flowOf, returnUrlFor } from "./purchase-page.server.ts";

// The offer's posts, one handler per intent: start the countdown, leave for the hosted payment
// page (the subscription, or lifetime access), ask how the payment went.

export const purchasePost = z.discriminatedUnion("intent", [
  // The price is on screen: the countdown starts (once, on the server).
  z.object({ intent: z.literal("offer-shown") }),
  // Nothing about the price: the server prices the plan for the country and the countdown. The
  // boxes the parent ticked come with it (the scripts check them before posting, the server again).
  z.object({
    intent: z.literal("checkout"),
    agree: z.literal("on").optional(),
    immediate_access: z.literal("on").optional(),
  }),
  orderStatusFields.extend({ intent: z.literal("order-status") }),
  // A parent whose subscription ran out buys lifetime access on the gateway's page (the stored
  // card may be why it ran out), at the catalogue's one lifetime price.
  z.object({ intent: z.literal("lifetime-checkout"), immediate_access: z.literal("on").optional() }),
]);

type PurchasePost = z.infer<typeof purchasePost>;
type PostOf<Intent extends PurchasePost["intent"]> = Extract<PurchasePost, { intent: Intent }>;

/** What every handler is given: the request, the visit, whether a plain form posted, and the address's token. */
type PurchasePostContext = {
  request: Request;
  url: URL;
  visit: RequestContext;
  /** Posted by a plain HTML form (before or without the scripts): answered with a redirect or the page. */
  native: boolean;
  /** The address's token when it is a well-formed one; undefined otherwise. */
  token: string | undefined;
};

type PurchaseAnswer = PurchaseActionResult | ReturnType<typeof data<PurchaseActionResult>> | Response;

const intentHandlers: {
  [Intent in PurchasePost["intent"]]: (action: PurchasePostContext, post: PostOf<Intent>) => Promise<PurchaseAnswer>;
} = {
  "offer-shown": startCountdown,
  checkout: startSubscriptionCheckout,
  "order-status": checkOrderStatus,
  "lifetime-checkout": startLifetimeCheckout,
};

/** The answer to a post the shape accepted, by its intent's handler. */
export function answerPurchasePost(action: PurchasePostContext, post: PurchasePost): Promise<PurchaseAnswer> {
  // The map pairs each intent with its own post's handler; TypeScript cannot follow that pairing.
  const handle = intentHandlers[post.intent] as (
    action: PurchasePostContext,
    post: PurchasePost,
  ) => Promise<PurchaseAnswer>;
  return handle(action, post);
}

/** A post of no known shape: refused with the field at fault, as a checkout the page shows under its button. */
export function refusedPost(error: z.ZodError) {
  return data<PurchaseActionResult>(
    { intent: "checkout", error: { messageKey: "purchase.result.checkoutFailed", field: refusedField(error) } },
    { status: 400 },
  );
}

/** The price is on screen: the server's countdown starts (once), and the seconds left are the answer. */
async function startCountdown(action: PurchasePostContext): Promise<PurchaseAnswer> {
  const { services, config, errors } = action.visit;
  if (action.token === undefined) return unknownParent();
  const timeoutSeconds = await getOfferTimerSeconds(services, config.offerTimerTimeout);
  try {
    const secondsLeft = await showSubscriptionOffer(services, {
      userToken: action.token,
      timeoutSeconds,
      now: new Date(),
    });
    await recordFunnelSighting(action.visit, action.request, { steps: ["offer"] });
    return { intent: "offer-shown", secondsLeft } satisfies PurchaseActionResult;
  } catch (error) {
    return failedOffer(error, errors, "offer countdown failed", "purchase.result.unknownUser");
  }
}

/** How the payment went, as the gateway says now; pending while it does not answer. */
async function checkOrderStatus(action: PurchasePostContext, post: PostOf<"order-status">): Promise<PurchaseAnswer> {
  const { services, errors, clientAddress } = action.visit;
  const pending = { intent: "order-status", status: "pending", errorCode: null } as const;
  // An order that is not this parent's was never paid here.
  if (action.token === undefined)
    return data<PurchaseActionResult>({ ...pending, status: "declined" }, { status: 404 });
  try {
    const result = await getCheckoutResult(services.payments, {
      orderId: post.order_id,
      userToken: action.token,
      client: { ip: clientAddress, userAgent: action.request.headers.get("user-agent") },
    });
    return { intent: "order-status", ...toOrderStatus(result) } satisfies PurchaseActionResult;
  } catch (error) {
    const known = classifyFailure(error, { errors, msg: "order status check failed" });
    if (known && known.status < 500) {
      return data<PurchaseActionResult>({ ...pending, status: "declined" }, { status: 404 });
    }
    // The gateway did not answer this time; the page asks again a second later.
    return pending satisfies PurchaseActionResult;
  }
}

/** The subscription's checkout: once the boxes are ticked, leave for the gateway's page at the countdown's price. */
async function startSubscriptionCheckout(
  action: PurchasePostContext,
  post: PostOf<"checkout">,
): Promise<PurchaseAnswer> {
  const { services, geo, config, errors } = action.visit;
  const unticked = untickedBox(post, geo.countryCode);
  const ticked = { agree: post.agree === "on", immediateAccess: post.immediate_access === "on" };
  if (unticked) return data<PurchaseActionResult>({ intent: "checkout", error: unticked, ticked }, { status: 422 });
  if (action.token === undefined) return unknownParent();
  const offerTimeoutSeconds = await getOfferTimerSeconds(services, config.offerTimerTimeout);
  const locale = localeFromPath(action.url.pathname);
  const returnUrl = returnUrlFor(action.url, { locale, appUrl: config.appUrl, token: action.token });
  // The card is typed on the gateway's page, so a link is enough to go there (payingSession says
  // which device the payment verifies).
  const paying = payingSession(action.request, services, action.token, { firstPayment: true });
  try {
    const { redirectUrl } = await startCheckout(services.payments, {
      userToken: action.token,
      flow: flowOf(action.url),
      offerTimeoutSeconds,
      countryCode: geo.countryCode,
      immediateAccessConsent: post.immediate_access === "on",
      locale,
      returnUrl: returnUrl.toString(),
      payingSession: paying.digest,
    });
    await recordFunnelSighting(action.visit, action.request, { steps: ["checkout"] });
    return leaveFor(action, { intent: "checkout", redirectUrl }, paying.headers());
  } catch (error) {
    // A gateway that did not answer is a temporary outage (ADR 0024): 503, retry later.
    return failedOffer(error, errors, "checkout failed", "purchase.result.checkoutFailed");
  }
}

/** The box the order still needs ticked: the terms, then (where the right of withdrawal applies) access at once. */
function untickedBox(post: PostOf<"checkout">, countryCode: string) {
  if (!post.agree) return { field: "agree", messageKey: "validation.messages.agreeTerms" };
  if (withdrawalRightApplies(countryCode) && !post.immediate_access) {
    return { field: "immediate_access", messageKey: "validation.messages.immediateAccess" };
  }
  return undefined;
}

/** Lifetime access for a parent whose subscription ran out: leave for the gateway's page at the one lifetime price. */
async function startLifetimeCheckout(
  action: PurchasePostContext,
  post: PostOf<"lifetime-checkout">,
): Promise<PurchaseAnswer> {
  const { services, geo, config, errors } = action.visit;
  if (action.token === undefined) return unknownParent();
  const locale = localeFromPath(action.url.pathname);
  const returnUrl = returnUrlFor(action.url, { locale, appUrl: config.appUrl, token: action.token });
  returnUrl.searchParams.set("bought", "lifetime");
  // Paying for an upsell proves nothing about the device: only a first payment starts a session on it.
  const paying = payingSession(action.request, services, action.token, { firstPayment: false });
  try {
    const { redirectUrl } = await startUpsellCheckout(services.payments, {
      userToken: action.token,
      recurringType: "lifetime",
      shown: "initial",
      countryCode: geo.countryCode,
      immediateAccessConsent: post.immediate_access === "on",
      locale,
      returnUrl: returnUrl.toString(),
      payingSession: paying.digest,
    });
    return leaveFor(action, { intent: "lifetime-checkout", redirectUrl }, paying.headers());
  } catch (error) {
    return failedAction(error, {
      errors,
      msg: "lifetime checkout failed",
      fallbackKey: "purchase.result.checkoutFailed",
      answer: (messageKey): PurchaseActionResult => ({ intent: "lifetime-checkout", error: { messageKey } }),
    });
  }
}

/**
 * A plain form leaves for the gateway's page with a redirect; the scripts are answered its
 * address. Either carries the paying device's session when it is a new one.
 */
function leaveFor(
  action: PurchasePostContext,
  answer: PurchaseActionResult & { redirectUrl: string },
  headers: { "set-cookie": string } | undefined,
) {
  return action.native ? redirect(answer.redirectUrl, { status: 303, headers }) : data(answer, { headers });
}

/** A post without a token the server could know: nobody to sell to. */
function unknownParent() {
  return data<PurchaseActionResult>(
    { intent: "checkout", error: { messageKey: "purchase.result.unknownUser" } },
    { status: 404 },
  );
}

/** The offer's answer to a failed post: the message the page shows under the buy button. */
function failedOffer(error: unknown, errors: ErrorReporter, msg: string, fallbackKey: string) {
  return failedAction(error, {
    errors,
    msg,
    fallbackKey,
    answer: (messageKey): PurchaseActionResult => ({ intent: "checkout", error: { messageKey } }),
  });
}
