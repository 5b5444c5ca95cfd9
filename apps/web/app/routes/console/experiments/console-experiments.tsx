import { locales } from "@kinderready/i18n/locales";
import { Form, Link, useNavigation } from "react-router";
import { DailyChart } from "../../../console/charts.tsx";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { CsrfField } from "../../../console/csrf-field.tsx";
import { DataTable } from "../../../console/data-table.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-experiments";
import { ExperimentFilters, PhaseSummary, SampleRatioNote } from "./console-experiments-parts.tsx";
import { handleConsoleExperimentsAction, loadConsoleExperiments } from "./console-experiments-route.server.ts";
import { groupColumns } from "./experiment-columns.tsx";

// Experiments (/admin/experiments/): each split's results one phase at a time (the weights and
// control in force), optionally for one country, language or device: the sample-ratio check of
// the phase, every group against the control with a verdict only once there is enough data,
// guardrails and net revenue per visitor per currency, results by day; start, stop, re-weight
// and name the control (an edit of the remote configuration the funnel reads, opening a phase).

export const loader = (args: Route.LoaderArgs) => loadConsoleExperiments(args);
export const action = (args: Route.ActionArgs) => handleConsoleExperimentsAction(args);

export default function ConsoleExperiments({ loaderData, actionData }: Route.ComponentProps) {
  const { t, ifKnown } = useTranslation("console");
  const saving = useNavigation().state === "submitting";
  const { experiments, split, results } = loaderData;
  const days = [...new Set(results?.daily.map((row) => row.day))];
  const groups = results?.groups.map((group) => group.group) ?? [];
  const waiting = results?.groups.some((group) => group.versusControl?.enough === false) ?? false;
  const csvQuery = results && {
    split: results.split,
    phase: results.phase.id,
    ...results.segment,
  };
  return (
    <>
      <h1>{t("experiments.title")}</h1>
      <nav aria-label={t("experiments.list")}>
        <ul className="console-tabs">
          {experiments.map((experiment) => (
            <li key={experiment.name}>
              <Link
                to={`?split=${encodeURIComponent(experiment.name)}`}
                aria-current={experiment.name === split?.name ? "page" : undefined}
              >
                {experiment.name}{" "}
                <span className="console-badge">
                  {experiment.running ? t("experiments.running") : t("experiments.stopped")}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {actionData && (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "console-ok" : "console-error"}>
          {actionData.ok
            ? (ifKnown(`experiments.saved.${actionData.intent}`) ?? actionData.intent)
            : (ifKnown(actionData.messageKey) ?? t("errors.generic"))}
        </p>
      )}
      {split && (
        <section aria-labelledby="split-settings" className="console-card">
          <h2 id="split-settings">{t("experiments.settings", { name: split.name })}</h2>
          {split.running ? (
            <>
              <Form method="post" className="console-form console-form--inline">
                <CsrfField />
                <input type="hidden" name="split" value={split.name} />
                <fieldset>
                  <legend>{t("experiments.weights")}</legend>
                  {split.groups.map((group) => (
                    <label key={group.name} className="console-field">
                      <span>{t("experiments.group", { group: group.name })}</span>
                      <input
                        name={`weight.${group.name}`}
                        type="number"
                        inputMode="decimal"
                        min="0"
                        max="1000"
                        step="any"
                        required
                        defaultValue={group.weight}
                        aria-invalid={actionData?.ok === false && actionData.field === `weight.${group.name}`}
                      />
                    </label>
                  ))}
                </fieldset>
                <button type="submit" name="intent" value="weights" className="console-button" disabled={saving}>
                  {t("experiments.saveWeights")}
                </button>
              </Form>
              <Form method="post" className="console-form console-form--inline">
                <CsrfField />
                <input type="hidden" name="split" value={split.name} />
                {/* Labelled from outside: a label around a select names it with the chosen option too. */}
                <div className="console-field">
                  <label htmlFor="split-control">{t("experiments.control")}</label>
                  <select
                    id="split-control"
                    name="control"
                    defaultValue={split.control ?? results?.control}
                    aria-describedby="control-hint"
                    aria-invalid={actionData?.ok === false && actionData.field === "control"}
                  >
                    {split.groups.map((group) => (
                      <option key={group.name} value={group.name}>
                        {t("experiments.group", { group: group.name })}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" name="intent" value="control" className="console-button" disabled={saving}>
                  {t("experiments.saveControl")}
                </button>
                <p id="control-hint" className="console-note">
                  {t("experiments.controlHint")}
                </p>
              </Form>
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="split" value={split.name} />
                <button
                  type="submit"
                  name="intent"
                  value="stop"
                  className="console-button console-button--danger"
                  disabled={saving}
                >
                  {t("experiments.stop")}
                </button>
              </Form>
            </>
          ) : (
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="split" value={split.name} />
              <p>{t("experiments.stoppedHint")}</p>
              <button type="submit" name="intent" value="start" className="console-button" disabled={saving}>
                {t("experiments.start")}
              </button>
            </Form>
          )}
        </section>
      )}
      {split?.scope === "cancel-flow" && (
        <p className="console-note">
          {t("experiments.cancelFlowResults")} <Link to="/admin/retention/">{t("experiments.toRetention")}</Link>
        </p>
      )}
      {results && csvQuery && (
        <>
          <ConsoleCard
            table
            id="split-results"
            title={t("experiments.results")}
            csvHref={exportHref("experiment.csv", csvQuery)}
          >
            <p className="console-note">{t("experiments.definition")}</p>
            <ExperimentFilters
              results={results}
              languageName={(code) => locales.find((locale) => locale.code === code)?.name ?? code}
            />
            <PhaseSummary results={results} />
            <SampleRatioNote verdict={results.sampleRatio} />
            {waiting && <p className="console-note">{t("experiments.notEnough")}</p>}
            <DataTable
              labelledBy="split-results"
              columns={groupColumns}
              rows={results.groups}
              rowKey={(group) => group.group}
            />
            {results.groups.every((group) => group.exposed === 0) && <p>{t("experiments.noExposures")}</p>}
          </ConsoleCard>
          {days.length > 0 && (
            <section aria-labelledby="split-daily" className="console-card">
              <div className="console-card__header">
                <h2 id="split-daily">{t("experiments.daily")}</h2>
                <a href={exportHref("experiment-daily.csv", csvQuery)} download>
                  {t("exportCsv")}
                </a>
              </div>
              <DailyChart
                label={t("experiments.dailyChart")}
                days={days}
                series={groups.map((group, index) => ({
                  name: group,
                  className: index === 0 ? "console-line" : "console-line console-line--second",
                  values: days.map((day) => {
                    const row = results.daily.find((entry) => entry.day === day && entry.group === group);
                    return row?.exposed ? (row.purchased / row.exposed) * 100 : 0;
                  }),
                }))}
              />
              <p className="console-legend">
                {groups.map((group, index) => (
                  <span key={group} className={index === 0 ? "console-legend__first" : "console-legend__second"}>
                    {t("experiments.group", { group })}
                  </span>
                ))}
              </p>
            </section>
          )}
        </>
      )}
    </>
  );
}
