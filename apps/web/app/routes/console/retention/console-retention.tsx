import { Link } from "react-router";
import { DaysFilter, daysOf } from "../../../console/day-fields.tsx";
import { TableCard } from "../../../console/table-card.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-retention";
import { loadConsoleRetention } from "./console-retention-route.server.ts";
import {
  cancellationColumns,
  experimentGroupColumns,
  offerColumns,
  pauseColumns,
  pauseRows,
  reasonColumns,
} from "./retention-columns.tsx";

// Retention (/admin/retention/): the signed-in cancel flow's passes by reason and by the answer
// shown, with the save rate and the renewal revenue the saves kept; the pauses step by step; every
// cancellation received, by the way it came (the profile, the console, the public cancel page).
// Churn by cohort is on the revenue page, over the same days.

export const loader = (args: Route.LoaderArgs) => loadConsoleRetention(args);

export default function ConsoleRetention({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("console");
  const { query, report } = loaderData;
  const days = daysOf(query);
  return (
    <>
      <h1>{t("retention.title")}</h1>
      <DaysFilter query={query} />
      {report && (
        <>
          <p className="console-note">{t("retention.note")}</p>
          <TableCard
            id="retention-reasons"
            title={t("retention.reasonsTitle")}
            csv="retention-reasons.csv"
            days={days}
            columns={reasonColumns}
            rows={report.byReason}
            rowKey={(row) => row.reason}
          />
          <TableCard
            id="retention-offers"
            title={t("retention.offersTitle")}
            csv="retention-offers.csv"
            days={days}
            columns={offerColumns}
            rows={report.byOffer}
            rowKey={(row) => `${row.offer}-${row.currency}`}
          />
          <p className="console-note">{t("retention.keptNote")}</p>
          <TableCard
            id="retention-experiment"
            title={t("retention.experimentTitle")}
            csv="retention-experiment.csv"
            days={days}
            columns={experimentGroupColumns}
            rows={report.byExperimentGroup}
            rowKey={(row) => `${row.group}-${row.offer}`}
          />
          <p className="console-note">
            {t("retention.experimentNote")} <Link to="/admin/experiments/">{t("retention.experimentsLink")}</Link>
          </p>
          <TableCard
            id="retention-pauses"
            title={t("retention.pausesTitle")}
            csv="retention-pauses.csv"
            days={days}
            columns={pauseColumns}
            rows={pauseRows(report.pauses)}
            rowKey={(row) => row.step}
          />
          <TableCard
            id="retention-cancellations"
            title={t("retention.cancellationsTitle")}
            csv="retention-cancellations.csv"
            days={days}
            columns={cancellationColumns}
            rows={report.cancellations}
            rowKey={(row) => `${row.channel}-${row.outcome}`}
          />
          <p>
            <Link to={`/admin/revenue/?from=${days.from}&to=${days.to}`}>{t("retention.cohortsLink")}</Link>
          </p>
        </>
      )}
    </>
  );
}
