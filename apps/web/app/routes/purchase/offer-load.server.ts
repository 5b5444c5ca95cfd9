import type { IntroOfferAssignment } from "@kinderready/domain/experiments/split-config.server";
import type { FlowType } from "@kinderready/domain/flows";
import { failureCode } from "@kinderready/domain/known-failure";
import type { OnboardingStatus } from "@kinderready/domain/onboarding/onboarding-schema";
import { getCheckoutResult } from "@kinderready/domain/payments/checkout.server";
import { getOfferCountdown, showSubscriptionOffer } from "@kinderready/domain/pricing/offer-state.server";
import { getPriceConfig } from "@kinderready/domain/pricing/price-config.server";
import { getUpsellOffer } from "@kinderready/domain/upsell/upsell.server";
import type { RequestContext } from "#load-context";
import { recordFunnelSighting } from "../../analytics/funnel-sighting.server.ts";
import { orderStatusOnLoad } from "../../payments/order-status.server.ts";
import { toOfferPlan } from "./offer-plan.ts";

// The purchase loader's offer steps, in the order it takes them: the countdown, a payment coming
// back, lifetime access for an expired subscription, and the prices.

/**
 * The countdown as the server keeps it: undefined until the price was first on this parent's
 * screen. The offer's own address puts the price on screen as the server renders it (a page
 * without scripts never tells it), so the countdown starts here.
 */
export async function offerCountdownOnLoad(
  visit: RequestContext,
  request: Request,
  input: { token: string | undefined; offerNamed: boolean; timeoutSeconds: number },
): Promise<number | undefined> {
  if (input.token === undefined) return undefined;
  if (input.offerNamed) {
    return showOfferOnLoad(visit, request, { userToken: input.token, timeoutSeconds: input.timeoutSeconds });
  }
  return getOfferCountdown(visit.services, { userToken: input.token, now: new Date() });
}

/** The first showing of the price, from a page load: the seconds left, or undefined for an unknown parent. */
async function showOfferOnLoad(
  visit: RequestContext,
  request: Request,
  input: { userToken: string; timeoutSeconds: number },
): Promise<number | undefined> {
  try {
    const secondsLeft = await showSubscriptionOffer(visit.services, { ...input, now: new Date() });
    await recordFunnelSighting(visit, request, { steps: ["offer"] });
    return secondsLeft;
  } catch (error) {
    if (failureCode(error) !== undefined) return undefined;
    throw error;
  }
}

/** Back from paying: how it went as of this load, so the page shows it before (or without) its scripts. */
export async function paymentOnLoad(
  visit: RequestContext,
  request: Request,
  input: { token: string | undefined; orderId: string | null },
) {
  const { token, orderId } = input;
  if (token === undefined || !orderId) return null;
  return orderStatusOnLoad(visit.errors, "order status on load failed", () =>
    getCheckoutResult(visit.services.payments, {
      orderId,
      userToken: token,
      client: { ip: visit.clientAddress, userAgent: request.headers.get("user-agent") },
    }),
  );
}

/**
 * A parent whose subscription ran out may keep everything instead: lifetime access, in the
 * currency they paid in; null when there is none to sell them.
 */
export async function lifetimePlanOnLoad(
  services: RequestContext["services"],
  input: { token: string | undefined; status: OnboardingStatus | undefined },
) {
  const lifetimeOffer =
    input.token !== undefined && input.status?.isSubscriptionExpired
      ? await getUpsellOffer(services.payments, { userToken: input.token })
      : undefined;
  return lifetimeOffer?.owned.includes("lifetime") ? null : (lifetimeOffer?.plans.lifetime ?? null);
}

/** The offer's plans in the visitor's country: while the timer runs, and once it has run out. */
export async function offerPlansOnLoad(
  visit: RequestContext,
  input: { flowType: FlowType; introOfferGroup: IntroOfferAssignment["group"] },
) {
  const priceConfig = await getPriceConfig(visit.services, {
    countryCode: visit.geo.countryCode,
    purchaseType: "subscription",
    flow: input.flowType,
    introOfferGroup: input.introOfferGroup,
  });
  return { initial: toOfferPlan(priceConfig.initial[0]), expired: toOfferPlan(priceConfig.expired[0]) };
}
