import { useTranslation } from "../../i18n/translation-context.tsx";
import { statusIndexOf, useAnalysisProgress } from "./use-analysis-progress.ts";

/** The analysis animation: the percentage, its bar and the status line that names the child. */
export function AnalysisMeter({ kidName, statusId }: { kidName: string; statusId: string }) {
  const { t } = useTranslation();
  const percent = useAnalysisProgress();
  const statusText =
    percent >= 95
      ? t("quiz.pages.analyzing.done", { name: kidName })
      : t(`quiz.pages.analyzing.status${statusIndexOf(percent)}`, { name: kidName });
  return (
    <div className="analyzing__meter">
      <span className="analyzing__percent" aria-hidden="true">
        {percent}%
      </span>
      <progress
        className="analyzing__bar"
        max={100}
        value={percent}
        aria-label={t("quiz.pages.analyzing.progressLabel")}
        aria-describedby={statusId}
      />
      <p id={statusId} className="analyzing__status" aria-live="polite">
        {statusText}
      </p>
    </div>
  );
}
