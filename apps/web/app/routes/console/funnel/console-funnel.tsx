import { deviceKinds, funnelSteps } from "@kinderready/domain/analytics/funnel-steps";
import type { FunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { defaultFunnelWindow, funnelDimensions, funnelWindows } from "@kinderready/domain/console/report-filters";
import { flowTypes } from "@kinderready/domain/flows";
import { locales } from "@kinderready/i18n/locales";
import type { ConsoleKeysUnder } from "@kinderready/i18n/message-keys";
import { Form } from "react-router";
import { DailyChart } from "../../../console/charts.tsx";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatCount, formatDay, formatDuration, formatShare } from "../../../console/console-format.ts";
import { DataTable, type TableColumns } from "../../../console/data-table.tsx";
import { DayFields, FilterError } from "../../../console/day-fields.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { TableScroll } from "../../../console/table-scroll.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-funnel";
import { loadConsoleFunnel } from "./console-funnel-route.server.ts";
import { droppedColumns, stepColumns } from "./funnel-columns.tsx";
import { stepName } from "./step-name.ts";

// The funnel (/admin/): visitors first seen in the range, read in order within a conversion
// window, with the period before, filtered by language, country, flow, campaign and device;
// broken down by one of them; who dropped at a step; time to convert.

export const loader = (args: Route.LoaderArgs) => loadConsoleFunnel(args);

type Values = Record<string, string | undefined>;
type ChoiceLists = { countries: string[]; utmSources: string[]; utmCampaigns: string[] };

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <label className="console-field">
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ""}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function Filters({ values, choices, invalid }: { values: Values; choices: ChoiceLists; invalid: string | undefined }) {
  const { t, ifKnown } = useTranslation("console");
  const filter = (name: ConsoleKeysUnder<"filters">, options: readonly string[], label: (value: string) => string) => (
    <Select
      name={name}
      label={t(`filters.${name}`)}
      value={values[name]}
      options={[
        { value: "", label: t("filters.all") },
        ...options.map((option) => ({ value: option, label: label(option) })),
      ]}
    />
  );
  return (
    <Form method="get" className="console-filters" aria-label={t("filters.title")}>
      <DayFields from={values.from} to={values.to} invalid={invalid} />
      {filter(
        "locale",
        locales.map((locale) => locale.code),
        (code) => locales.find((locale) => locale.code === code)?.name ?? code,
      )}
      {filter("country", choices.countries, (code) => code.toUpperCase())}
      {filter("flow", flowTypes, (flow) => ifKnown(`filters.flows.${flow}`) ?? flow)}
      {filter("utmSource", choices.utmSources, (value) => value)}
      {filter("utmCampaign", choices.utmCampaigns, (value) => value)}
      {filter("device", deviceKinds, (device) => ifKnown(`filters.devices.${device}`) ?? device)}
      <Select
        name="window"
        label={t("funnel.window.label")}
        value={values.window ?? String(defaultFunnelWindow)}
        options={funnelWindows.map((days) => ({
          value: String(days),
          label: t("funnel.window.days", { count: days }),
        }))}
      />
      <Select
        name="steps"
        label={t("funnel.view.label")}
        value={values.steps}
        options={[
          { value: "all", label: t("funnel.view.all") },
          { value: "key", label: t("funnel.view.key") },
        ]}
      />
      <Select
        name="breakdown"
        label={t("funnel.breakdown.label")}
        value={values.breakdown}
        options={[
          { value: "", label: t("funnel.breakdown.none") },
          ...funnelDimensions.map((dimension) => ({
            value: dimension,
            label: t(`funnel.breakdown.dimensions.${dimension}`),
          })),
        ]}
      />
      <button type="submit" className="console-button">
        {t("filters.apply")}
      </button>
    </Form>
  );
}

/** The funnel's query with one value changed (or left out): links keep every other choice. */
function hrefWith(values: Values, change: Values, hash = "") {
  const query = new URLSearchParams(
    Object.entries({ ...values, ...change }).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return `?${query}${hash}`;
}

function Breakdown({ breakdown, values }: { breakdown: NonNullable<FunnelReport["breakdown"]>; values: Values }) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const locale = i18n.language;
  const format = { t, ifKnown };
  // The few steps that tell the story; every step would make a table no one reads.
  const shown = breakdown.steps
    .map((id, position) => ({ id, position }))
    .filter(({ id }) => funnelSteps.find((step) => step.id === id)?.key);
  const purchase = breakdown.steps.indexOf("purchase");
  const valueName = (value: string | null) => {
    if (value === null) return t("funnel.breakdown.unknown");
    if (breakdown.dimension === "country") return value.toUpperCase();
    if (breakdown.dimension === "locale") return locales.find((entry) => entry.code === value)?.name ?? value;
    if (breakdown.dimension === "flow") return ifKnown(`filters.flows.${value}`) ?? value;
    if (breakdown.dimension === "device") return ifKnown(`filters.devices.${value}`) ?? value;
    return value;
  };
  const title = t("funnel.breakdown.title", { dimension: t(`funnel.breakdown.dimensions.${breakdown.dimension}`) });
  return (
    <ConsoleCard table id="funnel-breakdown" title={title} csvHref={exportHref("funnel-breakdown.csv", values)}>
      <TableScroll labelledBy="funnel-breakdown">
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{t("funnel.breakdown.value")}</th>
              {shown.map(({ id }) => (
                <th key={id} scope="col">
                  {stepName(format, id)}
                </th>
              ))}
              <th scope="col">{t("funnel.breakdown.conversion")}</th>
            </tr>
          </thead>
          <tbody>
            {breakdown.rows.map((row) => {
              const visitors = row.counts[0] ?? 0;
              const bought = purchase >= 0 ? (row.counts[purchase] ?? 0) : 0;
              return (
                <tr key={row.value ?? ""}>
                  <th scope="row">{valueName(row.value)}</th>
                  {shown.map(({ id, position }) => (
                    <td key={id}>{formatCount(locale, row.counts[position] ?? 0)}</td>
                  ))}
                  <td>{formatShare(locale, visitors ? bought / visitors : null)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </ConsoleCard>
  );
}

function DroppedList({ dropped, values }: { dropped: NonNullable<FunnelReport["dropped"]>; values: Values }) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const step = stepName({ t, ifKnown }, dropped.step);
  return (
    <ConsoleCard
      table={dropped.total > 0}
      id="funnel-dropped"
      title={t("funnel.dropped.title", { step })}
      csvHref={exportHref("funnel-dropped.csv", values)}
    >
      {dropped.total === 0 ? (
        <p>{t("funnel.dropped.none")}</p>
      ) : (
        <>
          <p>{t("funnel.dropped.intro", { count: dropped.total, total: formatCount(i18n.language, dropped.total) })}</p>
          <DataTable
            labelledBy="funnel-dropped"
            columns={droppedColumns}
            rows={dropped.visitors}
            rowKey={(visitor) => visitor.deviceId}
          />
        </>
      )}
      <p>
        <a href={hrefWith(values, { dropped: undefined }, "#funnel-steps")}>{t("funnel.dropped.close")}</a>
      </p>
    </ConsoleCard>
  );
}

export default function ConsoleFunnel({ loaderData }: Route.ComponentProps) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const locale = i18n.language;
  const { query, report } = loaderData;
  const values: Values = query.ok
    ? Object.fromEntries(
        Object.entries(query.filters).map(([key, value]) => [key, value === undefined ? undefined : String(value)]),
      )
    : query.values;
  const choices = report?.choices ?? { countries: [], utmSources: [], utmCampaigns: [] };
  // A chosen value stays selectable even when the range has none of it.
  const withChosen = (list: string[], chosen: string | undefined) =>
    chosen && !list.includes(chosen) ? [chosen, ...list] : list;
  // The steps' table links each step to the list of who dropped there.
  const columns: TableColumns<FunnelReport["steps"][number]> = [
    ...stepColumns,
    {
      header: "funnel.columns.dropped",
      cell: (step) =>
        step.fromPrevious === null ? (
          "—"
        ) : (
          <a href={hrefWith(values, { dropped: step.id }, "#funnel-dropped")}>
            {t("funnel.droppedLink")}
            <span className="visually-hidden">
              {" "}
              ({t("funnel.droppedLinkLabel", { step: stepName({ t, ifKnown }, step.id) })})
            </span>
          </a>
        ),
      csv: [],
    },
  ];
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
        invalid={query.ok ? undefined : query.field}
      />
      {!query.ok && <FilterError field={query.field} refusal={query.refusal} />}
      {report && (
        <>
          <ConsoleCard
            table
            id="funnel-steps"
            title={t("funnel.steps.title")}
            csvHref={exportHref("funnel.csv", values)}
          >
            <p className="console-note">
              {t("funnel.comparison", {
                from: formatDay(locale, report.previousPeriod.from),
                to: formatDay(locale, report.previousPeriod.to),
              })}
            </p>
            <DataTable labelledBy="funnel-steps" columns={columns} rows={report.steps} rowKey={(step) => step.id} />
          </ConsoleCard>
          {report.dropped && <DroppedList dropped={report.dropped} values={values} />}
          {report.breakdown && <Breakdown breakdown={report.breakdown} values={values} />}
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
