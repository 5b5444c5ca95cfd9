import { withdrawalRightApplies } from "@kinderready/domain/consent/withdrawal-right";
import { getOnboardingStatus } from "@kinderready/domain/onboarding/onboarding.server";
import { findParent } from "@kinderready/domain/parents/find-parent.server";
import { subscriptionOf } from "@kinderready/domain/profile/profile.server";
import { getReviewState, reviewInvitation } from "@kinderready/domain/reviews/reviews.server";
import { getUpsellDisplayMode, getUpsellOffer } from "@kinderready/domain/upsell/upsell.server";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { redirect } from "react-router";
import type { RequestContext } from "#load-context";
import { recordFunnelSighting } from "../../analytics/funnel-sighting.server.ts";
import { writeDates } from "../../payments/date-texts.tsx";
import { writePrices } from "../../payments/price-texts.tsx";
import { verifiedParent } from "../../session/parent-session.server.ts";
import { keepPaperChoice, kitOnPage } from "./kit-load.server.ts";
import { popupOnArrival, withStatusOnLoad } from "./upsell-arrival.server.ts";
import type { UpsellReturning } from "./upsell-result.ts";

// The printables page's data, step by step: for a visitor without a parent's token, and for a
// parent (the kit, the upsell offer, the review card, and the funnel step seen).

/** What the page's address and request say before anything is read. */
export type PageVisit = {
  request: Request;
  url: URL;
  locale: Locale;
  returning: UpsellReturning | undefined;
};

/** No parent's token: the page without a kit, and the popup as the browser left it. */
export function pageWithoutParent({ request, url, locale, returning }: PageVisit) {
  const popup = popupOnArrival(request, url, returning !== undefined, "initial");
  return {
    locale,
    access: false,
    pausedUntil: null,
    offer: undefined,
    mode: "POPUP" as const,
    returning,
    kit: undefined,
    popup,
    review: null,
    prices: writePrices(locale, []),
    dates: {},
  };
}

/**
 * A parent's page. A token nobody has (the parent deleted their data) starts over: the quiz, not
 * the printables.
 */
export async function loadParentPage(visit: RequestContext, page: PageVisit, token: string) {
  const { request, url, locale } = page;
  const parent = await findParent(visit.services, { token });
  if (!parent) throw redirect(localizePath("/onboarding/", locale));
  const input = { userToken: token };
  await keepPaperChoice(visit.services, input, url);
  const returning = page.returning && (await withStatusOnLoad(visit, input, page.returning));
  const { status, offer, mode, kit, review, signedIn } = await readParentState(visit, page, parent.id, token);
  const access = status.purchased || status.isManualAccess;
  // A paused kit is closed until billing resumes: the page says until when, and how to resume.
  const paused = status.subscriptionStatus === "paused" ? await subscriptionOf(visit.services, parent.id) : undefined;
  const popup = popupOnArrival(request, url, returning !== undefined, offer?.stage ?? "initial");
  // An upsell is in front of the parent on arrival: the popup opens, or the tabs show packs.
  const upsellShown = offer !== undefined && (mode === "TABS" || popup.isOpen);
  await recordFunnelSighting(visit, request, {
    steps: ["visit", ...(access ? ["printables"] : []), ...(upsellShown ? ["upsell-offer"] : [])],
    userId: parent.id,
  });
  return {
    locale,
    access,
    pausedUntil: paused?.resumesAt?.toISOString() ?? null,
    // One click charges the stored card: only a device that proved it is the parent's may.
    offer: offer && {
      ...offer,
      oneClick: signedIn !== undefined,
      withdrawalConsent: withdrawalRightApplies(visit.geo.countryCode),
    },
    mode,
    returning,
    kit,
    popup,
    review,
    prices: writePrices(locale, offer ? Object.values(offer.plans) : []),
    dates: writeDates(locale, [kit?.nextMonth?.opens_on, paused?.resumesAt?.toISOString()]),
  };
}

/** What the page shows of this parent, read at once: access, offer, display mode, kit, review, session. */
async function readParentState(
  visit: RequestContext,
  { request, url, locale }: PageVisit,
  userId: string,
  token: string,
) {
  const { services } = visit;
  const input = { userToken: token };
  const [status, offer, mode, kit, reviewState, signedIn] = await Promise.all([
    getOnboardingStatus(services, { token }),
    getUpsellOffer(services.payments, input),
    getUpsellDisplayMode(services),
    kitOnPage(services, request, url, { ...input, locale }),
    getReviewState(services.account, { userId }),
    verifiedParent(request, services, token),
  ]);
  // Asked once a level is finished (or a week after paying: the emailed request links here).
  const review = reviewInvitation(reviewState, {
    levelCompleted: kit?.core.some((level) => level.completed) ?? false,
    now: services.account.now(),
  });
  return { status, offer, mode, kit, review, signedIn };
}
