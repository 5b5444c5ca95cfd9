import type { ExchangeRates, totalInBase } from "@kinderready/domain/console/exchange-rates";
import type { RevenueReport } from "@kinderready/domain/console/revenue-report.server";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { TableCard } from "../../../console/table-card.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { CurrencyCharts } from "./revenue-charts.tsx";
import { dailyColumns, totalsColumns } from "./revenue-columns.tsx";
import { BaseTotal } from "./revenue-exchange-rates.tsx";

// The revenue page's money: totals per currency (and summed in the base currency), and by day.

type Days = { from: string; to: string };

/** Totals per currency, then their sum at the operator's rates, or that the range made nothing. */
export function RevenueTotals({
  report,
  net,
  rates,
  days,
}: {
  report: RevenueReport;
  net: ReturnType<typeof totalInBase>;
  rates: ExchangeRates | null;
  days: Days;
}) {
  const { t } = useTranslation("console");
  return (
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
      {report.totals.length > 0 && <BaseTotal label={t("revenue.netInBase")} total={net} rates={rates} />}
      <p className="console-note">{t("revenue.currencyNote")}</p>
    </>
  );
}

/** Money by day and currency, then charted for every day of the range (`chartDays`). */
export function RevenueDaily({ report, days, chartDays }: { report: RevenueReport; days: Days; chartDays: string[] }) {
  const { t } = useTranslation("console");
  return (
    <>
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
          <CurrencyCharts report={report} days={chartDays} />
        </ConsoleCard>
      )}
    </>
  );
}
