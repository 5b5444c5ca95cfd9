import type { FunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatCount } from "../../../console/console-format.ts";
import { DataTable } from "../../../console/data-table.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { droppedColumns } from "./funnel-columns.tsx";
import { type FunnelValues, hrefWith } from "./funnel-query.ts";
import { stepName } from "./step-name.ts";

/** Who dropped at the step the steps' table linked to, and a link back to that table. */
export function FunnelDroppedCard({
  dropped,
  values,
}: {
  dropped: NonNullable<FunnelReport["dropped"]>;
  values: FunnelValues;
}) {
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
