import type { UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { Link } from "react-router";
import type { ImmediateAccessField } from "../../components/immediate-access-box.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { ReloadWhilePending } from "../../payments/reload-while-pending.tsx";
import { UpsellForm } from "./upsell-form.tsx";
import { needsCardholder, upsellDeclineMessageKey, upsellDeclineTitleKey } from "./upsell-result.ts";

// The upsell offer's states beside its cards: a charge in progress, approved, declined or not
// settled in time, a purchase refused, and how the offer charges.

/** The charge is being asked about; without scripts the page asks again by reloading itself. */
export function UpsellProcessing() {
  const { t } = useTranslation();
  return (
    <>
      <span className="spinner" aria-hidden="true" />
      {t("upsell.processing")}
      <ReloadWhilePending />
    </>
  );
}

export function UpsellSuccess({ bought }: { bought: UpsellType }) {
  const { t } = useTranslation();
  return t(bought === "lifetime" ? "upsell.successLifetime" : "upsell.successPacks");
}

/**
 * The charge was declined, and why. A decline the parent cannot get past without being present
 * offers the gateway's page, as a plain form too.
 */
export function UpsellDeclined({
  errorCode,
  type,
  variant,
  consent,
  busy,
  onPayOnPage,
}: {
  errorCode: string | null;
  type: UpsellType | undefined;
  variant: "initial" | "catchy";
  consent: Locale | false;
  busy: boolean;
  onPayOnPage: (consent: ImmediateAccessField) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="offer__notice" role="alert">
      <p>
        <strong>{t(upsellDeclineTitleKey(errorCode))}</strong>
      </p>
      <p>{t(upsellDeclineMessageKey(errorCode))}</p>
      {needsCardholder(errorCode) && (
        <UpsellForm intent="upsell-checkout" type={type} variant={variant} consent={consent} onSubmit={onPayOnPage}>
          <button type="submit" className="button button--wide" disabled={busy}>
            {t("upsell.confirmOnPage")}
          </button>
        </UpsellForm>
      )}
    </div>
  );
}

/** The charge did not settle while the page asked: the parent may ask again. */
export function UpsellTimeout({ onCheckAgain }: { onCheckAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="offer__notice">
      <p role="alert">{t("upsell.timeout")}</p>
      <button type="button" className="button button--quiet" onClick={onCheckAgain}>
        {t("upsell.checkAgain")}
      </button>
    </div>
  );
}

/** The purchase was refused before any charge; the key is the server's, else a generic message. */
export function UpsellError({ messageKey }: { messageKey: string }) {
  const { t, ifKnown } = useTranslation();
  return (
    <p className="field__error" role="alert">
      {ifKnown(messageKey) ?? t("errors.generic")}
    </p>
  );
}

/** How a purchase is paid here: one click, or the gateway's page with a sign-in for one click next time. */
export function UpsellPaymentNote({ oneClick, locale }: { oneClick: boolean; locale: Locale }) {
  const { t } = useTranslation();
  return oneClick ? (
    <p className="upsell__note">{t("upsell.oneClick")}</p>
  ) : (
    <p className="upsell__note">
      {t("upsell.payOnPage")} <Link to={localizePath("/profile/", locale)}>{t("upsell.signInForOneClick")}</Link>
    </p>
  );
}
