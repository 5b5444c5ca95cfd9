import { type FlowType, flows } from "@kinderready/domain/flows";
import type { PricePlan } from "@kinderready/domain/pricing/price-config-schema";
import type { KitContents, KitPreview as KitPreviewData } from "@kinderready/domain/printables/kit-preview.server";
import type { ShownReview } from "@kinderready/domain/reviews/review-rules";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useSearchParams } from "react-router";
import { track } from "../../analytics/analytics.ts";
import { useParentToken } from "../../hooks/use-parent-token.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { errorMessageKey, failureTitleKey, type OrderStatus } from "../../payments/payment-result.ts";
import { useOrderStatus } from "../../payments/use-order-status.ts";
import { useStoresHydrated } from "../../stores/create-persisted-store.ts";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import { usePurchaseStore } from "../../stores/purchase-store.ts";
import { useSplitsStore } from "../../stores/splits-store.ts";
import { ExpiredNotice } from "./expired-notice.tsx";
import type { OfferPlan } from "./offer-plan.ts";
import {
  addressedStep,
  buttonOf,
  clampStep,
  nextStep,
  offerStep,
  previousStep,
  resolvePurchaseState,
  stepIdAt,
  stepParam,
} from "./purchase-steps.ts";
import { ResultDialog } from "./result-dialog.tsx";
import { StepContent, stepTitle } from "./step-content.tsx";
import { StepForm } from "./step-form.tsx";
import { SubscriptionOffer } from "./subscription-offer.tsx";
import { useOfferTimer } from "./use-offer-timer.ts";

/**
 * The purchase pages: one step at a time, entirely in the browser like the quiz (the step is in
 * the persisted purchase store, so a refresh resumes), ending at the subscription offer. Focus
 * moves to each new heading. A parent the gateway sends back with `order_id` sees the result.
 */
export function PurchaseFlow({
  flowType,
  locale,
  plans,
  offerTimerTimeout,
  offerSecondsLeft,
  payment: paymentOnLoad,
  email,
  subscriptionExpired,
  withdrawalConsent,
  lifetimePlan,
  splits,
  kitPreview,
  kitContents,
  parentReviews,
  refusedToken,
}: {
  flowType: FlowType;
  locale: Locale;
  plans: { initial: OfferPlan; expired: OfferPlan };
  offerTimerTimeout: number;
  /** The server's countdown for this parent; null before the price was first on their screen. */
  offerSecondsLeft: number | null;
  /** Back from paying (`order_id`): how it went as the server last heard; null otherwise. */
  payment: OrderStatus | null;
  email: string | null;
  /** The parent's subscription ran out: the page offers to renew it first. */
  subscriptionExpired: boolean;
  /** The parent has a right of withdrawal: the offer asks to waive it for access at once. */
  withdrawalConsent: boolean;
  /** What lifetime access costs such a parent, in their currency; null when it cannot be sold. */
  lifetimePlan: PricePlan | null;
  /** The split groups the server placed this parent in (a user property of analytics). */
  splits: Record<string, string>;
  /** Pages of the child's kit with their name; null without a known parent. */
  kitPreview: KitPreviewData | null;
  /** What the kit holds, counted from the kit. */
  kitContents: KitContents;
  /** Parents' approved reviews in this language; none until it has enough. */
  parentReviews: readonly ShownReview[];
  /** The address's token when the server refused it (it names nobody): neither used nor kept. */
  refusedToken: string | null;
}) {
  const { t } = useTranslation();
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const [searchParams, setSearchParams] = useSearchParams();
  const orderId = searchParams.get("order_id");
  // The offer's posts name the parent by the address's token: a saved one goes into it.
  const putTokenInAddress = useCallback(
    (query: URLSearchParams) => setSearchParams(query, { replace: true, preventScrollReset: true }),
    [setSearchParams],
  );
  const parent = useParentToken({ carrySavedToken: putTokenInAddress, refusedToken });
  const userId = parent.token;

  // The step as this page load finds it: another parent on the device starts at the first step, and
  // the address's step (`step`, `offer` or a payment coming back) opens until the parent moves. Derived while
  // rendering, so the server's page, the first paint and a resume agree without a flash; the
  // store is written when the parent moves. Before saved state is back the store is empty, which
  // gives the server's page: the first step, or the offer when asked for.
  const [moved, setMoved] = useState(false);
  const addressed = moved ? undefined : addressedStep(searchParams);
  const saved = usePurchaseStore();
  const step = clampStep(resolvePurchaseState(saved, { userId, addressed }).step);
  const id = stepIdAt(step);
  const onboarding = useOnboardingStore();
  // The name the parent typed on this device, else the one the server keeps (another device, an emailed link).
  const kidName = onboarding.kid.name || kitPreview?.childName || "";
  const helpAnswer = onboarding.questions.find((question) => question.id === "help")?.answer;

  const payment = useOrderStatus(orderId, hydrated, {
    initial: paymentOnLoad,
    onSettled: (outcome) => {
      if (outcome.kind === "approved")
        track("purchase_succeeded", { flow: flowType, order_id: orderId }, outcome.purchase);
      if (outcome.kind === "declined") track("purchase_failed", { flow: flowType, code: outcome.errorCode });
    },
  });
  const outcome = payment.outcome;
  const timer = useOfferTimer({
    // The price is on screen and no payment result is in front of it.
    running: hydrated && id === "subscription-offer" && outcome === undefined,
    known: parent.inAddress,
    serverSecondsLeft: offerSecondsLeft,
    timeoutSeconds: offerTimerTimeout,
  });
  const [expiredNoticeClosed, setExpiredNoticeClosed] = useState(false);

  useEffect(() => {
    if (!hydrated || Object.keys(splits).length === 0) return;
    // Analytics sends the groups with every event as user properties.
    useSplitsStore.setState((state) => ({ groups: { ...state.groups, ...splits } }));
  }, [hydrated, splits]);
  useEffect(() => {
    if (!hydrated) return;
    if (id === "subscription-offer") track("offer_viewed", { flow: flowType });
    else track("purchase_step_viewed", { flow: flowType, step: id });
  }, [hydrated, id, flowType]);

  // Focus follows the parent's moves (and closed dialogs), not the first render or a resume: the
  // change is rendered first (flushSync), since a modal dialog keeps focus until it is gone.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => {
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  };
  const thenFocusHeading = (change: () => void) => {
    flushSync(change);
    focusHeading();
  };
  // The parent moved: the step is theirs now, saved, and no longer derived from the address.
  const moveTo = (next: number) => {
    usePurchaseStore.setState({ step: next, stepUserId: userId });
    setMoved(true);
    // A step's address (a move made before the scripts ran) is no longer where the parent is.
    if (searchParams.has(stepParam)) {
      const query = new URLSearchParams(searchParams);
      query.delete(stepParam);
      setSearchParams(query, { replace: true, preventScrollReset: true });
    }
  };
  const goTo = (next: number) => thenFocusHeading(() => moveTo(next));
  // The failure closes with `order_id` leaving the address, so what shows and the address agree;
  // the parent stays on the offer, and focus goes to its heading once the dialog is gone.
  const tryAgain = () => {
    moveTo(offerStep);
    const query = new URLSearchParams(searchParams);
    query.delete("order_id");
    setSearchParams(query, { replace: true, preventScrollReset: true });
  };
  const toOffer = () =>
    thenFocusHeading(() => {
      setExpiredNoticeClosed(true);
      moveTo(offerStep);
    });

  const tokenQuery = userId ? `?token=${encodeURIComponent(userId)}` : "";
  const links = {
    printables: `${localizePath("/printables/", locale)}${tokenQuery}`,
    quiz: localizePath(flows[flowType].quizPath, locale),
  };
  // Back from buying lifetime access (from the expired notice), the news is that, not a welcome.
  const successText =
    searchParams.get("bought") === "lifetime"
      ? t("upsell.successLifetime")
      : kidName
        ? t("purchase.result.successText", { name: kidName })
        : t("purchase.result.successTextNoName");
  const button = buttonOf(id);

  return (
    <section
      className="purchase-flow"
      aria-labelledby="purchase-title"
      data-flow={flowType}
      data-step={id}
      data-ready={hydrated ? "" : undefined}
    >
      <div className="quiz__bar">
        {step > 0 && (
          <StepForm step={previousStep(step)} onMove={() => goTo(previousStep(step))}>
            <button type="submit" className="quiz__back">
              <span aria-hidden="true" className="quiz__back-arrow">
                ←
              </span>
              {t("quiz.back")}
            </button>
          </StepForm>
        )}
      </div>
      <h1 id="purchase-title" className="purchase-flow__title" tabIndex={-1} ref={headingRef}>
        {stepTitle(t, id, kidName)}
      </h1>

      {id === "subscription-offer" ? (
        <SubscriptionOffer
          plans={plans}
          locale={locale}
          timer={timer}
          payment={payment}
          links={links}
          successText={successText}
          agreedBefore={orderId !== null}
          withdrawalConsent={withdrawalConsent}
          preview={kitPreview}
        />
      ) : (
        <>
          <StepContent
            id={id}
            answers={{
              kidName,
              // This device's answers, else the server's (the quiz was taken on another device).
              age: onboarding.kid.years?.value ?? kitPreview?.age ?? undefined,
              goals: Array.isArray(helpAnswer) ? helpAnswer : [],
              topics: onboarding.topics.length > 0 ? onboarding.topics : (kitPreview?.topics ?? []),
            }}
            email={email ?? onboarding.email}
            preview={kitPreview}
            contents={kitContents}
            reviews={parentReviews}
          />
          <StepForm step={nextStep(step)} onMove={() => goTo(nextStep(step))}>
            <button type="submit" className="button button--wide purchase-flow__next">
              {button === "continue" ? t("purchase.continue") : t("purchase.getKit")}
            </button>
          </StepForm>
        </>
      )}

      {(outcome?.kind === "approved" || outcome?.kind === "duplicate") && (
        <ResultDialog
          // A second payment for a subscription already paid is refunded: the kit is open either way.
          tone={outcome.kind === "approved" ? "success" : "notice"}
          title={t(outcome.kind === "approved" ? "purchase.result.successTitle" : "purchase.result.duplicateTitle")}
          text={outcome.kind === "approved" ? successText : t("purchase.result.duplicateText")}
          // Paid: the way on is the printables, so Escape does not close this one.
          onEscape={undefined}
          actions={
            <Link className="button button--wide" to={links.printables}>
              {t("purchase.result.toPrintables")}
            </Link>
          }
        />
      )}
      {outcome?.kind === "offer_ended" && (
        <ResultDialog
          tone="notice"
          title={t("purchase.result.offerEndedTitle")}
          text={t("purchase.result.offerEndedText")}
          onEscape={tryAgain}
          onClosed={focusHeading}
          actions={
            <StepForm step={offerStep} onMove={tryAgain}>
              <button type="submit" className="button button--wide">
                {t("purchase.result.seeTodaysPrice")}
              </button>
            </StepForm>
          }
        />
      )}
      {outcome?.kind === "declined" && (
        <ResultDialog
          tone="failure"
          title={t(failureTitleKey(outcome.errorCode))}
          text={t(errorMessageKey(outcome.errorCode))}
          onEscape={tryAgain}
          onClosed={focusHeading}
          actions={
            <StepForm step={offerStep} onMove={tryAgain}>
              <button type="submit" className="button button--wide">
                {t("purchase.result.tryAgain")}
              </button>
            </StepForm>
          }
        />
      )}
      {/* Renewing without scripts opens the offer's own address, where the notice has been answered. */}
      {subscriptionExpired && !orderId && !expiredNoticeClosed && !searchParams.has(stepParam) && (
        <ExpiredNotice
          lifetime={lifetimePlan}
          locale={locale}
          withdrawalConsent={withdrawalConsent}
          onRenew={toOffer}
          onEscape={() => thenFocusHeading(() => setExpiredNoticeClosed(true))}
        />
      )}
    </section>
  );
}
