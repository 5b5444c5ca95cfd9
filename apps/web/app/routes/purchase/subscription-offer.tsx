import type { KitPreview as KitPreviewData } from "@kinderready/domain/printables/kit-preview.server";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { track } from "../../analytics/analytics.ts";
import { Trans, useTranslation } from "../../i18n/translation-context.tsx";
import type { PaymentOutcome, PurchaseActionResult } from "../../payments/payment-result.ts";
import { useMoney } from "../../payments/price-texts.tsx";
import { ChildKitPreview } from "./kit-preview.tsx";
import type { OfferPlan } from "./offer-plan.ts";
import { OfferPlanCard } from "./offer-plan-card.tsx";
import { formatClock, type OfferTimer } from "./offer-timer.ts";
import { Ticks } from "./step-content.tsx";
import { TrustMarks } from "./trust-marks.tsx";

const page = "purchase.pages.subscription-offer";

/**
 * The last purchase page: the countdown, the plan with today's price and the renewal, the
 * subscription terms, the terms checkbox and the purchase button. The button sends nothing about
 * the price: the server prices it by the parent's countdown and answers with the gateway's hosted
 * payment page, which shows the amount before the card is typed.
 */
export function SubscriptionOffer({
  plans,
  locale,
  timer,
  payment,
  links,
  successText,
  agreedBefore,
  withdrawalConsent,
  preview,
}: {
  plans: { initial: OfferPlan; expired: OfferPlan };
  locale: Locale;
  timer: OfferTimer & { justExpired: boolean };
  payment: { outcome: PaymentOutcome | undefined; checkAgain: () => void };
  links: { printables: string; quiz: string };
  successText: string;
  /** Back from a payment the parent started, so they agreed to the terms already: the box stays ticked. */
  agreedBefore: boolean;
  /**
   * The parent has a right of withdrawal: a second box asks for access at once and the
   * acknowledgement that the right ends with it, and the button says the order is a paid one.
   */
  withdrawalConsent: boolean;
  /** Pages of the child's kit, drawn with their name: what the price buys. */
  preview: KitPreviewData | null;
}) {
  const { t, ifKnown } = useTranslation();
  const plan = timer.expired ? plans.expired : plans.initial;
  const format = useMoney(locale);
  const money = (amount: number) => format(amount, plan);
  const checkout = useFetcher<PurchaseActionResult>();
  // Posted before the scripts ran, the form was a plain one: a refusal is the page's answer.
  const posted = useActionData<PurchaseActionResult>();
  const postedError = posted?.intent === "checkout" && "error" in posted ? posted.error : undefined;
  const ticked = posted?.intent === "checkout" && "ticked" in posted ? posted.ticked : undefined;
  // The boxes are the browser's own (uncontrolled): one ticked before the scripts ran stays ticked,
  // and the scripts read them when the parent buys.
  const [agreeError, setAgreeError] = useState(postedError?.field === "agree");
  const [waiveError, setWaiveError] = useState(postedError?.field === "immediate_access");
  const [leaving, setLeaving] = useState(false);
  const agreeRef = useRef<HTMLInputElement>(null);
  const waiveRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const formInView = useInView(formRef);
  const outcome = payment.outcome?.kind;
  const busy = checkout.state !== "idle" || leaving || outcome === "checking";
  const result = checkout.data?.intent === "checkout" ? checkout.data : undefined;
  const redirectUrl = result && "redirectUrl" in result ? result.redirectUrl : undefined;
  const errorKey =
    result && "error" in result
      ? result.error.messageKey
      : result === undefined && postedError?.field === undefined
        ? postedError?.messageKey
        : undefined;

  // Card details are typed on the gateway's own page, never on ours.
  useEffect(() => {
    if (errorKey) track("checkout_failed", { reason: errorKey });
  }, [errorKey]);
  useEffect(() => {
    if (timer.expired) track("offer_timer_expired");
  }, [timer.expired]);
  useEffect(() => {
    if (!redirectUrl) return;
    setLeaving(true);
    window.location.assign(redirectUrl);
  }, [redirectUrl]);
  // Back from the payment page may restore this page as it was left: the button works again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  const submit = () => {
    if (busy) return;
    if (!agreeRef.current?.checked) {
      setAgreeError(true);
      agreeRef.current?.focus();
      return;
    }
    if (withdrawalConsent && !waiveRef.current?.checked) {
      setWaiveError(true);
      waiveRef.current?.focus();
      return;
    }
    track("checkout_started", { variant: timer.expired ? "expired" : "initial", price: plan.price });
    void checkout.submit(
      { intent: "checkout", agree: "on", ...(withdrawalConsent ? { immediate_access: "on" } : {}) },
      { method: "post", encType: "application/json" },
    );
  };

  const legal = (path: string) => <Link to={localizePath(path, locale)} />;
  const [searchParams] = useSearchParams();
  const refreshHref = `?${searchParams.toString()}`;

  return (
    <>
      <p className="offer-timer" role="timer" data-expired={timer.expired ? "" : undefined}>
        {timer.expired ? t(`${page}.timerExpired`) : t(`${page}.timer`, { time: formatClock(timer.secondsLeft) })}
      </p>
      {/* The countdown is not read out every second; running out is, once. */}
      <p className="visually-hidden" aria-live="polite">
        {timer.justExpired ? t(`${page}.timerExpired`) : ""}
      </p>

      <OfferPlanCard plan={plan} locale={locale} />

      {preview && <ChildKitPreview preview={preview} />}

      <h2 className="offer__subtitle">{t(`${page}.includes`)}</h2>
      <Ticks items={([1, 2, 3, 4] as const).map((n) => t(`${page}.include${n}`))} />

      <p className="offer__terms">
        {t(`${page}.terms`, {
          days: plan.trialDays,
          price: money(plan.price),
          renewal: money(plan.renewalPrice),
          period: plan.periodDays,
        })}
      </p>

      {outcome === "approved" ? (
        <div className="offer__done">
          <p>{successText}</p>
          <Link className="button button--wide" to={links.printables}>
            {t("purchase.result.toPrintables")}
          </Link>
        </div>
      ) : (
        // A plain form too: posted before the scripts run, its answer is the gateway's payment page.
        <form
          ref={formRef}
          id="offer-form"
          method="post"
          className="offer__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <input type="hidden" name="intent" value="checkout" />
          <RequiredBox
            inputRef={agreeRef}
            name="agree"
            ticked={agreedBefore || ticked?.agree === true}
            error={agreeError ? { id: "agree-error", text: t("validation.messages.agreeTerms") } : undefined}
            onTick={() => setAgreeError(false)}
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
              inputRef={waiveRef}
              name="immediate_access"
              ticked={agreedBefore || ticked?.immediateAccess === true}
              error={
                waiveError
                  ? { id: "immediate-access-error", text: t("validation.messages.immediateAccess") }
                  : undefined
              }
              onTick={() => setWaiveError(false)}
            >
              <Trans
                i18nKey={`${page}.immediateAccess`}
                components={{ withdrawal: legal("/terms/money-back-policy/#legal-withdrawal-eu") }}
              />
            </RequiredBox>
          )}
          <p className="offer__status" role="status">
            {outcome === "checking" && (
              <>
                <span className="spinner" aria-hidden="true" />
                {t("purchase.result.checking")}
              </>
            )}
          </p>
          {outcome === "checking" && (
            // Without scripts nothing asks again: the parent does, by reloading the page.
            <noscript>
              <p className="offer__notice">
                <a href={refreshHref}>{t("purchase.result.refresh")}</a>
              </p>
            </noscript>
          )}
          {outcome === "timeout" && (
            <div className="offer__notice">
              <p role="alert">{t("purchase.result.timeout")}</p>
              <button type="button" className="button button--quiet" onClick={payment.checkAgain}>
                {t("purchase.result.checkAgain")}
              </button>
            </div>
          )}
          <button type="submit" className="button button--wide offer__buy" disabled={busy} aria-busy={busy}>
            {withdrawalConsent ? t("purchase.purchasePaid") : t("purchase.purchase")}
          </button>
          {errorKey && (
            <p className="field__error" role="alert">
              {ifKnown(errorKey) ?? t("errors.generic")}{" "}
              {errorKey === "purchase.result.alreadySubscribed" && (
                <Link to={links.printables}>{t("purchase.result.toPrintables")}</Link>
              )}
              {errorKey === "purchase.result.unknownUser" && (
                <Link to={links.quiz}>{t("purchase.result.takeQuiz")}</Link>
              )}
            </p>
          )}
          <p className="offer__secure">{t(`${page}.secure`)}</p>
          <TrustMarks />
        </form>
      )}
      {outcome !== "approved" && (
        // The way to pay stays in reach on a phone: a bar at the bottom until the form is on screen,
        // so it never lies over the terms box or the button. A link to the form (the terms box
        // comes first), so it works before scripts.
        <div className="offer__sticky" hidden={formInView}>
          {/* The countdown stays in view while the parent reads on; the timer above is the one read out. */}
          {!timer.expired && (
            <span className="offer__sticky-timer" aria-hidden="true">
              {t(`${page}.stickyTimer`, { time: formatClock(timer.secondsLeft) })}
            </span>
          )}
          <span className="offer__sticky-price">
            {t(`${page}.today`)} <strong>{money(plan.price)}</strong>
          </span>
          <a className="button offer__sticky-buy" href="#offer-form">
            {t("purchase.getKit")}
          </a>
        </div>
      )}
    </>
  );
}

/**
 * A box the order needs ticked, with its refusal under it. The browser's own input: ticked at
 * first when `ticked`, and a tick made before the scripts ran survives their start.
 */
function RequiredBox({
  inputRef,
  name,
  ticked,
  error,
  onTick,
  children,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  name: string;
  ticked: boolean;
  error: { id: string; text: string } | undefined;
  onTick: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <label className="consent offer__agree">
        <input
          ref={inputRef}
          type="checkbox"
          name={name}
          required
          defaultChecked={ticked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error?.id}
          onChange={(event) => {
            if (event.target.checked) onTick();
          }}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p id={error.id} className="field__error" role="alert">
          {error.text}
        </p>
      )}
    </>
  );
}

/** Whether the element is on screen; false until the browser says (and without scripts). */
function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
