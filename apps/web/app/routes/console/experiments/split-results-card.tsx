import type { ExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { locales } from "@kinderready/i18n/locales";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { DataTable } from "../../../console/data-table.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { ExperimentFilters, PhaseSummary, SampleRatioNote } from "./console-experiments-parts.tsx";
import { groupColumns } from "./experiment-columns.tsx";

/** The results' split, phase and segment, as the CSV exports of the page read them. */
export const resultsExportQuery = (results: ExperimentResults) => ({
  split: results.split,
  phase: results.phase.id,
  ...results.segment,
});

const languageName = (code: string) => locales.find((locale) => locale.code === code)?.name ?? code;

/** The phase's results: every group against the control, after the filters and the checks that qualify them. */
export function SplitResultsCard({ results }: { results: ExperimentResults }) {
  const { t } = useTranslation("console");
  const waiting = results.groups.some((group) => group.versusControl?.enough === false);
  return (
    <ConsoleCard
      table
      id="split-results"
      title={t("experiments.results")}
      csvHref={exportHref("experiment.csv", resultsExportQuery(results))}
    >
      <p className="console-note">{t("experiments.definition")}</p>
      <ExperimentFilters results={results} languageName={languageName} />
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
  );
}
