import type { ReviewInvitation } from "@kinderready/domain/reviews/reviews.server";
import type { UpsellDisplayMode } from "@kinderready/domain/upsell/upsell-schema";
import { upsellKind } from "@kinderready/domain/upsell-wire";
import type { Locale } from "@kinderready/i18n/locales";
import type { UpsellState } from "../../stores/upsell-store.ts";
import type { KitData } from "./kit-area.tsx";
import { OwnedPrintables } from "./printables-owned.tsx";
import type { UpsellOfferData } from "./upsell-offer.tsx";
import { UpsellPopup } from "./upsell-popup.tsx";
import type { UpsellReturning } from "./upsell-result.ts";
import { UpsellTabs } from "./upsell-tabs.tsx";
import { usePrintablesTabs } from "./use-printables-tabs.ts";

/**
 * The printables page: the kit the parent owns (levels, items, add-on packs), and the upsells as
 * the operator chose to show them: a popup over the page (POPUP) or an "Additional packs" tab
 * beside the printables (TABS). A tab is a link to the page open on it, so a tap before the
 * scripts ran (or without them) still reaches the packs; with them it switches in place.
 */
export function PrintablesPage({
  locale,
  access,
  pausedUntil,
  offer,
  mode,
  returning,
  kit,
  popup,
  review,
}: {
  kit: KitData | undefined;
  popup: Pick<UpsellState, "isOpen" | "formKey">;
  locale: Locale;
  access: boolean;
  /** The subscription is paused: the kit opens again on this day (or sooner, resumed in the profile). */
  pausedUntil: string | null;
  offer: UpsellOfferData | undefined;
  mode: UpsellDisplayMode;
  returning: UpsellReturning | undefined;
  /** Whether to ask this parent for a review, and the one they wrote; null without a parent. */
  review: ReviewInvitation | null;
}) {
  const tabs = usePrintablesTabs(returning !== undefined);
  const offersLeft = offer !== undefined && !(offer.owned.includes(upsellKind) && offer.owned.includes("lifetime"));
  const showTabs = mode === "TABS" && offersLeft;
  const owned = (
    <OwnedPrintables
      underTabs={showTabs}
      locale={locale}
      access={access}
      pausedUntil={pausedUntil}
      offer={offer}
      kit={kit}
      review={review}
    />
  );
  if (showTabs) return <UpsellTabs tabs={tabs} owned={owned} offer={offer} locale={locale} returning={returning} />;
  return (
    <>
      {owned}
      {mode === "POPUP" && offersLeft && offer && (
        <UpsellPopup offer={offer} locale={locale} returning={returning} arrival={popup} />
      )}
    </>
  );
}
