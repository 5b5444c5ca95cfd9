import type { UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import { useTranslation } from "../../i18n/translation-context.tsx";

// The upsell popup's parts around the offer: its close button, the way back after a purchase, and
// the answer to the offer.

/** A dialog form closes its dialog without scripts; with them, the page closes it its way. */
export function PopupCloseBar({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <form method="dialog" className="upsell-popup__bar">
      <button
        type="submit"
        className="upsell-popup__close"
        aria-label={t("upsell.close")}
        onClick={(event) => {
          event.preventDefault();
          onClose();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </form>
  );
}

/**
 * Once a purchase is approved the pitch is over: what was bought, where it is, and the way back
 * to the printables. Without scripts, the printables' own address: the offer is over, so nothing
 * opens there.
 */
export function PopupSuccess({ bought, token, onClose }: { bought: UpsellType; token: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="upsell-popup__success" role="status">
        {t(bought === "lifetime" ? "upsell.successLifetime" : "upsell.successPacks")}
      </p>
      <p className="upsell-popup__intro">
        {bought === "lifetime"
          ? t("upsell.successLifetimeNext")
          : t("upsell.successPacksNext", { section: t("printables.packsHeading") })}
      </p>
      <form method="get" className="step-form" onSubmit={(event) => event.preventDefault()}>
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button button--wide" onClick={onClose}>
          {t("upsell.seePrintables")}
        </button>
      </form>
    </>
  );
}

/**
 * "No, thanks" on the first offer, closing on the discount. A plain form too: the server records
 * the answer and shows the page again.
 */
export function TurnDownForm({ formKey, onTurnDown }: { formKey: "initial" | "catchy"; onTurnDown: () => void }) {
  const { t } = useTranslation();
  return (
    <form
      method="post"
      className="step-form"
      onSubmit={(event) => {
        event.preventDefault();
        onTurnDown();
      }}
    >
      <input type="hidden" name="intent" value="upsell-decision" />
      <input type="hidden" name="decision" value={formKey === "catchy" ? "discount-closed" : "declined"} />
      <button type="submit" className="button button--wide upsell-popup__decline">
        {t(formKey === "catchy" ? "upsell.close" : "upsell.noThanks")}
      </button>
    </form>
  );
}
