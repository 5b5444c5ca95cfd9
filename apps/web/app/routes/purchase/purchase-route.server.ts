import { withdrawalRightApplies } from "@kinderready/domain/consent/withdrawal-right";
import { introOfferSplit } from "@kinderready/domain/experiments/split-tests";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import { getOfferTimerSeconds } from "@kinderready/domain/pricing/offer-timer.server";
import { getKitContents } from "@kinderready/domain/printables/kit-preview.server";
import { requestContext } from "#load-context";
import { writePrices } from "../../payments/price-texts.tsx";
import { readPostBody } from "../../post-body.server.ts";
import type { Route } from "./+types/purchase";
import { lifetimePlanOnLoad, offerCountdownOnLoad, offerPlansOnLoad, paymentOnLoad } from "./offer-load.server.ts";
import { answerPurchasePost, purchasePost, refusedPost } from "./purchase-actions.server.ts";
import { findAddressedParent, loadVisitFacts, readPurchaseAddress, redirectBuyer } from "./purchase-load.server.ts";

// Server side of the purchase pages: the prices and the parent's status on load, then the posts
// of the offer (start the countdown, start a checkout, ask how the payment went).

export async function loadPurchase({ request, url, context }: Route.LoaderArgs) {
  const visit = context.get(requestContext);
  const { services, geo, config } = visit;
  const address = readPurchaseAddress(url);
  const { locale, flowType } = address;
  const { parent, token, refusedToken } = await findAddressedParent(services.db, url);
  const { introOffer, status, kitPreview, parentReviews } = await loadVisitFacts(visit, request, {
    parent,
    token,
    address,
  });
  redirectBuyer(token, status, address);
  const offerTimerTimeout = await getOfferTimerSeconds(services, config.offerTimerTimeout);
  const offerSecondsLeft = await offerCountdownOnLoad(visit, request, {
    token,
    offerNamed: address.namedStep === "subscription-offer",
    timeoutSeconds: offerTimerTimeout,
  });
  const payment = await paymentOnLoad(visit, request, { token, orderId: address.orderId });
  const lifetimePlan = await lifetimePlanOnLoad(services, { token, status });
  const plans = await offerPlansOnLoad(visit, { flowType, introOfferGroup: introOffer.group });
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

/** The offer's server calls: start the countdown, leave for the hosted payment page, the payment's status. */
export async function handlePurchaseAction({ request, url, context }: Route.ActionArgs) {
  const visit = context.get(requestContext);
  const post = await readPostBody(request);
  const body = purchasePost.safeParse(post.fields);
  const token = userTokenSchema.safeParse(url.searchParams.get("token"));
  if (!body.success) return refusedPost(body.error);
  return answerPurchasePost(
    { request, url, visit, native: post.native, token: token.success ? token.data : undefined },
    body.data,
  );
}
