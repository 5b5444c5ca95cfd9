import type { FunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { DailyChart } from "../../../console/charts.tsx";
import { formatCount, formatDuration } from "../../../console/console-format.ts";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { FunnelValues } from "./funnel-query.ts";

/** How long buyers took from their first visit to their first payment. */
export function TimeToConvertCard({ timeToConvert }: { timeToConvert: FunnelReport["timeToConvert"] }) {
  const { t, i18n } = useTranslation("console");
  const locale = i18n.language;
  return (
    <section aria-labelledby="funnel-convert" className="console-card">
      <h2 id="funnel-convert">{t("funnel.timeToConvert.title")}</h2>
      <dl className="console-figures">
        <div>
          <dt>{t("funnel.timeToConvert.converters")}</dt>
          <dd>{formatCount(locale, timeToConvert.converters)}</dd>
        </div>
        <div>
          <dt>{t("funnel.timeToConvert.median")}</dt>
          <dd>{formatDuration(locale, timeToConvert.medianSeconds)}</dd>
        </div>
        <div>
          <dt>{t("funnel.timeToConvert.p90")}</dt>
          <dd>{formatDuration(locale, timeToConvert.p90Seconds)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Visitors and purchases by day, charted, with their CSV. */
export function FunnelDailyCard({ daily, values }: { daily: FunnelReport["daily"]; values: FunnelValues }) {
  const { t } = useTranslation("console");
  return (
    <section aria-labelledby="funnel-daily" className="console-card">
      <div className="console-card__header">
        <h2 id="funnel-daily">{t("funnel.daily.title")}</h2>
        <a href={exportHref("funnel-daily.csv", values)} download>
          {t("exportCsv")}
        </a>
      </div>
      <DailyChart
        label={t("funnel.daily.chart")}
        days={daily.map((row) => row.day)}
        series={[
          { name: "visitors", values: daily.map((row) => row.visitors), className: "console-line" },
          {
            name: "purchases",
            values: daily.map((row) => row.purchases),
            className: "console-line console-line--second",
          },
        ]}
      />
      <p className="console-legend">
        <span className="console-legend__first">{t("funnel.daily.visitors")}</span>
        <span className="console-legend__second">{t("funnel.daily.purchases")}</span>
      </p>
    </section>
  );
}
