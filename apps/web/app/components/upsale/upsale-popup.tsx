import type { UpsaleType } from "@kinderready/domain/upsale/upsale-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { track } from "../../analytics/analytics.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useMoney } from "../../purchase/price-texts.tsx";
import { useStoresHydrated } from "../../stores/create-persisted-store.ts";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import { type UpsaleState, useUpsaleStore } from "../../stores/upsale-store.ts";
import {
  closeDiscount,
  declineUpsale,
  discountReopenMs,
  openUpsaleModal,
  toggleUpsaleModal,
  upsaleOnArrival,
  upsaleOwner,
} from "../../upsale/upsale-modal.ts";
import type { UpsaleActionResult, UpsaleReturning } from "../../upsale/upsale-result.ts";
import { UpsaleOffer, type UpsaleOfferData } from "./upsale-offer.tsx";

/**
 * POPUP mode (`upsale-popup`): the offer in a modal over the printables, opened on arrival when
 * allowed. "No, thanks" turns it into the discount offer, which comes back after a moment;
 * closing the discount ends the offer. Both answers are the server's to record (it prices the
 * packs by them), and the discount opens only once the server has it. The modal's state is the
 * persisted upsale store, brought in line with the server's stage, so a reload finds the modal
 * as it was left. The server rendered it already open (`arrival`, from the store's cookie) so it
 * is on the first paint; hydration makes it modal. Once a purchase is approved the pitch is over:
 * the popup shows only the success and the way back to the printables.
 */
export function UpsalePopup({
  offer,
  locale,
  returning,
  arrival,
}: {
  offer: UpsaleOfferData;
  locale: Locale;
  returning: UpsaleReturning | undefined;
  arrival: Pick<UpsaleState, "isOpen" | "formKey">;
}) {
  const { t } = useTranslation();
  const money = useMoney(locale);
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const store = useUpsaleStore();
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
  const [bought, setBought] = useState<UpsaleType | undefined>(
    returning?.status?.status === "approved" ? returning.type : undefined,
  );
  const reopen = useRef<ReturnType<typeof setTimeout>>(undefined);
  const decision = useFetcher<UpsaleActionResult>();

  const [searchParams] = useSearchParams();
  const owner = upsaleOwner(searchParams.get("token") ?? undefined);
  useEffect(() => {
    if (!hydrated) return;
    useUpsaleStore.setState((state) => upsaleOnArrival(state, owner, returning !== undefined, offer.stage));
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
    decision.submit({ intent: "upsale-decision", decision: choice }, { method: "post", encType: "application/json" });
  const decline = async () => {
    track("upsell_declined", { variant: formKey });
    useUpsaleStore.setState(declineUpsale);
    const started = Date.now();
    await answer("declined");
    const wait = Math.max(0, discountReopenMs - (Date.now() - started));
    reopen.current = setTimeout(() => useUpsaleStore.setState(openUpsaleModal), wait);
  };
  const close = () => {
    if (formKey === "catchy") void answer("discount-closed");
    useUpsaleStore.setState(formKey === "catchy" ? closeDiscount : toggleUpsaleModal);
  };
  const title = bought
    ? t("upsale.successTitle")
    : formKey === "catchy"
      ? t("upsale.discountTitle", { price: money(offer.plans.catchy.price, offer.plans.catchy) })
      : kidName
        ? t("upsale.popupTitle", { name: kidName })
        : t("upsale.popupTitleNoName");

  return (
    <dialog
      ref={ref}
      open={openWhenRendered}
      className="upsale-popup"
      aria-labelledby="upsale-popup-title"
      data-form-key={formKey}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      {/* A dialog form closes its dialog without scripts; with them, the page closes it its way. */}
      <form method="dialog" className="upsale-popup__bar">
        <button
          type="submit"
          className="upsale-popup__close"
          aria-label={t("upsale.close")}
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      </form>
      <h2 id="upsale-popup-title" className="upsale-popup__title" tabIndex={-1} ref={titleRef}>
        {title}
      </h2>
      {bought ? (
        <>
          <p className="upsale-popup__success" role="status">
            {t(bought === "lifetime" ? "upsale.successLifetime" : "upsale.successPacks")}
          </p>
          <p className="upsale-popup__intro">
            {bought === "lifetime"
              ? t("upsale.successLifetimeNext")
              : t("upsale.successPacksNext", { section: t("printables.packsHeading") })}
          </p>
          {/* Without scripts, the printables' own address: the offer is over, so nothing opens there. */}
          <form method="get" className="step-form" onSubmit={(event) => event.preventDefault()}>
            <input type="hidden" name="token" value={searchParams.get("token") ?? ""} />
            <button type="submit" className="button button--wide" onClick={close}>
              {t("upsale.seePrintables")}
            </button>
          </form>
        </>
      ) : (
        <>
          <p className="upsale-popup__intro">{t(formKey === "catchy" ? "upsale.discountText" : "upsale.intro")}</p>
          <UpsaleOffer
            offer={offer}
            variant={formKey}
            mode="POPUP"
            locale={locale}
            headingLevel={3}
            returning={returning}
            onSettled={(type) => {
              useUpsaleStore.setState({ canOpen: false });
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
            <input type="hidden" name="intent" value="upsale-decision" />
            <input type="hidden" name="decision" value={formKey === "catchy" ? "discount-closed" : "declined"} />
            <button type="submit" className="button button--wide upsale-popup__decline">
              {t(formKey === "catchy" ? "upsale.close" : "upsale.noThanks")}
            </button>
          </form>
        </>
      )}
    </dialog>
  );
}
