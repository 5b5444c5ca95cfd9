import type { RevenueReport } from "@kinderready/domain/console/revenue-report.server";
import type { SubscriptionDay } from "@kinderready/domain/console/subscription-series";
import { DailyChart } from "../../../console/charts.tsx";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatCount, formatShare } from "../../../console/console-format.ts";
import { DataTable } from "../../../console/data-table.tsx";
import { DaysFilter, daysOf } from "../../../console/day-fields.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { TableCard } from "../../../console/table-card.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-revenue";
import { handleConsoleRevenueAction, loadConsoleRevenue } from "./console-revenue-route.server.ts";
import {
  cancellationColumns,
  dailyColumns,
  purposeColumns,
  renewalsColumns,
  totalsColumns,
  upsellColumns,
} from "./revenue-columns.tsx";
import { BaseTotal, ExchangeRatesForm, isolatedDay } from "./revenue-exchange-rates.tsx";
import { CohortTriangle, churnColumns, cohortValueColumns, subscriptionDayColumns } from "./subscription-columns.tsx";

// Revenue (/admin/revenue/): money by day and currency (summed across currencies only at the
// operator's exchange rates), MRR and active subscribers, churn, cohorts by week of first payment
// with their renewal triangle and lifetime value, trials and trial-to-paid, renewals, failed
// renewals and dunning recoveries, the upsell's take rate by display mode and price, refunds and
// cancellations by reason. Each figure says what it counts in a line beside it (ADR 0046, 0048).

export const loader = (args: Route.LoaderArgs) => loadConsoleRevenue(args);
export const action = (args: Route.ActionArgs) => handleConsoleRevenueAction(args);

/** Net revenue a day, one chart per currency: the scales of dollars and pounds do not mix. */
function CurrencyCharts({ report, days }: { report: RevenueReport; days: string[] }) {
  const { t } = useTranslation("console");
  const currencies = [...new Set(report.daily.map((row) => row.currency))].sort();
  // A day without a charge or a refund made nothing: its net revenue is 0, not missing.
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

/** MRR, and active subscribers beside those in trial, a day, one pair of charts per currency. */
function SubscriberCharts({ daily }: { daily: readonly SubscriptionDay[] }) {
  const { t } = useTranslation("console");
  const currencies = [...new Set(daily.map((row) => row.currency))].sort();
  return currencies.map((currency) => {
    const rows = daily.filter((row) => row.currency === currency);
    const days = rows.map((row) => row.day);
    return (
      <div key={currency}>
        <figure className="console-chart-figure">
          <DailyChart
            label={t("revenue.mrrChart", { currency })}
            days={days}
            series={[{ name: "mrr", className: "console-line", values: rows.map((row) => row.mrr / 100) }]}
          />
          <figcaption>{t("revenue.mrrChart", { currency })}</figcaption>
        </figure>
        <figure className="console-chart-figure">
          <DailyChart
            label={t("revenue.activeChart", { currency })}
            days={days}
            series={[
              { name: "active", className: "console-line", values: rows.map((row) => row.active) },
              {
                name: "trial",
                className: "console-line console-line--second",
                values: rows.map((row) => row.inTrial),
              },
            ]}
          />
          <figcaption>
            {t("revenue.activeChart", { currency })}{" "}
            <span className="console-legend">
              <span className="console-legend__first">{t("revenue.columns.active")}</span>
              <span className="console-legend__second">{t("revenue.columns.inTrial")}</span>
            </span>
          </figcaption>
        </figure>
      </div>
    );
  });
}

export default function ConsoleRevenue({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("console");
  const locale = i18n.language;
  const { query, rates } = loaderData;
  const days = daysOf(query);
  const loaded = loaderData.report ? loaderData : null;
  return (
    <>
      <h1>{t("revenue.title")}</h1>
      <DaysFilter query={query} />
      {loaded && (
        <>
          <TableCard
            id="revenue-totals"
            title={t("revenue.totals")}
            csv="revenue-totals.csv"
            days={days}
            columns={totalsColumns}
            rows={loaded.report.totals}
            rowKey={(row) => row.currency}
          />
          {loaded.report.totals.length === 0 && <p>{t("revenue.nothing")}</p>}
          {loaded.report.totals.length > 0 && (
            <BaseTotal label={t("revenue.netInBase")} total={loaded.totals.net} rates={rates} />
          )}
          <p className="console-note">{t("revenue.currencyNote")}</p>

          <ConsoleCard
            id="revenue-mrr"
            title={t("revenue.mrrTitle")}
            csvHref={exportHref("subscribers-daily.csv", days)}
            table
          >
            <p className="console-note">{t("revenue.mrrNote")}</p>
            {loaded.totals.mrrDay && loaded.subscriptions.metrics.daily.length > 0 && (
              <BaseTotal
                label={t("revenue.mrrInBase", { day: isolatedDay(loaded.totals.mrrDay) })}
                total={loaded.totals.mrr}
                rates={rates}
              />
            )}
            <SubscriberCharts daily={loaded.subscriptions.metrics.daily} />
            <DataTable
              labelledBy="revenue-mrr"
              columns={subscriptionDayColumns}
              rows={loaded.subscriptions.metrics.daily}
              rowKey={(row) => `${row.day}-${row.currency}`}
            />
          </ConsoleCard>

          <ConsoleCard id="revenue-churn" title={t("revenue.churnTitle")} csvHref={exportHref("churn.csv", days)} table>
            <p className="console-note">{t("revenue.churnNote")}</p>
            <DataTable
              labelledBy="revenue-churn"
              columns={churnColumns}
              rows={loaded.subscriptions.metrics.churn}
              rowKey={(row) => row.currency}
            />
          </ConsoleCard>

          <ConsoleCard
            id="revenue-cohorts"
            title={t("revenue.cohortsTitle")}
            csvHref={exportHref("cohorts.csv", days)}
            table
          >
            <p className="console-note">{t("revenue.cohortsNote")}</p>
            <p className="console-note">{t("revenue.retentionNote")}</p>
            <CohortTriangle labelledBy="revenue-cohorts" cohorts={loaded.subscriptions.cohorts} />
          </ConsoleCard>

          <ConsoleCard
            id="revenue-ltv"
            title={t("revenue.ltvTitle")}
            csvHref={exportHref("cohort-values.csv", days)}
            table
          >
            <p className="console-note">{t("revenue.ltvNote")}</p>
            <DataTable
              labelledBy="revenue-ltv"
              columns={cohortValueColumns}
              rows={loaded.subscriptions.values}
              rowKey={(row) => `${row.week}-${row.currency}`}
            />
          </ConsoleCard>

          <section aria-labelledby="revenue-subscriptions" className="console-card">
            <h2 id="revenue-subscriptions">{t("revenue.subscriptions")}</h2>
            <dl className="console-figures">
              <div>
                <dt>{t("revenue.trialsStarted")}</dt>
                <dd>{formatCount(locale, loaded.report.trials.started)}</dd>
              </div>
              <div>
                <dt>{t("revenue.trialsEnded")}</dt>
                <dd>{formatCount(locale, loaded.report.trials.ended)}</dd>
              </div>
              <div>
                <dt>{t("revenue.trialToPaid")}</dt>
                <dd>{formatShare(locale, loaded.report.trials.conversion)}</dd>
              </div>
              <div>
                <dt>{t("revenue.pastDue")}</dt>
                <dd>{formatCount(locale, loaded.report.pastDue)}</dd>
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
            rows={loaded.report.renewals}
            rowKey={(row) => row.currency}
          />

          <TableCard
            id="revenue-daily"
            title={t("revenue.daily")}
            csv="revenue-daily.csv"
            days={days}
            columns={dailyColumns}
            rows={loaded.report.daily}
            rowKey={(row) => `${row.day}-${row.currency}`}
          />
          {loaded.report.daily.length > 0 && (
            <ConsoleCard id="revenue-charts" title={t("revenue.netByDay")}>
              <CurrencyCharts report={loaded.report} days={loaded.days} />
            </ConsoleCard>
          )}

          <TableCard
            id="revenue-purposes"
            title={t("revenue.byPurpose")}
            csv="revenue-purposes.csv"
            days={days}
            columns={purposeColumns}
            rows={loaded.report.byPurpose}
            rowKey={(row) => `${row.currency}-${row.purpose}`}
          />

          <TableCard
            id="revenue-upsells"
            title={t("revenue.upsells")}
            csv="upsells.csv"
            days={days}
            columns={upsellColumns}
            rows={loaded.report.upsells}
            rowKey={(row) => `${row.mode}-${row.variant}`}
          />

          <TableCard
            id="revenue-cancellations"
            title={t("revenue.cancellations")}
            csv="cancellations.csv"
            days={days}
            columns={cancellationColumns}
            rows={loaded.report.cancellations}
            rowKey={(row) => row.reason}
          />
        </>
      )}
      <ExchangeRatesForm rates={rates} result={actionData} />
    </>
  );
}
