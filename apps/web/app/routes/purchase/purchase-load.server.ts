import { assignIntroOfferGroup } from "@kinderready/domain/experiments/split-config.server";
import { type PurchaseStepId, purchaseSteps } from "@kinderready/domain/flows";
import { getOnboardingStatus } from "@kinderready/domain/onboarding/onboarding.server";
import type { OnboardingStatus } from "@kinderready/domain/onboarding/onboarding-schema";
import { findParent } from "@kinderready/domain/parents/find-parent.server";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import { getKitPreview } from "@kinderready/domain/printables/kit-preview.server";
import { listApprovedReviews } from "@kinderready/domain/reviews/reviews.server";
import { localeFromPath, localizePath } from "@kinderready/i18n/locales";
import { redirect } from "react-router";
import type { RequestContext } from "#load-context";
import { recordFunnelSighting } from "../../analytics/funnel-sighting.server.ts";
import { flowOf } from "./purchase-page.server.ts";
import { addressedStep, stepIdAt, stepParam } from "./purchase-steps.ts";

// The purchase loader's first steps, in the order it takes them: what the address asks, whom it
// names, what the page shows of them, and away to the printables for a parent who has bought.

/** What the address asks of the page: its language and flow, a payment coming back, the step served. */
export function readPurchaseAddress(url: URL) {
  const returning = url.searchParams.has("order_id");
  const stepAsked = addressedStep(url.searchParams);
  // A step's own address (`?step=`) is the server seeing that page: the forms move through them without scripts.
  const namedStep = url.searchParams.has(stepParam) && stepAsked !== undefined ? stepIdAt(stepAsked) : undefined;
  const servedStep: PurchaseStepId =
    namedStep ?? (url.searchParams.has("offer") || returning ? "subscription-offer" : purchaseSteps[0]);
  return {
    locale: localeFromPath(url.pathname),
    flowType: flowOf(url),
    returning,
    orderId: url.searchParams.get("order_id"),
    namedStep,
    servedStep,
  };
}

export type PurchaseAddress = ReturnType<typeof readPurchaseAddress>;

/** The parent the address's token names, and the token when it names nobody. */
export async function findAddressedParent(db: RequestContext["services"]["db"], url: URL) {
  const asked = userTokenSchema.safeParse(url.searchParams.get("token"));
  // Only a token the server issued names a parent: any other is nobody's, and the browser drops it.
  const parent = asked.success ? await findParent({ db }, { token: asked.data }) : undefined;
  return { parent, token: parent?.token, refusedToken: asked.success && !parent ? asked.data : null };
}

/**
 * What the page shows of the parent, read together: their intro-offer group, their quiz status,
 * their child's kit pages and the language's reviews; the visit's funnel step is recorded alongside.
 */
export async function loadVisitFacts(
  visit: RequestContext,
  request: Request,
  input: { parent: { id: string } | undefined; token: string | undefined; address: PurchaseAddress },
) {
  const { services } = visit;
  const { parent, token, address } = input;
  const { locale, flowType, servedStep } = address;
  const [introOffer, status, kitPreview, parentReviews] = await Promise.all([
    parent
      ? assignIntroOfferGroup(services, { userId: parent.id, locale, flow: flowType })
      : { group: "A" as const, inSplit: false },
    token !== undefined ? getOnboardingStatus(services, { token }) : undefined,
    token !== undefined ? getKitPreview(services.printables, { token, locale }) : undefined,
    listApprovedReviews(services, { locale }),
    // The page opens on its first step, unless the address asks for the offer (a link straight
    // to it, or a payment coming back), whose step is recorded once the price is on screen.
    // A step named by the address is recorded as it is served; the offer's once its countdown starts.
    recordFunnelSighting(visit, request, {
      steps: servedStep === "subscription-offer" ? ["visit"] : ["visit", `purchase:${servedStep}`],
    }),
  ]);
  return { introOffer, status, kitPreview, parentReviews };
}

/** A parent who has bought goes to the printables; one coming back from paying stays for the result. */
export function redirectBuyer(
  token: string | undefined,
  status: OnboardingStatus | undefined,
  address: Pick<PurchaseAddress, "locale" | "returning">,
): void {
  if (token !== undefined && status && (status.purchased || status.isManualAccess) && !address.returning) {
    throw redirect(`${localizePath("/printables/", address.locale)}?token=${encodeURIComponent(token)}`);
  }
}
