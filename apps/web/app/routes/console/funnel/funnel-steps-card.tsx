import type { FunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatDay } from "../../../console/console-format.ts";
import { DataTable, type TableColumns } from "../../../console/data-table.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { stepColumns } from "./funnel-columns.tsx";
import { type FunnelValues, hrefWith } from "./funnel-query.ts";
import { stepName } from "./step-name.ts";

type Step = FunnelReport["steps"][number];

/** The funnel's steps against the period before, each linked to the list of who dropped there. */
export function FunnelStepsCard({ report, values }: { report: FunnelReport; values: FunnelValues }) {
  const { t, i18n } = useTranslation("console");
  const locale = i18n.language;
  return (
    <ConsoleCard table id="funnel-steps" title={t("funnel.steps.title")} csvHref={exportHref("funnel.csv", values)}>
      <p className="console-note">
        {t("funnel.comparison", {
          from: formatDay(locale, report.previousPeriod.from),
          to: formatDay(locale, report.previousPeriod.to),
        })}
      </p>
      <DataTable
        labelledBy="funnel-steps"
        columns={stepColumnsLinkingDropped(values)}
        rows={report.steps}
        rowKey={(step) => step.id}
      />
    </ConsoleCard>
  );
}

/** The steps' columns, then a link to who dropped at the step (a page column only: not in the CSV). */
function stepColumnsLinkingDropped(values: FunnelValues): TableColumns<Step> {
  return [
    ...stepColumns,
    {
      header: "funnel.columns.dropped",
      cell: (step, format) =>
        step.fromPrevious === null ? (
          "—"
        ) : (
          <a href={hrefWith(values, { dropped: step.id }, "#funnel-dropped")}>
            {format.t("funnel.droppedLink")}
            <span className="visually-hidden">
              {" "}
              ({format.t("funnel.droppedLinkLabel", { step: stepName(format, step.id) })})
            </span>
          </a>
        ),
      csv: [],
    },
  ];
}
