import { deviceKinds } from "@kinderready/domain/analytics/funnel-steps";
import { flowTypes } from "@kinderready/domain/flows";
import { locales } from "@kinderready/i18n/locales";
import type { ConsoleKeysUnder } from "@kinderready/i18n/message-keys";
import { Form } from "react-router";
import { DailyChart } from "../../components/console/charts.tsx";
import { ConsoleCard } from "../../components/console/console-card.tsx";
import { DataTable } from "../../components/console/data-table.tsx";
import { DayFields, FilterError } from "../../components/console/day-fields.tsx";
import { formatCount, formatDuration } from "../../console/console-format.ts";
import { loadConsoleFunnel } from "../../console/console-funnel-route.server.ts";
import { exportHref } from "../../console/export-href.ts";
import { stepColumns } from "../../console/funnel-columns.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-funnel";

// The funnel (/admin/): visitors first seen in the range, step by step, with conversion and
// drop-off, filtered by language, country, flow, campaign and device; time to convert.

export const loader = (args: Route.LoaderArgs) => loadConsoleFunnel(args);

function Filters({ values, choices }: { values: Record<string, string | undefined>; choices: ChoiceLists }) {
  const { t, ifKnown } = useTranslation("console");
  const select = (name: ConsoleKeysUnder<"filters">, options: readonly string[], label: (value: string) => string) => (
    <label className="console-field">
      <span>{t(`filters.${name}`)}</span>
      <select name={name} defaultValue={values[name] ?? ""}>
        <option value="">{t("filters.all")}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Form method="get" className="console-filters" aria-label={t("filters.title")}>
      <DayFields from={values.from} to={values.to} />
      {select(
        "locale",
        locales.map((locale) => locale.code),
        (code) => locales.find((locale) => locale.code === code)?.name ?? code,
      )}
      {select("country", choices.countries, (code) => code.toUpperCase())}
      {select("flow", flowTypes, (flow) => ifKnown(`filters.flows.${flow}`) ?? flow)}
      {select("utmSource", choices.utmSources, (value) => value)}
      {select("utmCampaign", choices.utmCampaigns, (value) => value)}
      {select("device", deviceKinds, (device) => ifKnown(`filters.devices.${device}`) ?? device)}
      <button type="submit" className="console-button">
        {t("filters.apply")}
      </button>
    </Form>
  );
}

type ChoiceLists = { countries: string[]; utmSources: string[]; utmCampaigns: string[] };

export default function ConsoleFunnel({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("console");
  const locale = i18n.language;
  const { query, report } = loaderData;
  const values: Record<string, string | undefined> = query.ok ? query.filters : query.values;
  const choices = report?.choices ?? { countries: [], utmSources: [], utmCampaigns: [] };
  // A chosen value stays selectable even when the range has none of it.
  const withChosen = (list: string[], chosen: string | undefined) =>
    chosen && !list.includes(chosen) ? [chosen, ...list] : list;
  return (
    <>
      <h1>{t("funnel.title")}</h1>
      <Filters
        values={values}
        choices={{
          countries: withChosen(choices.countries, values.country),
          utmSources: withChosen(choices.utmSources, values.utmSource),
          utmCampaigns: withChosen(choices.utmCampaigns, values.utmCampaign),
        }}
      />
      {!query.ok && <FilterError field={query.field} />}
      {report && (
        <>
          <ConsoleCard
            table
            id="funnel-steps"
            title={t("funnel.steps.title")}
            csvHref={exportHref("funnel.csv", values)}
          >
            <DataTable labelledBy="funnel-steps" columns={stepColumns} rows={report.steps} rowKey={(step) => step.id} />
          </ConsoleCard>
          <section aria-labelledby="funnel-convert" className="console-card">
            <h2 id="funnel-convert">{t("funnel.timeToConvert.title")}</h2>
            <dl className="console-figures">
              <div>
                <dt>{t("funnel.timeToConvert.converters")}</dt>
                <dd>{formatCount(locale, report.timeToConvert.converters)}</dd>
              </div>
              <div>
                <dt>{t("funnel.timeToConvert.median")}</dt>
                <dd>{formatDuration(locale, report.timeToConvert.medianSeconds)}</dd>
              </div>
              <div>
                <dt>{t("funnel.timeToConvert.p90")}</dt>
                <dd>{formatDuration(locale, report.timeToConvert.p90Seconds)}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="funnel-daily" className="console-card">
            <div className="console-card__header">
              <h2 id="funnel-daily">{t("funnel.daily.title")}</h2>
              <a href={exportHref("funnel-daily.csv", values)} download>
                {t("exportCsv")}
              </a>
            </div>
            <DailyChart
              label={t("funnel.daily.chart")}
              days={report.daily.map((row) => row.day)}
              series={[
                { name: "visitors", values: report.daily.map((row) => row.visitors), className: "console-line" },
                {
                  name: "purchases",
                  values: report.daily.map((row) => row.purchases),
                  className: "console-line console-line--second",
                },
              ]}
            />
            <p className="console-legend">
              <span className="console-legend__first">{t("funnel.daily.visitors")}</span>
              <span className="console-legend__second">{t("funnel.daily.purchases")}</span>
            </p>
          </section>
        </>
      )}
      <p className="console-note">{t("funnel.note")}</p>
    </>
  );
}
