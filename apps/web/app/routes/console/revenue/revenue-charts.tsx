import type { RevenueReport } from "@kinderready/domain/console/revenue-report.server";
import type { SubscriptionDay } from "@kinderready/domain/console/subscription-series";
import { DailyChart } from "../../../console/charts.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";

// The revenue page's charts, one per currency: the scales of dollars and pounds do not mix.

/** Net revenue a day, one chart per currency. */
export function CurrencyCharts({ report, days }: { report: RevenueReport; days: string[] }) {
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
export function SubscriberCharts({ daily }: { daily: readonly SubscriptionDay[] }) {
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
