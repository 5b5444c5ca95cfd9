import type { ExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { DailyChart } from "../../../console/charts.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { resultsExportQuery } from "./split-results-card.tsx";

/** Each group's conversion rate (in percent) by day; no card while the phase has no day of results. */
export function SplitDailyCard({ results }: { results: ExperimentResults }) {
  const { t } = useTranslation("console");
  const days = [...new Set(results.daily.map((row) => row.day))];
  if (days.length === 0) return null;
  const groups = results.groups.map((group) => group.group);
  return (
    <section aria-labelledby="split-daily" className="console-card">
      <div className="console-card__header">
        <h2 id="split-daily">{t("experiments.daily")}</h2>
        <a href={exportHref("experiment-daily.csv", resultsExportQuery(results))} download>
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
  );
}
