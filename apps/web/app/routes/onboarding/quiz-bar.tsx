import { useTranslation } from "../../i18n/translation-context.tsx";
import { QuizForm } from "./quiz-form.tsx";

/**
 * Above the question: Back, a form of its own so it works before the scripts run, and the
 * progress bar on the pages that count.
 */
export function QuizBar({
  page,
  canGoBack,
  progress,
  onBack,
}: {
  page: string;
  canGoBack: boolean;
  progress: { current: number; total: number } | undefined;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="quiz__bar">
      {canGoBack && (
        <QuizForm intent="back" page={page} className="quiz__back-form">
          <button
            type="submit"
            className="quiz__back"
            onClick={(event) => {
              event.preventDefault();
              onBack();
            }}
          >
            <span aria-hidden="true" className="quiz__back-arrow">
              ←
            </span>
            {t("quiz.back")}
          </button>
        </QuizForm>
      )}
      {progress && (
        <progress
          className="quiz__progress"
          max={progress.total}
          value={progress.current}
          aria-label={t("quiz.progress", progress)}
        />
      )}
    </div>
  );
}
