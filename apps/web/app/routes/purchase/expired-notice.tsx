import type { PricePlan } from "@kinderready/domain/pricing/price-config-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { useEffect } from "react";
import { useActionData, useFetcher } from "react-router";
import { track } from "../../analytics/analytics.ts";
import {
  ImmediateAccessBox,
  type ImmediateAccessField,
  purchaseSubmit,
} from "../../components/immediate-access-box.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { PurchaseActionResult } from "../../payments/payment-result.ts";
import { useMoney } from "../../payments/price-texts.tsx";
import { offerStep } from "./purchase-steps.ts";
import { ResultDialog } from "./result-dialog.tsx";
import { StepForm } from "./step-form.tsx";

/**
 * A parent whose subscription ran out: renew it (the offer), or keep everything for good with
 * lifetime access, paid on the gateway's page at the one lifetime price the server names. The
 * card on file may be the reason the subscription ran out, so nothing is charged in one click.
 */
export function ExpiredNotice({
  lifetime,
  locale,
  withdrawalConsent,
  onRenew,
  onEscape,
}: {
  /** The lifetime plan in the parent's currency; null when it cannot be sold to them. */
  lifetime: PricePlan | null;
  locale: Locale;
  /** Where the right of withdrawal applies, buying lifetime access asks for access at once. */
  withdrawalConsent: boolean;
  onRenew: () => void;
  onEscape: () => void;
}) {
  const { t, ifKnown } = useTranslation();
  const checkout = useFetcher<PurchaseActionResult>();
  // Posted before the scripts ran, the form was a plain one: a refusal is the page's answer.
  const posted = useActionData<PurchaseActionResult>();
  const answer = checkout.data ?? posted;
  const result = answer?.intent === "lifetime-checkout" ? answer : undefined;
  const redirectUrl = result && "redirectUrl" in result ? result.redirectUrl : undefined;
  const errorKey = result && "error" in result ? result.error.messageKey : undefined;
  const busy = checkout.state !== "idle" || redirectUrl !== undefined;

  useEffect(() => {
    if (redirectUrl) window.location.assign(redirectUrl);
  }, [redirectUrl]);

  const format = useMoney(locale);
  const money = (amount: number) => (lifetime ? format(amount, lifetime) : "");
  const buyLifetime = (consent: ImmediateAccessField) => {
    if (busy || !lifetime) return;
    track("checkout_started", { variant: "lifetime", price: lifetime.price });
    void checkout.submit({ intent: "lifetime-checkout", ...consent }, { method: "post", encType: "application/json" });
  };

  return (
    <ResultDialog
      tone="notice"
      title={t("purchase.result.expiredTitle")}
      text={t("purchase.result.expiredText")}
      onEscape={onEscape}
      actions={
        <>
          <StepForm step={offerStep} onMove={onRenew}>
            <button type="submit" className="button button--wide">
              {t("purchase.result.renew")}
            </button>
          </StepForm>
          {lifetime && (
            <div className="expired-lifetime">
              <p className="expired-lifetime__text">{t("upsell.lifetimeText")}</p>
              <p className="expired-lifetime__price">
                <strong>{money(lifetime.price)}</strong>
                {lifetime.oldPrice !== undefined && (
                  <>
                    {" "}
                    <span className="visually-hidden">{t("upsell.oldPrice", { price: money(lifetime.oldPrice) })}</span>
                    <s aria-hidden="true">{money(lifetime.oldPrice)}</s>
                  </>
                )}
              </p>
              {/* A plain form too: posted before the scripts run, its answer is the gateway's payment page. */}
              <form method="post" className="step-form" onSubmit={purchaseSubmit(buyLifetime)}>
                <input type="hidden" name="intent" value="lifetime-checkout" />
                {withdrawalConsent && <ImmediateAccessBox locale={locale} />}
                <button type="submit" className="button button--wide button--quiet" aria-busy={busy} disabled={busy}>
                  {t("purchase.result.lifetime")}
                </button>
              </form>
              {errorKey && (
                <p className="field__error" role="alert">
                  {ifKnown(errorKey) ?? t("purchase.result.checkoutFailed")}
                </p>
              )}
            </div>
          )}
        </>
      }
    />
  );
}
