import type { RevenueReport } from "@kinderready/domain/console/revenue-report.server";
import type { ConsoleKeysUnder } from "@kinderready/i18n/message-keys";
import type { ReactNode } from "react";
import { DailyChart } from "../../components/console/charts.tsx";
import { ConsoleCard } from "../../components/console/console-card.tsx";
import { DaysFilter, daysOf } from "../../components/console/day-fields.tsx";
import { TableScroll } from "../../components/console/table-scroll.tsx";
import { formatCount, formatMoney, formatShare } from "../../console/console-format.ts";
import { loadConsoleRevenue } from "../../console/console-revenue-route.server.ts";
import { exportHref } from "../../console/export-href.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-revenue";

// Revenue (/admin/revenue/): money by day and currency (never summed across currencies), trials
// and trial-to-paid, renewals, failed renewals and dunning recoveries, the upsell's take rate by
// display mode and price, refunds and cancellations by reason.

export const loader = (args: Route.LoaderArgs) => loadConsoleRevenue(args);

/** A titled card with its table and the table's CSV export. */
function TableCard({
  id,
  title,
  csv,
  days,
  children,
}: {
  id: string;
  title: string;
  csv: string;
  days: { from: string; to: string };
  children: ReactNode;
}) {
  return (
    <ConsoleCard id={id} title={title} csvHref={exportHref(csv, days)} table>
      <TableScroll labelledBy={id}>
        <table className="console-table">{children}</table>
      </TableScroll>
    </ConsoleCard>
  );
}

function Head({ columns }: { columns: ConsoleKeysUnder<"revenue.columns">[] }) {
  const { t } = useTranslation("console");
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {t(`revenue.columns.${column}`)}
          </th>
        ))}
      </tr>
    </thead>
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
  const { t, ifKnown, i18n } = useTranslation("console");
  const locale = i18n.language;
  const { query, report } = loaderData;
  const days = daysOf(query);
  const money = (minor: number, currency: string) => formatMoney(locale, minor, currency);
  const share = (part: number, whole: number) => formatShare(locale, whole ? part / whole : null);
  return (
    <>
      <h1>{t("revenue.title")}</h1>
      <DaysFilter query={query} />
      {report && (
        <>
          <TableCard id="revenue-totals" title={t("revenue.totals")} csv="revenue-totals.csv" days={days}>
            <Head columns={["currency", "charges", "gross", "refunds", "refunded", "net"]} />
            <tbody>
              {report.totals.map((row) => (
                <tr key={row.currency}>
                  <th scope="row">{row.currency}</th>
                  <td>{formatCount(locale, row.charges)}</td>
                  <td>{money(row.gross, row.currency)}</td>
                  <td>{formatCount(locale, row.refundCount)}</td>
                  <td>{money(row.refunds, row.currency)}</td>
                  <td>{money(row.net, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </TableCard>
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

          <TableCard id="revenue-renewals" title={t("revenue.renewals")} csv="renewals.csv" days={days}>
            <Head columns={["currency", "renewed", "failed", "recovered"]} />
            <tbody>
              {report.renewals.map((row) => (
                <tr key={row.currency}>
                  <th scope="row">{row.currency}</th>
                  <td>{formatCount(locale, row.paid)}</td>
                  <td>{formatCount(locale, row.failed)}</td>
                  <td>{formatCount(locale, row.recovered)}</td>
                </tr>
              ))}
            </tbody>
          </TableCard>

          <TableCard id="revenue-daily" title={t("revenue.daily")} csv="revenue-daily.csv" days={days}>
            <Head
              columns={["day", "currency", "gross", "refunded", "net", "firstPayments", "renewalCharges", "upsells"]}
            />
            <tbody>
              {report.daily.map((row) => (
                <tr key={`${row.day}-${row.currency}`}>
                  <th scope="row">{row.day}</th>
                  <td>{row.currency}</td>
                  <td>{money(row.gross, row.currency)}</td>
                  <td>{money(row.refunds, row.currency)}</td>
                  <td>{money(row.net, row.currency)}</td>
                  <td>{formatCount(locale, row.firstPayments)}</td>
                  <td>{formatCount(locale, row.renewals)}</td>
                  <td>{formatCount(locale, row.upsells)}</td>
                </tr>
              ))}
            </tbody>
          </TableCard>
          {report.daily.length > 0 && (
            <ConsoleCard id="revenue-charts" title={t("revenue.netByDay")}>
              <CurrencyCharts report={report} />
            </ConsoleCard>
          )}

          <TableCard id="revenue-purposes" title={t("revenue.byPurpose")} csv="revenue-purposes.csv" days={days}>
            <Head columns={["currency", "purpose", "charges", "gross", "refunds", "refunded"]} />
            <tbody>
              {report.byPurpose.map((row) => (
                <tr key={`${row.currency}-${row.purpose}`}>
                  <td>{row.currency}</td>
                  <th scope="row">{ifKnown(`revenue.purposes.${row.purpose}`) ?? row.purpose}</th>
                  <td>{formatCount(locale, row.charges)}</td>
                  <td>{money(row.gross, row.currency)}</td>
                  <td>{formatCount(locale, row.refundCount)}</td>
                  <td>{money(row.refunds, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </TableCard>

          <TableCard id="revenue-upsells" title={t("revenue.upsells")} csv="upsells.csv" days={days}>
            <Head columns={["mode", "variant", "viewers", "packs", "packsRate", "lifetime", "lifetimeRate"]} />
            <tbody>
              {report.upsells.map((row) => (
                <tr key={`${row.mode}-${row.variant}`}>
                  <th scope="row">{ifKnown(`revenue.modes.${row.mode}`) ?? row.mode}</th>
                  <td>{ifKnown(`revenue.variants.${row.variant}`) ?? row.variant}</td>
                  <td>{formatCount(locale, row.viewers)}</td>
                  <td>{formatCount(locale, row.packs)}</td>
                  <td>{share(row.packs, row.viewers)}</td>
                  <td>{formatCount(locale, row.lifetime)}</td>
                  <td>{share(row.lifetime, row.viewers)}</td>
                </tr>
              ))}
            </tbody>
          </TableCard>

          <TableCard id="revenue-cancellations" title={t("revenue.cancellations")} csv="cancellations.csv" days={days}>
            <Head columns={["reason", "subscriptions"]} />
            <tbody>
              {report.cancellations.map((row) => (
                <tr key={row.reason}>
                  <th scope="row">{ifKnown(`revenue.reasons.${row.reason}`) ?? row.reason}</th>
                  <td>{formatCount(locale, row.subscriptions)}</td>
                </tr>
              ))}
            </tbody>
          </TableCard>
        </>
      )}
    </>
  );
}
