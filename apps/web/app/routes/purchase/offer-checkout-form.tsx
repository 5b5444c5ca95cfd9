import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { Link } from "react-router";
import { Trans, useTranslation } from "../../i18n/translation-context.tsx";
import type { PaymentOutcome } from "../../payments/payment-result.ts";
import { ReloadWhilePending } from "../../payments/reload-while-pending.tsx";
import { RequiredBox } from "./required-box.tsx";
import { TrustMarks } from "./trust-marks.tsx";
import type { useOfferCheckout } from "./use-offer-checkout.ts";

const page = "purchase.pages.subscription-offer";

type OfferLinks = { printables: string; quiz: string };

/**
 * The offer's form: the terms box (and the waiver where the right of withdrawal applies), how a
 * payment coming back stands, the purchase button and why a checkout could not start. A plain
 * form too: posted before the scripts run, its answer is the gateway's payment page.
 */
export function OfferCheckoutForm({
  checkout,
  locale,
  payment,
  links,
  agreedBefore,
  withdrawalConsent,
}: {
  checkout: ReturnType<typeof useOfferCheckout>;
  locale: Locale;
  payment: { outcome: PaymentOutcome | undefined; checkAgain: () => void };
  links: OfferLinks;
  /** Back from a payment the parent started, so they agreed to the terms already: the boxes stay ticked. */
  agreedBefore: boolean;
  withdrawalConsent: boolean;
}) {
  const { t } = useTranslation();
  return (
    <form
      ref={checkout.formRef}
      id="offer-form"
      method="post"
      className="offer__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        checkout.submit();
      }}
    >
      <input type="hidden" name="intent" value="checkout" />
      <OfferConsentBoxes
        checkout={checkout}
        locale={locale}
        agreedBefore={agreedBefore}
        withdrawalConsent={withdrawalConsent}
      />
      <OfferPaymentStatus payment={payment} />
      <button
        type="submit"
        className="button button--wide offer__buy"
        disabled={checkout.busy}
        aria-busy={checkout.busy}
      >
        {withdrawalConsent ? t("purchase.purchasePaid") : t("purchase.purchase")}
      </button>
      {checkout.errorKey && <CheckoutError errorKey={checkout.errorKey} links={links} />}
      <p className="offer__secure">{t(`${page}.secure`)}</p>
      <TrustMarks />
    </form>
  );
}

/** The terms box, and where the right of withdrawal applies the box asking for access at once. */
function OfferConsentBoxes({
  checkout,
  locale,
  agreedBefore,
  withdrawalConsent,
}: {
  checkout: Pick<ReturnType<typeof useOfferCheckout>, "agree" | "waive">;
  locale: Locale;
  agreedBefore: boolean;
  withdrawalConsent: boolean;
}) {
  const { t } = useTranslation();
  const legal = (path: string) => <Link to={localizePath(path, locale)} />;
  return (
    <>
      <RequiredBox
        box={checkout.agree}
        name="agree"
        ticked={agreedBefore || checkout.agree.tickedBefore}
        error={{ id: "agree-error", text: t("validation.messages.agreeTerms") }}
      >
        <Trans
          i18nKey={`${page}.agree`}
          components={{
            terms: legal("/terms/terms-of-service/"),
            privacy: legal("/terms/privacy-policy/"),
            subscription: legal("/terms/subscription-terms/"),
          }}
        />
      </RequiredBox>
      {withdrawalConsent && (
        <RequiredBox
          box={checkout.waive}
          name="immediate_access"
          ticked={agreedBefore || checkout.waive.tickedBefore}
          error={{ id: "immediate-access-error", text: t("validation.messages.immediateAccess") }}
        >
          <Trans
            i18nKey={`${page}.immediateAccess`}
            components={{ withdrawal: legal("/terms/money-back-policy/#legal-withdrawal-eu") }}
          />
        </RequiredBox>
      )}
    </>
  );
}

/** How a payment coming back stands: still being checked, or not known in time (ask again). */
function OfferPaymentStatus({ payment }: { payment: { outcome: PaymentOutcome | undefined; checkAgain: () => void } }) {
  const { t } = useTranslation();
  const outcome = payment.outcome?.kind;
  return (
    <>
      <p className="offer__status" role="status">
        {outcome === "checking" && (
          <>
            <span className="spinner" aria-hidden="true" />
            {t("purchase.result.checking")}
          </>
        )}
      </p>
      {outcome === "checking" && <ReloadWhilePending said="purchase.result.updating" className="offer__notice" />}
      {outcome === "timeout" && (
        <div className="offer__notice">
          <p role="alert">{t("purchase.result.timeout")}</p>
          <button type="button" className="button button--quiet" onClick={payment.checkAgain}>
            {t("purchase.result.checkAgain")}
          </button>
        </div>
      )}
    </>
  );
}

/** Why the checkout could not start, with the way on where there is one. */
function CheckoutError({ errorKey, links }: { errorKey: string; links: OfferLinks }) {
  const { t, ifKnown } = useTranslation();
  return (
    <p className="field__error" role="alert">
      {ifKnown(errorKey) ?? t("errors.generic")}{" "}
      {errorKey === "purchase.result.alreadySubscribed" && (
        <Link to={links.printables}>{t("purchase.result.toPrintables")}</Link>
      )}
      {errorKey === "purchase.result.unknownUser" && <Link to={links.quiz}>{t("purchase.result.takeQuiz")}</Link>}
    </p>
  );
}
