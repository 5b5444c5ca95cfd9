import type { UpsellStage } from "@kinderready/domain/pricing/offer-rules";
import type { PricePlan } from "@kinderready/domain/pricing/price-config-schema";
import type { UpsellDisplayMode, UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import { upsellKind } from "@kinderready/domain/upsell-wire";
import type { Locale } from "@kinderready/i18n/locales";
import { LifetimeCard, PacksCard } from "./upsell-offer-cards.tsx";
import {
  UpsellDeclined,
  UpsellError,
  UpsellPaymentNote,
  UpsellProcessing,
  UpsellSuccess,
  UpsellTimeout,
} from "./upsell-offer-states.tsx";
import type { UpsellReturning } from "./upsell-result.ts";
import { useUpsellPurchase } from "./use-upsell-purchase.ts";

export type UpsellOfferData = {
  kidName: string | null;
  owned: UpsellType[];
  /** Where the offer stands on the server, which prices the packs by it. */
  stage: UpsellStage;
  plans: { initial: PricePlan; catchy: PricePlan; lifetime: PricePlan };
  /**
   * This device proved it is the parent's (a verified session), so the stored card may be
   * charged with one click; otherwise each purchase goes to the gateway's page, where the card
   * is typed, and the parent is offered to sign in for one click next time.
   */
  oneClick: boolean;
  /** Where the right of withdrawal applies, each purchase asks for access at once (ImmediateAccessBox). */
  withdrawalConsent: boolean;
};

/**
 * What the upsell offers, in the popup and in the additional-packs tab alike: the three add-on
 * packs and what is in them, their price (the discount after a "no"), lifetime access, and one
 * click to buy on the stored card, with the charge's progress and outcome.
 */
export function UpsellOffer({
  offer,
  variant,
  mode,
  locale,
  headingLevel,
  returning,
  onSettled,
}: {
  offer: UpsellOfferData;
  variant: "initial" | "catchy";
  /** Where it is shown; sent with the offer's events, for the take rate per display mode. */
  mode: UpsellDisplayMode;
  locale: Locale;
  headingLevel: 2 | 3;
  /** Back from buying (the gateway's page, or a one-click form without scripts): the order to ask about. */
  returning?: UpsellReturning | undefined;
  /** Told once a purchase is approved. */
  onSettled?: (type: UpsellType) => void;
}) {
  const { oneClick } = offer;
  const purchase = useUpsellPurchase({ oneClick, variant, mode, returning, onSettled });
  const { outcome, bought } = purchase;
  const consent = offer.withdrawalConsent && locale;
  const forms = {
    // Without a verified session on this device, a purchase goes to the gateway's page.
    intent: oneClick ? "upsell" : "upsell-checkout",
    variant,
    consent,
    busy: purchase.busy,
    buying: purchase.buying,
    purchase: purchase.purchase,
  } as const;
  const card = { locale, headingLevel, forms };

  return (
    <div className="upsell">
      <p className="offer__status" role="status">
        {outcome?.kind === "checking" && <UpsellProcessing />}
        {outcome?.kind === "approved" && bought && <UpsellSuccess bought={bought} />}
      </p>
      {outcome?.kind === "declined" && (
        <UpsellDeclined
          errorCode={outcome.errorCode}
          type={purchase.buying ?? returning?.type}
          variant={variant}
          consent={consent}
          busy={purchase.busy}
          onPayOnPage={(chosen) => purchase.payOnPage(chosen)}
        />
      )}
      {outcome?.kind === "timeout" && <UpsellTimeout onCheckAgain={purchase.checkAgain} />}
      {purchase.errorKey && <UpsellError messageKey={purchase.errorKey} />}
      {!offer.owned.includes(upsellKind) && (
        <PacksCard {...card} plan={variant === "catchy" ? offer.plans.catchy : offer.plans.initial} mode={mode} />
      )}
      {!offer.owned.includes("lifetime") && variant === "initial" && (
        <LifetimeCard {...card} plan={offer.plans.lifetime} />
      )}
      <UpsellPaymentNote oneClick={oneClick} locale={locale} />
    </div>
  );
}
