import type { UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { useTabTitle } from "../../components/use-tab-title.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useMoney } from "../../payments/price-texts.tsx";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import type { UpsellState } from "../../stores/upsell-store.ts";
import { UpsellOffer, type UpsellOfferData } from "./upsell-offer.tsx";
import { PopupCloseBar, PopupSuccess, TurnDownForm } from "./upsell-popup-parts.tsx";
import type { UpsellReturning } from "./upsell-result.ts";
import { useModalDialog } from "./use-modal-dialog.ts";
import { usePopupPurchase, useUpsellPopup } from "./use-upsell-popup.ts";

/**
 * POPUP mode (`upsell-popup`): the offer in a modal over the printables, opened on arrival when
 * allowed. "No, thanks" turns it into the discount offer, which comes back after a moment;
 * closing the discount ends the offer. Both answers are the server's to record (it prices the
 * packs by them), and the discount opens only once the server has it. The modal's state is the
 * persisted upsell store, brought in line with the server's stage, so a reload finds the modal
 * as it was left. The server rendered it already open (`arrival`, from the store's cookie) so it
 * is on the first paint; hydration makes it modal. Once a purchase is approved the pitch is over:
 * the popup shows only the success and the way back to the printables.
 */
export function UpsellPopup({
  offer,
  locale,
  returning,
  arrival,
}: {
  offer: UpsellOfferData;
  locale: Locale;
  returning: UpsellReturning | undefined;
  arrival: Pick<UpsellState, "isOpen" | "formKey">;
}) {
  const { t } = useTranslation();
  const popup = useUpsellPopup({ stage: offer.stage, returning, arrival });
  const { formKey, close } = popup;
  const purchase = usePopupPurchase(returning);
  const dialog = useModalDialog(popup.isOpen, arrival.isOpen);
  const title = usePopupTitle(offer, formKey, purchase.bought, locale);
  useTabTitle(popup.isOpen ? t("meta.titles.upsell") : undefined);

  return (
    <dialog
      ref={dialog.ref}
      open={dialog.openWhenRendered}
      className="upsell-popup"
      aria-labelledby="upsell-popup-title"
      data-form-key={formKey}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <PopupCloseBar onClose={close} />
      <h2 id="upsell-popup-title" className="upsell-popup__title" tabIndex={-1} ref={purchase.titleRef}>
        {title}
      </h2>
      {purchase.bought ? (
        <PopupSuccess bought={purchase.bought} token={popup.token} onClose={close} />
      ) : (
        <>
          <p className="upsell-popup__intro">{t(formKey === "catchy" ? "upsell.discountText" : "upsell.intro")}</p>
          <UpsellOffer
            offer={offer}
            variant={formKey}
            mode="POPUP"
            locale={locale}
            headingLevel={3}
            returning={returning}
            onSettled={purchase.settle}
          />
          <TurnDownForm formKey={formKey} onTurnDown={popup.turnDown} />
        </>
      )}
    </dialog>
  );
}

/**
 * The popup's title: the news once bought, the discount's price, or the offer by the child's name
 * (the one the quiz saved on this device, or the one the server has, from another device).
 */
function usePopupTitle(
  offer: UpsellOfferData,
  formKey: "initial" | "catchy",
  bought: UpsellType | undefined,
  locale: Locale,
) {
  const { t } = useTranslation();
  const money = useMoney(locale);
  const kidName = useOnboardingStore((state) => state.kid.name) || offer.kidName;
  if (bought) return t("upsell.successTitle");
  if (formKey === "catchy")
    return t("upsell.discountTitle", { price: money(offer.plans.catchy.price, offer.plans.catchy) });
  return kidName ? t("upsell.popupTitle", { name: kidName }) : t("upsell.popupTitleNoName");
}
