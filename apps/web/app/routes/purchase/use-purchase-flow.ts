import { type FlowType, flows } from "@kinderready/domain/flows";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import type { Translate } from "@kinderready/i18n/translator";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { track } from "../../analytics/analytics.ts";
import { useParentToken } from "../../hooks/use-parent-token.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useOrderStatus } from "../../payments/use-order-status.ts";
import { useStoresHydrated } from "../../stores/create-persisted-store.ts";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import type { PurchaseFlowProps } from "./purchase-flow-props.ts";
import { offerStep, stepParam } from "./purchase-steps.ts";
import { quizAnswersOf } from "./quiz-answers.ts";
import { useHeadingFocus } from "./use-heading-focus.ts";
import { useOfferTimer } from "./use-offer-timer.ts";
import { usePurchaseAnalytics } from "./use-purchase-analytics.ts";
import { usePurchaseStep } from "./use-purchase-step.ts";

/**
 * The purchase pages' state: the parent, the step and the moves between steps, a payment coming
 * back, the offer's countdown and the expired-subscription notice, with the analytics they send.
 */
export function usePurchaseFlow(props: PurchaseFlowProps) {
  const { flowType, locale, kitPreview, refusedToken } = props;
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
  const { step, id, moveTo } = usePurchaseStep(userId, searchParams, setSearchParams);
  const onboarding = useOnboardingStore();
  const answers = quizAnswersOf(onboarding, kitPreview);

  const payment = useOrderStatus(orderId, hydrated, {
    initial: props.payment,
    onSettled: (outcome) => {
      if (outcome.kind === "approved")
        track("purchase_succeeded", { flow: flowType, order_id: orderId }, outcome.purchase);
      if (outcome.kind === "declined") track("purchase_failed", { flow: flowType, code: outcome.errorCode });
    },
  });
  const timer = useOfferTimer({
    // The price is on screen and no payment result is in front of it.
    running: hydrated && id === "subscription-offer" && payment.outcome === undefined,
    known: parent.inAddress,
    serverSecondsLeft: props.offerSecondsLeft,
    timeoutSeconds: props.offerTimerTimeout,
  });
  const [expiredNoticeClosed, setExpiredNoticeClosed] = useState(false);
  usePurchaseAnalytics({ hydrated, splits: props.splits, id, flowType });
  const { headingRef, focusHeading, thenFocusHeading } = useHeadingFocus();

  // The failure closes with `order_id` leaving the address, so what shows and the address agree;
  // the parent stays on the offer, and focus goes to its heading once the dialog is gone.
  const tryAgain = () => {
    moveTo(offerStep);
    const query = new URLSearchParams(searchParams);
    query.delete("order_id");
    setSearchParams(query, { replace: true, preventScrollReset: true });
  };
  return {
    hydrated,
    step,
    id,
    answers,
    email: props.email ?? onboarding.email,
    payment,
    timer,
    agreedBefore: orderId !== null,
    links: purchaseLinks(userId, locale, flowType),
    successText: successTextOf(t, searchParams, answers.kidName),
    // Renewing without scripts opens the offer's own address, where the notice has been answered.
    expiredNoticeShown: props.subscriptionExpired && !orderId && !expiredNoticeClosed && !searchParams.has(stepParam),
    headingRef,
    focusHeading,
    goTo: (next: number) => thenFocusHeading(() => moveTo(next)),
    tryAgain,
    renew: () =>
      thenFocusHeading(() => {
        setExpiredNoticeClosed(true);
        moveTo(offerStep);
      }),
    closeExpiredNotice: () => thenFocusHeading(() => setExpiredNoticeClosed(true)),
  };
}

/** Where a parent goes on from the offer: their printables (with their token), or the quiz. */
function purchaseLinks(userId: string | undefined, locale: Locale, flowType: FlowType) {
  const tokenQuery = userId ? `?token=${encodeURIComponent(userId)}` : "";
  return {
    printables: `${localizePath("/printables/", locale)}${tokenQuery}`,
    quiz: localizePath(flows[flowType].quizPath, locale),
  };
}

/** Back from buying lifetime access (from the expired notice), the news is that, not a welcome. */
function successTextOf(t: Translate, searchParams: URLSearchParams, kidName: string): string {
  if (searchParams.get("bought") === "lifetime") return t("upsell.successLifetime");
  return kidName ? t("purchase.result.successText", { name: kidName }) : t("purchase.result.successTextNoName");
}
