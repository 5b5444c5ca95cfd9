import { Link } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { errorMessageKey, failureTitleKey, type PaymentOutcome } from "../../payments/payment-result.ts";
import { offerStep } from "./purchase-steps.ts";
import { ResultDialog } from "./result-dialog.tsx";
import { StepForm } from "./step-form.tsx";

// How a payment that came back went, over the offer: one dialog per outcome, each in a place of
// its own on the page, so a new outcome opens a new dialog. Each renders nothing for the others.

/** Paid (or paid twice, and the second refunded): the way on is the printables. */
export function PaidDialog({
  outcome,
  successText,
  printables,
}: {
  outcome: PaymentOutcome | undefined;
  successText: string;
  printables: string;
}) {
  const { t } = useTranslation();
  if (outcome?.kind !== "approved" && outcome?.kind !== "duplicate") return null;
  return (
    <ResultDialog
      // A second payment for a subscription already paid is refunded: the kit is open either way.
      tone={outcome.kind === "approved" ? "success" : "notice"}
      title={t(outcome.kind === "approved" ? "purchase.result.successTitle" : "purchase.result.duplicateTitle")}
      text={outcome.kind === "approved" ? successText : t("purchase.result.duplicateText")}
      // Paid: the way on is the printables, so Escape does not close this one.
      onEscape={undefined}
      actions={
        <Link className="button button--wide" to={printables}>
          {t("purchase.result.toPrintables")}
        </Link>
      }
    />
  );
}

type BackToOfferProps = {
  outcome: PaymentOutcome | undefined;
  /** Back to the offer, the payment's result left behind. */
  onTryAgain: () => void;
  /** The dialog is gone. */
  onClosed: () => void;
};

/** Paid after the countdown ran out, and refunded: back to the offer at today's price. */
export function OfferEndedDialog({ outcome, onTryAgain, onClosed }: BackToOfferProps) {
  const { t } = useTranslation();
  if (outcome?.kind !== "offer_ended") return null;
  return (
    <ResultDialog
      tone="notice"
      title={t("purchase.result.offerEndedTitle")}
      text={t("purchase.result.offerEndedText")}
      onEscape={onTryAgain}
      onClosed={onClosed}
      actions={<BackToOffer label={t("purchase.result.seeTodaysPrice")} onMove={onTryAgain} />}
    />
  );
}

/** Declined: why, by the gateway's error code, and back to the offer to try again. */
export function DeclinedDialog({ outcome, onTryAgain, onClosed }: BackToOfferProps) {
  const { t } = useTranslation();
  if (outcome?.kind !== "declined") return null;
  return (
    <ResultDialog
      tone="failure"
      title={t(failureTitleKey(outcome.errorCode))}
      text={t(errorMessageKey(outcome.errorCode))}
      onEscape={onTryAgain}
      onClosed={onClosed}
      actions={<BackToOffer label={t("purchase.result.tryAgain")} onMove={onTryAgain} />}
    />
  );
}

/** The way back to the offer: its address as a plain form, moved in place with scripts. */
function BackToOffer({ label, onMove }: { label: string; onMove: () => void }) {
  return (
    <StepForm step={offerStep} onMove={onMove}>
      <button type="submit" className="button button--wide">
        {label}
      </button>
    </StepForm>
  );
}
