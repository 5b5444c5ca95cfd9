import { Link } from "react-router";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-experiments";
import { handleConsoleExperimentsAction, loadConsoleExperiments } from "./console-experiments-route.server.ts";
import { ExperimentTabs } from "./experiment-tabs.tsx";
import { SplitDailyCard } from "./split-daily-card.tsx";
import { SplitResultsCard } from "./split-results-card.tsx";
import { SplitSettings } from "./split-settings.tsx";

// Experiments (/admin/experiments/): each split's results one phase at a time (the weights and
// control in force), optionally for one country, language or device: the sample-ratio check of
// the phase, every group against the control with a verdict only once there is enough data,
// guardrails and net revenue per visitor per currency, results by day; start, stop, re-weight
// and name the control (an edit of the remote configuration the funnel reads, opening a phase).

export const loader = (args: Route.LoaderArgs) => loadConsoleExperiments(args);
export const action = (args: Route.ActionArgs) => handleConsoleExperimentsAction(args);

export default function ConsoleExperiments({ loaderData, actionData }: Route.ComponentProps) {
  const { t, ifKnown } = useTranslation("console");
  const { experiments, split, results } = loaderData;
  return (
    <>
      <h1>{t("experiments.title")}</h1>
      <ExperimentTabs experiments={experiments} chosen={split?.name} />
      {actionData && (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "console-ok" : "console-error"}>
          {actionData.ok
            ? (ifKnown(`experiments.saved.${actionData.intent}`) ?? actionData.intent)
            : (ifKnown(actionData.messageKey) ?? t("errors.generic"))}
        </p>
      )}
      {split && (
        <SplitSettings
          split={split}
          invalidField={actionData?.ok === false ? actionData.field : undefined}
          resultsControl={results?.control}
        />
      )}
      {split?.scope === "cancel-flow" && (
        <p className="console-note">
          {t("experiments.cancelFlowResults")} <Link to="/admin/retention/">{t("experiments.toRetention")}</Link>
        </p>
      )}
      {results && (
        <>
          <SplitResultsCard results={results} />
          <SplitDailyCard results={results} />
        </>
      )}
    </>
  );
}
