import type { RevenueReport } from "@kinderready/domain/console/revenue-report.server";
import { DailyChart } from "../../components/console/charts.tsx";
import { ConsoleCard } from "../../components/console/console-card.tsx";
import { DataTable, type TableColumns } from "../../components/console/data-table.tsx";
import { DaysFilter, daysOf } from "../../components/console/day-fields.tsx";
import { formatCount, formatShare } from "../../console/console-format.ts";
import { loadConsoleRevenue } from "../../console/console-revenue-route.server.ts";
import { exportHref } from "../../console/export-href.ts";
import {
  cancellationColumns,
  dailyColumns,
  purposeColumns,
  renewalsColumns,
  totalsColumns,
  upsellColumns,
} from "../../console/revenue-columns.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-revenue";

// Revenue (/admin/revenue/): money by day and currency (never summed across currencies), trials
// and trial-to-paid, renewals, failed renewals and dunning recoveries, the upsell's take rate by
// display mode and price, refunds and cancellations by reason.

export const loader = (args: Route.LoaderArgs) => loadConsoleRevenue(args);

/** A titled card with its table and the table's CSV export, both from the same columns. */
function TableCard<Row>({
  id,
  title,
  csv,
  days,
  columns,
  rows,
  rowKey,
}: {
  id: string;
  title: string;
  csv: string;
  days: { from: string; to: string };
  columns: TableColumns<Row>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <ConsoleCard id={id} title={title} csvHref={exportHref(csv, days)} table>
      <DataTable labelledBy={id} columns={columns} rows={rows} rowKey={rowKey} />
    </ConsoleCard>
  );
}

/** Net revenue a day, one chart per currency: the scales of dollars and pounds do not mix. */
function CurrencyCharts({ report }: { report: RevenueReport }) {
  const { t } = useTranslation("console");
  const days = [...new Set(report.daily.map((row) => row.day))];
  const currencies = [...new Set(report.daily.map((row) => row.currency))].sort();
  return currencies.map((currency) => (
    <figure key={currency} className="console-chart-figure">
      <DailyChart
        label={t("revenue.chart", { currency })}
        days={days}
        series={[
          {
            name: currency,
            className: "console-line",
            values: days.map(
              (day) => (report.daily.find((row) => row.day === day && row.currency === currency)?.net ?? 0) / 100,
            ),
          },
        ]}
      />
      <figcaption>{t("revenue.chart", { currency })}</figcaption>
    </figure>
  ));
}

export default function ConsoleRevenue({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("console");
  const locale = i18n.language;
  const { query, report } = loaderData;
  const days = daysOf(query);
  return (
    <>
      <h1>{t("revenue.title")}</h1>
      <DaysFilter query={query} />
      {report && (
        <>
          <TableCard
            id="revenue-totals"
            title={t("revenue.totals")}
            csv="revenue-totals.csv"
            days={days}
            columns={totalsColumns}
            rows={report.totals}
            rowKey={(row) => row.currency}
          />
          {report.totals.length === 0 && <p>{t("revenue.nothing")}</p>}
          <p className="console-note">{t("revenue.currencyNote")}</p>

          <section aria-labelledby="revenue-subscriptions" className="console-card">
            <h2 id="revenue-subscriptions">{t("revenue.subscriptions")}</h2>
            <dl className="console-figures">
              <div>
                <dt>{t("revenue.trialsStarted")}</dt>
                <dd>{formatCount(locale, report.trials.started)}</dd>
              </div>
              <div>
                <dt>{t("revenue.trialsEnded")}</dt>
                <dd>{formatCount(locale, report.trials.ended)}</dd>
              </div>
              <div>
                <dt>{t("revenue.trialToPaid")}</dt>
                <dd>{formatShare(locale, report.trials.conversion)}</dd>
              </div>
              <div>
                <dt>{t("revenue.pastDue")}</dt>
                <dd>{formatCount(locale, report.pastDue)}</dd>
              </div>
            </dl>
            <p className="console-note">{t("revenue.trialNote")}</p>
          </section>

          <TableCard
            id="revenue-renewals"
            title={t("revenue.renewals")}
            csv="renewals.csv"
            days={days}
            columns={renewalsColumns}
            rows={report.renewals}
            rowKey={(row) => row.currency}
          />

          <TableCard
            id="revenue-daily"
            title={t("revenue.daily")}
            csv="revenue-daily.csv"
            days={days}
            columns={dailyColumns}
            rows={report.daily}
            rowKey={(row) => `${row.day}-${row.currency}`}
          />
          {report.daily.length > 0 && (
            <ConsoleCard id="revenue-charts" title={t("revenue.netByDay")}>
              <CurrencyCharts report={report} />
            </ConsoleCard>
          )}

          <TableCard
            id="revenue-purposes"
            title={t("revenue.byPurpose")}
            csv="revenue-purposes.csv"
            days={days}
            columns={purposeColumns}
            rows={report.byPurpose}
            rowKey={(row) => `${row.currency}-${row.purpose}`}
          />

          <TableCard
            id="revenue-upsells"
            title={t("revenue.upsells")}
            csv="upsells.csv"
            days={days}
            columns={upsellColumns}
            rows={report.upsells}
            rowKey={(row) => `${row.mode}-${row.variant}`}
          />

          <TableCard
            id="revenue-cancellations"
            title={t("revenue.cancellations")}
            csv="cancellations.csv"
            days={days}
            columns={cancellationColumns}
            rows={report.cancellations}
            rowKey={(row) => row.reason}
          />
        </>
      )}
    </>
  );
}
