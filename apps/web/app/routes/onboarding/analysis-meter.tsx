import { useTranslation } from "../../i18n/translation-context.tsx";
import { statusIndexOf, useAnalysisProgress } from "./use-analysis-progress.ts";

// The status lines after the first, in the order the analysis reaches them.
const laterLines = ["status1", "status2", "status3", "done"] as const;

/**
 * The analysis animation: the percentage, its bar and the status line that names the child.
 * Without scripts the style sheet runs it instead (app.css, "The analysis without scripts"): the
 * later status lines, which only it shows, are in <noscript>, so the scripted page never has them.
 */
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
        <span className="analyzing__number">{percent}%</span>
      </span>
      <progress
        className="analyzing__bar"
        max={100}
        value={percent}
        aria-label={t("quiz.pages.analyzing.progressLabel")}
        aria-describedby={statusId}
      />
      <p id={statusId} className="analyzing__status" aria-live="polite">
        <span className="analyzing__line">{statusText}</span>
        <noscript>
          {laterLines.map((line) => (
            <span key={line} className="analyzing__line">
              {t(`quiz.pages.analyzing.${line}`, { name: kidName })}
            </span>
          ))}
        </noscript>
      </p>
    </div>
  );
}
