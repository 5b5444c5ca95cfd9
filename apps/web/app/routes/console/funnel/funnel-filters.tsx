import { deviceKinds } from "@kinderready/domain/analytics/funnel-steps";
import type { FunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { defaultFunnelWindow, funnelDimensions, funnelWindows } from "@kinderready/domain/console/report-filters";
import { flowTypes } from "@kinderready/domain/flows";
import { locales } from "@kinderready/i18n/locales";
import type { ConsoleKeysUnder } from "@kinderready/i18n/message-keys";
import { Form } from "react-router";
import { DayFields } from "../../../console/day-fields.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { FunnelValues } from "./funnel-query.ts";

// The funnel's filter form: the days, who (language, country, flow, campaign, device), the
// conversion window, which steps, and what to break the funnel down by.

type ChoiceLists = FunnelReport["choices"];

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

/** A chosen value stays selectable even when the range has none of it. */
const withChosen = (list: string[], chosen: string | undefined) =>
  chosen && !list.includes(chosen) ? [chosen, ...list] : list;

export function FunnelFilters({
  values,
  choices = { countries: [], utmSources: [], utmCampaigns: [] },
  invalid,
}: {
  values: FunnelValues;
  /** What the range's visitors have; none when the report was refused. */
  choices: ChoiceLists | undefined;
  invalid: string | undefined;
}) {
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
      {filter("country", withChosen(choices.countries, values.country), (code) => code.toUpperCase())}
      {filter("flow", flowTypes, (flow) => ifKnown(`filters.flows.${flow}`) ?? flow)}
      {filter("utmSource", withChosen(choices.utmSources, values.utmSource), (value) => value)}
      {filter("utmCampaign", withChosen(choices.utmCampaigns, values.utmCampaign), (value) => value)}
      {filter("device", deviceKinds, (device) => ifKnown(`filters.devices.${device}`) ?? device)}
      <FunnelViewSelects values={values} />
      <button type="submit" className="console-button">
        {t("filters.apply")}
      </button>
    </Form>
  );
}

/** How the funnel is read: its conversion window, which steps, and what it is broken down by. */
function FunnelViewSelects({ values }: { values: FunnelValues }) {
  const { t } = useTranslation("console");
  return (
    <>
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
    </>
  );
}
