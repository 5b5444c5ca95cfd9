import { DaysFilter, daysOf } from "../../../console/day-fields.tsx";
import { TableCard } from "../../../console/table-card.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-revenue";
import { handleConsoleRevenueAction, loadConsoleRevenue } from "./console-revenue-route.server.ts";
import { cancellationColumns, purposeColumns, renewalsColumns, upsellColumns } from "./revenue-columns.tsx";
import { ExchangeRatesForm } from "./revenue-exchange-rates.tsx";
import { RevenueDaily, RevenueTotals } from "./revenue-money-cards.tsx";
import { ChurnCard, CohortsCard, LifetimeValueCard, MrrCard, TrialFigures } from "./subscription-cards.tsx";

// Revenue (/admin/revenue/): money by day and currency (summed across currencies only at the
// operator's exchange rates), MRR and active subscribers, churn, cohorts by week of first payment
// with their renewal triangle and lifetime value, trials and trial-to-paid, renewals, failed
// renewals and dunning recoveries, the upsell's take rate by display mode and price, refunds and
// cancellations by reason. Each figure says what it counts in a line beside it (ADR 0046, 0048).

export const loader = (args: Route.LoaderArgs) => loadConsoleRevenue(args);
export const action = (args: Route.ActionArgs) => handleConsoleRevenueAction(args);

export default function ConsoleRevenue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("console");
  const { query, rates } = loaderData;
  const days = daysOf(query);
  const loaded = loaderData.report ? loaderData : null;
  return (
    <>
      <h1>{t("revenue.title")}</h1>
      <DaysFilter query={query} />
      {loaded && (
        <>
          <RevenueTotals report={loaded.report} net={loaded.totals.net} rates={rates} days={days} />
          <MrrCard
            subscriptions={loaded.subscriptions}
            mrr={loaded.totals.mrr}
            mrrDay={loaded.totals.mrrDay}
            rates={rates}
            days={days}
          />
          <ChurnCard subscriptions={loaded.subscriptions} days={days} />
          <CohortsCard subscriptions={loaded.subscriptions} days={days} />
          <LifetimeValueCard subscriptions={loaded.subscriptions} days={days} />
          <TrialFigures report={loaded.report} />
          <TableCard
            id="revenue-renewals"
            title={t("revenue.renewals")}
            csv="renewals.csv"
            days={days}
            columns={renewalsColumns}
            rows={loaded.report.renewals}
            rowKey={(row) => row.currency}
          />
          <RevenueDaily report={loaded.report} days={days} chartDays={loaded.days} />
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
