import { useTranslation } from "../../i18n/translation-context.tsx";
import { buttonOf, nextStep, previousStep, stepIdAt } from "./purchase-steps.ts";
import { StepForm } from "./step-form.tsx";

/** Back to the page before: the quiz's back button, over the page. */
export function BackButton({ step, onMove }: { step: number; onMove: (step: number) => void }) {
  const { t } = useTranslation();
  return (
    <StepForm step={previousStep(step)} onMove={() => onMove(previousStep(step))}>
      <button type="submit" className="quiz__back">
        <span aria-hidden="true" className="quiz__back-arrow">
          ←
        </span>
        {t("quiz.back")}
      </button>
    </StepForm>
  );
}

/** On to the next page: continue on the first pages, get-kit on the two before the offer. */
export function NextButton({ step, onMove }: { step: number; onMove: (step: number) => void }) {
  const { t } = useTranslation();
  return (
    <StepForm step={nextStep(step)} onMove={() => onMove(nextStep(step))}>
      <button type="submit" className="button button--wide purchase-flow__next">
        {buttonOf(stepIdAt(step)) === "continue" ? t("purchase.continue") : t("purchase.getKit")}
      </button>
    </StepForm>
  );
}
