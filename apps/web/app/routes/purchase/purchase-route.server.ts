import { withdrawalRightApplies } from "@kinderready/domain/consent/withdrawal-right";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { assignIntroOfferGroup } from "@kinderready/domain/experiments/split-config.server";
import { introOfferSplit } from "@kinderready/domain/experiments/split-tests";
import { type FlowType, purchaseSteps } from "@kinderready/domain/flows";
import { failureCode } from "@kinderready/domain/known-failure";
import { getOnboardingStatus } from "@kinderready/domain/onboarding/onboarding.server";
import { findParent } from "@kinderready/domain/parents/find-parent.server";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import { getCheckoutResult, startCheckout } from "@kinderready/domain/payments/checkout.server";
import { getOfferCountdown, showSubscriptionOffer } from "@kinderready/domain/pricing/offer-state.server";
import { getOfferTimerSeconds } from "@kinderready/domain/pricing/offer-timer.server";
import { getPriceConfig } from "@kinderready/domain/pricing/price-config.server";
import { getKitContents, getKitPreview } from "@kinderready/domain/printables/kit-preview.server";
import { listApprovedReviews } from "@kinderready/domain/reviews/reviews.server";
import { getUpsellOffer, startUpsellCheckout } from "@kinderready/domain/upsell/upsell.server";
import { localeFromPath, localizePath, splitLocalePath } from "@kinderready/i18n/locales";
import { data, redirect } from "react-router";
import { z } from "zod";
import { type RequestContext, requestContext } from "#load-context";
import { classifyFailure, failedAction } from "../../action-failure.server.ts";
import { recordFunnelSighting } from "../../analytics/funnel-sighting.server.ts";
import { pageForPath } from "../../pages.ts";
import { orderStatusOnLoad, toOrderStatus } from "../../payments/order-status.server.ts";
import type { PurchaseActionResult } from "../../payments/payment-result.ts";
import { writePrices } from "../../payments/price-texts.tsx";
import { readPostBody, refusedField } from "../../post-body.server.ts";
import { payingSession } from "../../session/parent-session.server.ts";
import type { Route } from "./+types/purchase";
import { toOfferPlan } from "./offer-plan.ts";
import { addressedStep, stepIdAt, stepParam } from "./purchase-steps.ts";

// Server side of the purchase pages: the prices and the parent's status on load, then the two
// posts of the offer (start the checkout, ask how the payment went).

function pageOf(url: URL) {
  return pageForPath(splitLocalePath(url.pathname).path);
}

function flowOf(url: URL): FlowType {
  return pageOf(url).id === "offer1" ? "copy_1" : "main";
}

export async function loadPurchase({ request, url, context }: Route.LoaderArgs) {
  const visit = context.get(requestContext);
  const { services, geo, config } = visit;
  const locale = localeFromPath(url.pathname);
  const flowType = flowOf(url);
  const asked = userTokenSchema.safeParse(url.searchParams.get("token"));
  // Only a token the server issued names a parent: any other is nobody's, and the browser drops it.
  const parent = asked.success ? await findParent(services.db, { token: asked.data }) : undefined;
  const token = parent?.token;
  const refusedToken = asked.success && !parent ? asked.data : null;
  const returning = url.searchParams.has("order_id");
  const stepAsked = addressedStep(url.searchParams);
  // A step's own address (`?step=`) is the server seeing that page: the forms move through them without scripts.
  const namedStep = url.searchParams.has(stepParam) && stepAsked !== undefined ? stepIdAt(stepAsked) : undefined;
  const offerNamed = namedStep === "subscription-offer" && token !== undefined;
  const servedStep =
    namedStep ?? (url.searchParams.has("offer") || returning ? "subscription-offer" : purchaseSteps[0]);

  const [introOffer, status, kitPreview, parentReviews] = await Promise.all([
    parent
      ? assignIntroOfferGroup(services, {
          userId: parent.id,
          locale,
          flow: flowType,
        })
      : { group: "A" as const, inSplit: false },
    token !== undefined ? getOnboardingStatus(services.db, { token }) : undefined,
    token !== undefined ? getKitPreview(services.printables, { token, locale }) : undefined,
    listApprovedReviews(services.db, { locale }),
    // The page opens on its first step, unless the address asks for the offer (a link straight
    // to it, or a payment coming back), whose step is recorded once the price is on screen.
    // A step named by the address is recorded as it is served; the offer's once its countdown starts, below.
    recordFunnelSighting(visit, request, {
      steps: servedStep === "subscription-offer" ? ["visit"] : ["visit", `purchase:${servedStep}`],
    }),
  ]);
  // A parent who has bought goes to the printables; one coming back from paying stays for the result.
  if (token !== undefined && status && (status.purchased || status.isManualAccess) && !returning) {
    throw redirect(`${localizePath("/printables/", locale)}?token=${encodeURIComponent(token)}`);
  }
  const offerTimerTimeout = await getOfferTimerSeconds(services.db, config.offerTimerTimeout);
  // The countdown as the server keeps it: undefined until the price was first on this parent's screen.
  // The offer's own address puts the price on screen as the server renders it (a page without
  // scripts never tells it), so the countdown starts here.
  const offerSecondsLeft =
    token === undefined
      ? undefined
      : offerNamed
        ? await showOfferOnLoad(visit, request, { userToken: token, timeoutSeconds: offerTimerTimeout })
        : await getOfferCountdown(services.db, { userToken: token, now: new Date() });
  // Back from paying: how it went as of this load, so the page shows it before (or without) its scripts.
  const orderId = url.searchParams.get("order_id");
  const payment =
    token !== undefined && orderId
      ? await orderStatusOnLoad(visit.errors, "order status on load failed", () =>
          getCheckoutResult(services.payments, {
            orderId,
            userToken: token,
            client: { ip: visit.clientAddress, userAgent: request.headers.get("user-agent") },
          }),
        )
      : null;
  // A parent whose subscription ran out may keep everything instead: lifetime access, in the
  // currency they paid in.
  const lifetimeOffer =
    token !== undefined && status?.isSubscriptionExpired
      ? await getUpsellOffer(services.payments, { userToken: token })
      : undefined;
  const priceConfig = await getPriceConfig(services.db, {
    countryCode: geo.countryCode,
    purchaseType: "subscription",
    flow: flowType,
    introOfferGroup: introOffer.group,
  });
  const plans = { initial: toOfferPlan(priceConfig.initial[0]), expired: toOfferPlan(priceConfig.expired[0]) };
  const lifetimePlan = lifetimeOffer?.owned.includes("lifetime") ? null : (lifetimeOffer?.plans.lifetime ?? null);
  return {
    flowType,
    locale,
    // While the timer runs, and once it has run out.
    plans,
    offerTimerTimeout,
    offerSecondsLeft: offerSecondsLeft ?? null,
    payment,
    // The address the kit goes to, for the parent's own confirmation (the token is theirs).
    email: status?.email ?? null,
    // Pages of the child's kit with their name, chosen by the quiz answers.
    kitPreview: kitPreview ?? null,
    // What the kit holds, counted from the kit: shown where a shop would show reviews.
    kitContents: getKitContents(services.printables, { locale }),
    // Parents' own approved reviews in this language: none until it has enough (ADR 0044).
    parentReviews,
    // A parent whose subscription ran out is offered to renew before the offer.
    subscriptionExpired: status?.isSubscriptionExpired ?? false,
    // Where the right of withdrawal applies, the offer asks to waive it and its button says the order is paid.
    withdrawalConsent: withdrawalRightApplies(geo.countryCode),
    lifetimePlan,
    prices: writePrices(locale, [plans.initial, plans.expired, lifetimePlan]),
    refusedToken,
    // The split groups this parent is in, for analytics (a user property).
    splits: introOffer.inSplit ? { [introOfferSplit.name]: introOffer.group } : {},
  };
}

/** The first showing of the price, from a page load: the seconds left, or undefined for an unknown parent. */
async function showOfferOnLoad(
  visit: RequestContext,
  request: Request,
  input: { userToken: string; timeoutSeconds: number },
): Promise<number | undefined> {
  try {
    const secondsLeft = await showSubscriptionOffer(visit.services.db, { ...input, now: new Date() });
    await recordFunnelSighting(visit, request, { steps: ["offer"] });
    return secondsLeft;
  } catch (error) {
    if (failureCode(error) !== undefined) return undefined;
    throw error;
  }
}

const actionBody = z.discriminatedUnion("intent", [
  // The price is on screen: the countdown starts (once, on the server).
  z.object({ intent: z.literal("offer-shown") }),
  // Nothing about the price: the server prices the plan for the country and the countdown. The
  // boxes the parent ticked come with it (the scripts check them before posting, the server again).
  z.object({
    intent: z.literal("checkout"),
    agree: z.literal("on").optional(),
    immediate_access: z.literal("on").optional(),
  }),
  z.object({ intent: z.literal("order-status"), order_id: z.string().min(1).max(255) }),
  // A parent whose subscription ran out buys lifetime access on the gateway's page (the stored
  // card may be why it ran out), at the catalogue's one lifetime price.
  z.object({ intent: z.literal("lifetime-checkout"), immediate_access: z.literal("on").optional() }),
]);

/** The offer's server calls: start the countdown, leave for the hosted payment page, the payment's status. */
export async function handlePurchaseAction({ request, url, context }: Route.ActionArgs) {
  const { services, geo, config, errors, clientAddress } = context.get(requestContext);
  const post = await readPostBody(request);
  const body = actionBody.safeParse(post.fields);
  const token = userTokenSchema.safeParse(url.searchParams.get("token"));
  if (!body.success) {
    return data<PurchaseActionResult>(
      { intent: "checkout", error: { messageKey: "purchase.result.checkoutFailed", field: refusedField(body.error) } },
      { status: 400 },
    );
  }
  // A plain form leaves for the gateway's page with a redirect; the scripts are answered its
  // address. Either carries the paying device's session when it is a new one.
  const leaveFor = (
    answer: PurchaseActionResult & { redirectUrl: string },
    headers: { "set-cookie": string } | undefined,
  ) => (post.native ? redirect(answer.redirectUrl, { status: 303, headers }) : data(answer, { headers }));
  if (body.data.intent === "checkout") {
    const unticked = !body.data.agree
      ? { field: "agree", messageKey: "validation.messages.agreeTerms" }
      : withdrawalRightApplies(geo.countryCode) && !body.data.immediate_access
        ? { field: "immediate_access", messageKey: "validation.messages.immediateAccess" }
        : undefined;
    const ticked = { agree: body.data.agree === "on", immediateAccess: body.data.immediate_access === "on" };
    if (unticked) return data<PurchaseActionResult>({ intent: "checkout", error: unticked, ticked }, { status: 422 });
  }

  if (body.data.intent === "order-status") {
    const pending = { intent: "order-status", status: "pending", errorCode: null } as const;
    // An order that is not this parent's was never paid here.
    if (!token.success) return data<PurchaseActionResult>({ ...pending, status: "declined" }, { status: 404 });
    try {
      const result = await getCheckoutResult(services.payments, {
        orderId: body.data.order_id,
        userToken: token.data,
        client: { ip: clientAddress, userAgent: request.headers.get("user-agent") },
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

  if (!token.success) {
    return data<PurchaseActionResult>(
      { intent: "checkout", error: { messageKey: "purchase.result.unknownUser" } },
      { status: 404 },
    );
  }
  const offerTimeoutSeconds = await getOfferTimerSeconds(services.db, config.offerTimerTimeout);
  if (body.data.intent === "offer-shown") {
    const input = { userToken: token.data, timeoutSeconds: offerTimeoutSeconds };
    try {
      const secondsLeft = await showSubscriptionOffer(services.db, { ...input, now: new Date() });
      await recordFunnelSighting(context.get(requestContext), request, { steps: ["offer"] });
      return { intent: "offer-shown", secondsLeft } satisfies PurchaseActionResult;
    } catch (error) {
      return failedOffer(error, errors, "offer countdown failed", "purchase.result.unknownUser");
    }
  }
  const locale = localeFromPath(url.pathname);
  // The parent comes back to this same page, in their language, with their token.
  const returnUrl = new URL(localizePath(`/${pageOf(url).path}/`, locale), config.appUrl);
  returnUrl.searchParams.set("token", token.data);
  // The card is typed on the gateway's page, so a link is enough to go there (payingSession says
  // which device the payment verifies).
  const paying = payingSession(request, services, token.data, { firstPayment: body.data.intent === "checkout" });
  if (body.data.intent === "lifetime-checkout") {
    returnUrl.searchParams.set("bought", "lifetime");
    try {
      const { redirectUrl } = await startUpsellCheckout(services.payments, {
        userToken: token.data,
        recurringType: "lifetime",
        shown: "initial",
        countryCode: geo.countryCode,
        immediateAccessConsent: body.data.immediate_access === "on",
        locale,
        returnUrl: returnUrl.toString(),
        payingSession: paying.digest,
      });
      return leaveFor({ intent: "lifetime-checkout", redirectUrl }, paying.headers());
    } catch (error) {
      return failedAction(error, {
        errors,
        msg: "lifetime checkout failed",
        fallbackKey: "purchase.result.checkoutFailed",
        answer: (messageKey): PurchaseActionResult => ({ intent: "lifetime-checkout", error: { messageKey } }),
      });
    }
  }
  try {
    const { redirectUrl } = await startCheckout(services.payments, {
      userToken: token.data,
      flow: flowOf(url),
      offerTimeoutSeconds,
      countryCode: geo.countryCode,
      immediateAccessConsent: body.data.immediate_access === "on",
      locale,
      returnUrl: returnUrl.toString(),
      payingSession: paying.digest,
    });
    await recordFunnelSighting(context.get(requestContext), request, { steps: ["checkout"] });
    return leaveFor({ intent: "checkout", redirectUrl }, paying.headers());
  } catch (error) {
    // A gateway that did not answer is a temporary outage (ADR 0024): 503, retry later.
    return failedOffer(error, errors, "checkout failed", "purchase.result.checkoutFailed");
  }
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
