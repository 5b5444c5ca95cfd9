import type { UpsellStage } from "@kinderready/domain/pricing/offer-rules";
import type { PricePlan } from "@kinderready/domain/pricing/price-config-schema";
import { addOnPacks, packSheets } from "@kinderready/domain/upsell/add-on-packs";
import type { UpsellDisplayMode, UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import { upsellKind } from "@kinderready/domain/upsell-wire";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { track } from "../../analytics/analytics.ts";
import {
  ImmediateAccessBox,
  type ImmediateAccessField,
  purchaseSubmit,
} from "../../components/immediate-access-box.tsx";
import { Picture } from "../../components/picture.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useMoney } from "../../payments/price-texts.tsx";
import { useOrderStatus } from "../../payments/use-order-status.ts";
import { useUpsellStore } from "../../stores/upsell-store.ts";
import {
  needsCardholder,
  type UpsellActionResult,
  type UpsellReturning,
  upsellDeclineMessageKey,
  upsellDeclineTitleKey,
} from "./upsell-result.ts";

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

/** An upsell's status is asked every 500 ms, 15 times at most: a one-click charge settles fast. */
const polling = { intent: "upsell-status", intervalMs: 500, limit: 15 } as const;

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
  const { t, ifKnown } = useTranslation();
  const buy = useFetcher<UpsellActionResult>();
  const report = useFetcher<UpsellActionResult>();
  const result = buy.data?.intent === "upsell" ? buy.data : undefined;
  const orderId = result && "orderId" in result ? result.orderId : (returning?.orderId ?? null);
  const onPage = useFetcher<UpsellActionResult>();
  const redirectUrl = onPage.data?.intent === "upsell-checkout" ? onPage.data.redirectUrl : undefined;
  const onPageError = onPage.data?.intent === "upsell" && "error" in onPage.data ? onPage.data.error : undefined;
  const errorKey = result && "error" in result ? result.error.messageKey : undefined;
  const payment = useOrderStatus(orderId, true, { ...polling, initial: returning?.status });
  const outcome = payment.outcome;
  const buying = useRef<UpsellType | undefined>(returning?.type);
  const [bought, setBought] = useState<UpsellType | undefined>(
    returning?.status?.status === "approved" ? returning.type : undefined,
  );
  const [searchParams] = useSearchParams();
  const busy =
    buy.state !== "idle" || onPage.state !== "idle" || redirectUrl !== undefined || outcome?.kind === "checking";
  // The bank wants the parent present: the gateway's own page takes the card.
  useEffect(() => {
    if (redirectUrl) window.location.assign(redirectUrl);
  }, [redirectUrl]);
  const Heading = `h${headingLevel}` as const;
  const Sub = `h${headingLevel + 1}` as "h3" | "h4";

  useEffect(() => {
    const type = buying.current;
    if (outcome?.kind !== "approved" || !type) return;
    buying.current = undefined;
    setBought(type);
    track("upsell_bought", { type, variant, mode, order_id: orderId }, outcome.purchase);
    useUpsellStore.setState((state) => ({ succeeded: [...new Set([...state.succeeded, type])] }));
    void report.submit({ intent: "trigger-upsell" }, { method: "post", encType: "application/json" });
    onSettled?.(type);
  }, [outcome, report.submit, onSettled, variant, mode, orderId]);

  useEffect(() => {
    if (outcome?.kind === "declined" || outcome?.kind === "timeout") {
      track("upsell_failed", { variant, code: outcome.kind === "declined" ? outcome.errorCode : "timeout" });
    }
  }, [outcome, variant]);
  useEffect(() => {
    track("upsell_viewed", { variant, mode });
  }, [variant, mode]);

  const payOnPage = (consent: ImmediateAccessField, type = buying.current) => {
    if (!type || busy) return;
    buying.current = type;
    void onPage.submit(
      { intent: "upsell-checkout", recurringType: type, variant, ...consent },
      { method: "post", encType: "application/json" },
    );
  };

  const purchase = (consent: ImmediateAccessField, type: UpsellType) => {
    if (!offer.oneClick) return payOnPage(consent, type);
    if (busy) return;
    buying.current = type;
    void buy.submit(
      { intent: "upsell", recurringType: type, variant, ...consent },
      { method: "post", encType: "application/json" },
    );
  };

  const packsPlan = variant === "catchy" ? offer.plans.catchy : offer.plans.initial;
  // Without a verified session on this device, a purchase goes to the gateway's page.
  const buyIntent = offer.oneClick ? "upsell" : "upsell-checkout";
  const format = useMoney(locale);
  const money = (plan: PricePlan, amount: number) => format(amount, plan);
  const ownsPacks = offer.owned.includes(upsellKind);
  const ownsLifetime = offer.owned.includes("lifetime");
  const packContents = (
    <ul className="upsell__packs">
      {addOnPacks.map((pack) => (
        <li key={pack.id}>
          {/* Below the price and the buttons, or folded away in the popup: loaded when seen. */}
          <Picture id={pack.picture} size={40} lazy />
          <div className="upsell__pack">
            <strong>{t(`upsell.packs.${pack.id}.title`)}</strong>
            <span className="upsell__count">{t("upsell.itemCount", { count: packSheets(pack, locale) })}</span>
            <span>{t(`upsell.packs.${pack.id}.contents`)}</span>
          </div>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="upsell">
      <p className="offer__status" role="status">
        {outcome?.kind === "checking" && (
          <>
            <span className="spinner" aria-hidden="true" />
            {t("upsell.processing")}
          </>
        )}
        {outcome?.kind === "checking" && (
          // Without scripts nothing asks again: the parent does, by reloading the page.
          <noscript>
            {" "}
            <a href={`?${searchParams.toString()}`}>{t("purchase.result.refresh")}</a>
          </noscript>
        )}
        {outcome?.kind === "approved" &&
          bought &&
          t(bought === "lifetime" ? "upsell.successLifetime" : "upsell.successPacks")}
      </p>
      {outcome?.kind === "declined" && (
        <div className="offer__notice" role="alert">
          <p>
            <strong>{t(upsellDeclineTitleKey(outcome.errorCode))}</strong>
          </p>
          <p>{t(upsellDeclineMessageKey(outcome.errorCode))}</p>
          {needsCardholder(outcome.errorCode) && (
            <UpsellForm
              intent="upsell-checkout"
              type={buying.current ?? returning?.type}
              variant={variant}
              consent={offer.withdrawalConsent && locale}
              onSubmit={(consent) => payOnPage(consent)}
            >
              <button type="submit" className="button button--wide" disabled={busy}>
                {t("upsell.confirmOnPage")}
              </button>
            </UpsellForm>
          )}
        </div>
      )}
      {outcome?.kind === "timeout" && (
        <div className="offer__notice">
          <p role="alert">{t("upsell.timeout")}</p>
          <button type="button" className="button button--quiet" onClick={payment.checkAgain}>
            {t("upsell.checkAgain")}
          </button>
        </div>
      )}
      {(errorKey ?? onPageError?.messageKey) && (
        <p className="field__error" role="alert">
          {ifKnown(errorKey ?? onPageError?.messageKey) ?? t("errors.generic")}
        </p>
      )}
      {!ownsPacks && (
        <section className="upsell__card" aria-labelledby="upsell-packs-title">
          <Heading id="upsell-packs-title" className="upsell__title">
            {t("upsell.allPacks")}
          </Heading>
          <PriceLine
            plan={packsPlan}
            money={(amount) => money(packsPlan, amount)}
            label={t("upsell.dueNow")}
            oldLabel={(price) => t("upsell.oldPrice", { price })}
            save={(percent) => t("upsell.save", { percent })}
          />
          <UpsellForm
            intent={buyIntent}
            type={upsellKind}
            variant={variant}
            consent={offer.withdrawalConsent && locale}
            onSubmit={(consent) => purchase(consent, upsellKind)}
          >
            <button
              type="submit"
              className="button button--wide"
              disabled={busy}
              aria-busy={busy && buying.current === upsellKind}
            >
              {t(variant === "catchy" ? "upsell.buyDiscount" : "upsell.buyPacks", {
                price: money(packsPlan, packsPlan.price),
              })}
            </button>
          </UpsellForm>
          {mode === "POPUP" ? (
            // A phone shows both offers' buttons without scrolling: the packs' contents open on a tap.
            <details className="upsell__inside">
              <summary className="upsell__subtitle">{t("upsell.packsHeading")}</summary>
              {packContents}
            </details>
          ) : (
            <>
              <Sub className="upsell__subtitle">{t("upsell.packsHeading")}</Sub>
              {packContents}
            </>
          )}
        </section>
      )}

      {!ownsLifetime && variant === "initial" && (
        <section className="upsell__card" aria-labelledby="upsell-lifetime-title">
          <Heading id="upsell-lifetime-title" className="upsell__title">
            {t("upsell.lifetimeTitle")}
          </Heading>
          <p>{t("upsell.lifetimeText")}</p>
          <PriceLine
            plan={offer.plans.lifetime}
            money={(amount) => money(offer.plans.lifetime, amount)}
            label={t("upsell.dueNow")}
            oldLabel={(price) => t("upsell.oldPrice", { price })}
            save={(percent) => t("upsell.save", { percent })}
          />
          <UpsellForm
            intent={buyIntent}
            type="lifetime"
            variant={variant}
            consent={offer.withdrawalConsent && locale}
            onSubmit={(consent) => purchase(consent, "lifetime")}
          >
            <button
              type="submit"
              className="button button--wide button--quiet"
              disabled={busy}
              aria-busy={busy && buying.current === "lifetime"}
            >
              {t("upsell.buyLifetime", { price: money(offer.plans.lifetime, offer.plans.lifetime.price) })}
            </button>
          </UpsellForm>
        </section>
      )}

      {offer.oneClick ? (
        <p className="upsell__note">{t("upsell.oneClick")}</p>
      ) : (
        <p className="upsell__note">
          {t("upsell.payOnPage")} <Link to={localizePath("/profile/", locale)}>{t("upsell.signInForOneClick")}</Link>
        </p>
      )}
    </div>
  );
}

/**
 * A purchase as a plain form posting to the printables page (form-encoded, the same fields the
 * scripts send as JSON), so it works before the scripts arrive or without them: the server
 * prices it by the offer's stage and answers with the page again, the order in its address, or
 * the gateway's page. With scripts, `onSubmit` posts it and nothing reloads.
 */
function UpsellForm({
  intent,
  type,
  variant,
  consent,
  onSubmit,
  children,
}: {
  intent: "upsell" | "upsell-checkout";
  type: UpsellType | undefined;
  variant: "initial" | "catchy";
  /** The page's locale where the purchase asks for access at once (ImmediateAccessBox); false elsewhere. */
  consent: Locale | false;
  onSubmit: (consent: ImmediateAccessField) => void;
  children: ReactNode;
}) {
  return (
    <form method="post" className="step-form" onSubmit={purchaseSubmit(onSubmit)}>
      <input type="hidden" name="intent" value={intent} />
      {type && <input type="hidden" name="recurringType" value={type} />}
      <input type="hidden" name="variant" value={variant} />
      {consent && <ImmediateAccessBox locale={consent} />}
      {children}
    </form>
  );
}

function PriceLine({
  plan,
  money,
  label,
  oldLabel,
  save,
}: {
  plan: PricePlan;
  money: (amount: number) => string;
  label: string;
  oldLabel: (price: string) => string;
  save: (percent: number) => string;
}) {
  return (
    <p className="offer-plan__today upsell__price">
      <span>
        {label} {plan.discount !== undefined && <span className="offer-plan__save">{save(plan.discount)}</span>}
      </span>
      <span className="offer-plan__prices">
        <strong className="offer-plan__price">{money(plan.price)}</strong>
        {plan.oldPrice !== undefined && (
          <span className="offer-plan__old">
            <span className="visually-hidden">{oldLabel(money(plan.oldPrice))}</span>
            <s aria-hidden="true">{money(plan.oldPrice)}</s>
          </span>
        )}
      </span>
    </p>
  );
}
