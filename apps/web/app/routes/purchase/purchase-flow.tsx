import { useTabTitle } from "../../components/use-tab-title.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { ExpiredNotice } from "./expired-notice.tsx";
import { DeclinedDialog, OfferEndedDialog, PaidDialog } from "./payment-result-dialogs.tsx";
import type { PurchaseFlowProps } from "./purchase-flow-props.ts";
import { StepContent, stepTitle } from "./step-content.tsx";
import { BackButton, NextButton } from "./step-moves.tsx";
import { SubscriptionOffer } from "./subscription-offer.tsx";
import { usePurchaseFlow } from "./use-purchase-flow.ts";

/**
 * The purchase pages: one step at a time, entirely in the browser like the quiz (the step is in
 * the persisted purchase store, so a refresh resumes), ending at the subscription offer. Focus
 * moves to each new heading. A parent the gateway sends back with `order_id` sees the result.
 */
export function PurchaseFlow(props: PurchaseFlowProps) {
  const { t } = useTranslation();
  const flow = usePurchaseFlow(props);
  const { step, id } = flow;
  // The offer and a payment's result have tab titles of their own; the steps before keep the page's.
  useTabTitle(
    flow.payment.outcome !== undefined
      ? t("meta.titles.payment")
      : id === "subscription-offer"
        ? t("meta.titles.offer")
        : undefined,
  );
  return (
    <section
      className="purchase-flow"
      aria-labelledby="purchase-title"
      data-flow={props.flowType}
      data-step={id}
      data-ready={flow.hydrated ? "" : undefined}
    >
      <div className="quiz__bar">{step > 0 && <BackButton step={step} onMove={flow.goTo} />}</div>
      <h1 id="purchase-title" className="purchase-flow__title" tabIndex={-1} ref={flow.headingRef}>
        {stepTitle(t, id, flow.answers.kidName)}
      </h1>

      {id === "subscription-offer" ? (
        <SubscriptionOffer
          plans={props.plans}
          locale={props.locale}
          timer={flow.timer}
          payment={flow.payment}
          links={flow.links}
          successText={flow.successText}
          agreedBefore={flow.agreedBefore}
          withdrawalConsent={props.withdrawalConsent}
          preview={props.kitPreview}
        />
      ) : (
        <>
          <StepContent
            id={id}
            answers={flow.answers}
            email={flow.email}
            preview={props.kitPreview}
            contents={props.kitContents}
            reviews={props.parentReviews}
          />
          <NextButton step={step} onMove={flow.goTo} />
        </>
      )}

      <PaidDialog outcome={flow.payment.outcome} successText={flow.successText} printables={flow.links.printables} />
      <OfferEndedDialog outcome={flow.payment.outcome} onTryAgain={flow.tryAgain} onClosed={flow.focusHeading} />
      <DeclinedDialog outcome={flow.payment.outcome} onTryAgain={flow.tryAgain} onClosed={flow.focusHeading} />
      {flow.expiredNoticeShown && (
        <ExpiredNotice
          lifetime={props.lifetimePlan}
          locale={props.locale}
          withdrawalConsent={props.withdrawalConsent}
          onRenew={flow.renew}
          onEscape={flow.closeExpiredNotice}
        />
      )}
    </section>
  );
}
