import type { UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { track } from "../../analytics/analytics.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useMoney } from "../../payments/price-texts.tsx";
import { useStoresHydrated } from "../../stores/create-persisted-store.ts";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import { type UpsellState, useUpsellStore } from "../../stores/upsell-store.ts";
import {
  closeDiscount,
  declineUpsell,
  discountReopenMs,
  openUpsellModal,
  toggleUpsellModal,
  upsellOnArrival,
  upsellOwner,
} from "./upsell-modal.ts";
import { UpsellOffer, type UpsellOfferData } from "./upsell-offer.tsx";
import type { UpsellActionResult, UpsellReturning } from "./upsell-result.ts";

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
  const money = useMoney(locale);
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const store = useUpsellStore();
  // What the server rendered, until the saved state is restored and the arrival rules applied.
  const [arrived, setArrived] = useState(false);
  const { isOpen, formKey } = arrived ? store : arrival;
  // Rendered once as the server did; from then on showModal() and close() own the attribute.
  const [openWhenRendered] = useState(arrival.isOpen);
  // The name the quiz saved on this device, or the one the server has (another device).
  const kidName = useOnboardingStore((state) => state.kid.name) || offer.kidName;
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Bought before the page loaded (a one-click form posted without scripts, or the gateway's page).
  const [bought, setBought] = useState<UpsellType | undefined>(
    returning?.status?.status === "approved" ? returning.type : undefined,
  );
  const reopen = useRef<ReturnType<typeof setTimeout>>(undefined);
  const decision = useFetcher<UpsellActionResult>();

  const [searchParams] = useSearchParams();
  const owner = upsellOwner(searchParams.get("token") ?? undefined);
  useEffect(() => {
    if (!hydrated) return;
    useUpsellStore.setState((state) => upsellOnArrival(state, owner, returning !== undefined, offer.stage));
    setArrived(true);
  }, [hydrated, owner, returning, offer.stage]);
  useEffect(() => () => clearTimeout(reopen.current), []);
  // The offer's buttons are gone with the pitch: focus goes to the news, which a reader then hears.
  useEffect(() => {
    if (bought) titleRef.current?.focus();
  }, [bought]);
  // Before paint, so the server's open (not yet modal) popup turns modal without a flicker. Whether
  // it is modal is remembered rather than asked (`:modal`), which would make the browser work out
  // the whole page's style an extra time in the middle of hydrating it.
  const modal = useRef(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !(modal.current && dialog.open)) {
      if (dialog.open) dialog.close();
      dialog.showModal();
      modal.current = true;
    }
    if (!isOpen && dialog.open) {
      dialog.close();
      modal.current = false;
    }
  }, [isOpen]);

  const answer = (choice: "declined" | "discount-closed") =>
    decision.submit({ intent: "upsell-decision", decision: choice }, { method: "post", encType: "application/json" });
  const decline = async () => {
    track("upsell_declined", { variant: formKey });
    useUpsellStore.setState(declineUpsell);
    const started = Date.now();
    await answer("declined");
    const wait = Math.max(0, discountReopenMs - (Date.now() - started));
    reopen.current = setTimeout(() => useUpsellStore.setState(openUpsellModal), wait);
  };
  const close = () => {
    if (formKey === "catchy") void answer("discount-closed");
    useUpsellStore.setState(formKey === "catchy" ? closeDiscount : toggleUpsellModal);
  };
  const title = bought
    ? t("upsell.successTitle")
    : formKey === "catchy"
      ? t("upsell.discountTitle", { price: money(offer.plans.catchy.price, offer.plans.catchy) })
      : kidName
        ? t("upsell.popupTitle", { name: kidName })
        : t("upsell.popupTitleNoName");

  return (
    <dialog
      ref={ref}
      open={openWhenRendered}
      className="upsell-popup"
      aria-labelledby="upsell-popup-title"
      data-form-key={formKey}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      {/* A dialog form closes its dialog without scripts; with them, the page closes it its way. */}
      <form method="dialog" className="upsell-popup__bar">
        <button
          type="submit"
          className="upsell-popup__close"
          aria-label={t("upsell.close")}
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      </form>
      <h2 id="upsell-popup-title" className="upsell-popup__title" tabIndex={-1} ref={titleRef}>
        {title}
      </h2>
      {bought ? (
        <>
          <p className="upsell-popup__success" role="status">
            {t(bought === "lifetime" ? "upsell.successLifetime" : "upsell.successPacks")}
          </p>
          <p className="upsell-popup__intro">
            {bought === "lifetime"
              ? t("upsell.successLifetimeNext")
              : t("upsell.successPacksNext", { section: t("printables.packsHeading") })}
          </p>
          {/* Without scripts, the printables' own address: the offer is over, so nothing opens there. */}
          <form method="get" className="step-form" onSubmit={(event) => event.preventDefault()}>
            <input type="hidden" name="token" value={searchParams.get("token") ?? ""} />
            <button type="submit" className="button button--wide" onClick={close}>
              {t("upsell.seePrintables")}
            </button>
          </form>
        </>
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
            onSettled={(type) => {
              useUpsellStore.setState({ canOpen: false });
              setBought(type);
            }}
          />
          {/* A plain form too: the server records the answer and shows the page again. */}
          <form
            method="post"
            className="step-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (formKey === "catchy") close();
              else void decline();
            }}
          >
            <input type="hidden" name="intent" value="upsell-decision" />
            <input type="hidden" name="decision" value={formKey === "catchy" ? "discount-closed" : "declined"} />
            <button type="submit" className="button button--wide upsell-popup__decline">
              {t(formKey === "catchy" ? "upsell.close" : "upsell.noThanks")}
            </button>
          </form>
        </>
      )}
    </dialog>
  );
}
