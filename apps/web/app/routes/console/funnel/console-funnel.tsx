import { FilterError } from "../../../console/day-fields.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-funnel";
import { loadConsoleFunnel } from "./console-funnel-route.server.ts";
import { FunnelBreakdownCard } from "./funnel-breakdown-card.tsx";
import { FunnelDroppedCard } from "./funnel-dropped-card.tsx";
import { FunnelDailyCard, TimeToConvertCard } from "./funnel-figure-cards.tsx";
import { FunnelFilters } from "./funnel-filters.tsx";
import type { FunnelValues } from "./funnel-query.ts";
import { FunnelStepsCard } from "./funnel-steps-card.tsx";

// The funnel (/admin/): visitors first seen in the range, read in order within a conversion
// window, with the period before, filtered by language, country, flow, campaign and device;
// broken down by one of them; who dropped at a step; time to convert.

export const loader = (args: Route.LoaderArgs) => loadConsoleFunnel(args);

export default function ConsoleFunnel({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("console");
  const { query, report } = loaderData;
  const values: FunnelValues = query.ok
    ? Object.fromEntries(
        Object.entries(query.filters).map(([key, value]) => [key, value === undefined ? undefined : String(value)]),
      )
    : query.values;
  return (
    <>
      <h1>{t("funnel.title")}</h1>
      <FunnelFilters values={values} choices={report?.choices} invalid={query.ok ? undefined : query.field} />
      {!query.ok && <FilterError field={query.field} refusal={query.refusal} />}
      {report && (
        <>
          <FunnelStepsCard report={report} values={values} />
          {report.dropped && <FunnelDroppedCard dropped={report.dropped} values={values} />}
          {report.breakdown && <FunnelBreakdownCard breakdown={report.breakdown} values={values} />}
          <TimeToConvertCard timeToConvert={report.timeToConvert} />
          <FunnelDailyCard daily={report.daily} values={values} />
        </>
      )}
      <p className="console-note">{t("funnel.note")}</p>
    </>
  );
}
