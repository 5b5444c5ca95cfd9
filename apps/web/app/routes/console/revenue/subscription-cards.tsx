import type { ExchangeRates, totalInBase } from "@kinderready/domain/console/exchange-rates";
import type { RevenueReport } from "@kinderready/domain/console/revenue-report.server";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatCount, formatShare } from "../../../console/console-format.ts";
import { DataTable } from "../../../console/data-table.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { SubscriberCharts } from "./revenue-charts.tsx";
import { BaseTotal, isolatedDay } from "./revenue-exchange-rates.tsx";
import {
  CohortTriangle,
  churnColumns,
  cohortValueColumns,
  type SubscriptionExport,
  subscriptionDayColumns,
} from "./subscription-columns.tsx";

// The revenue page's subscription cards: MRR and subscribers by day, churn, cohorts and their
// lifetime value, trials; each over the days of the page's filter, as its CSV export is.

type Days = { from: string; to: string };

/** MRR and active subscribers by day, with the latest day's MRR summed in the base currency. */
export function MrrCard({
  subscriptions,
  mrr,
  mrrDay,
  rates,
  days,
}: {
  subscriptions: SubscriptionExport;
  mrr: ReturnType<typeof totalInBase>;
  mrrDay: string | null;
  rates: ExchangeRates | null;
  days: Days;
}) {
  const { t } = useTranslation("console");
  return (
    <ConsoleCard
      id="revenue-mrr"
      title={t("revenue.mrrTitle")}
      csvHref={exportHref("subscribers-daily.csv", days)}
      table
    >
      <p className="console-note">{t("revenue.mrrNote")}</p>
      {mrrDay && subscriptions.metrics.daily.length > 0 && (
        <BaseTotal label={t("revenue.mrrInBase", { day: isolatedDay(mrrDay) })} total={mrr} rates={rates} />
      )}
      <SubscriberCharts daily={subscriptions.metrics.daily} />
      <DataTable
        labelledBy="revenue-mrr"
        columns={subscriptionDayColumns}
        rows={subscriptions.metrics.daily}
        rowKey={(row) => `${row.day}-${row.currency}`}
      />
    </ConsoleCard>
  );
}

export function ChurnCard({ subscriptions, days }: { subscriptions: SubscriptionExport; days: Days }) {
  const { t } = useTranslation("console");
  return (
    <ConsoleCard id="revenue-churn" title={t("revenue.churnTitle")} csvHref={exportHref("churn.csv", days)} table>
      <p className="console-note">{t("revenue.churnNote")}</p>
      <DataTable
        labelledBy="revenue-churn"
        columns={churnColumns}
        rows={subscriptions.metrics.churn}
        rowKey={(row) => row.currency}
      />
    </ConsoleCard>
  );
}

/** Cohorts by week of first payment, with their renewal triangle. */
export function CohortsCard({ subscriptions, days }: { subscriptions: SubscriptionExport; days: Days }) {
  const { t } = useTranslation("console");
  return (
    <ConsoleCard id="revenue-cohorts" title={t("revenue.cohortsTitle")} csvHref={exportHref("cohorts.csv", days)} table>
      <p className="console-note">{t("revenue.cohortsNote")}</p>
      <p className="console-note">{t("revenue.retentionNote")}</p>
      <CohortTriangle labelledBy="revenue-cohorts" cohorts={subscriptions.cohorts} />
    </ConsoleCard>
  );
}

/** Each cohort's lifetime value so far. */
export function LifetimeValueCard({ subscriptions, days }: { subscriptions: SubscriptionExport; days: Days }) {
  const { t } = useTranslation("console");
  return (
    <ConsoleCard id="revenue-ltv" title={t("revenue.ltvTitle")} csvHref={exportHref("cohort-values.csv", days)} table>
      <p className="console-note">{t("revenue.ltvNote")}</p>
      <DataTable
        labelledBy="revenue-ltv"
        columns={cohortValueColumns}
        rows={subscriptions.values}
        rowKey={(row) => `${row.week}-${row.currency}`}
      />
    </ConsoleCard>
  );
}

/** Trials started and ended, trial-to-paid, and subscriptions past due. */
export function TrialFigures({ report }: { report: RevenueReport }) {
  const { t, i18n } = useTranslation("console");
  const locale = i18n.language;
  return (
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
  );
}
