import { funnelSteps } from "@kinderready/domain/analytics/funnel-steps";
import type { FunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { locales } from "@kinderready/i18n/locales";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatCount, formatShare } from "../../../console/console-format.ts";
import { exportHref } from "../../../console/export-href.ts";
import { TableScroll } from "../../../console/table-scroll.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { FunnelValues } from "./funnel-query.ts";
import { stepName } from "./step-name.ts";

type Breakdown = NonNullable<FunnelReport["breakdown"]>;

/** The funnel's key steps for each value of the dimension it is broken down by, with its conversion. */
export function FunnelBreakdownCard({ breakdown, values }: { breakdown: Breakdown; values: FunnelValues }) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const locale = i18n.language;
  const format = { t, ifKnown };
  // The few steps that tell the story; every step would make a table no one reads.
  const shown = breakdown.steps
    .map((id, position) => ({ id, position }))
    .filter(({ id }) => funnelSteps.find((step) => step.id === id)?.key);
  const purchase = breakdown.steps.indexOf("purchase");
  const valueName = (value: string | null) => {
    if (value === null) return t("funnel.breakdown.unknown");
    if (breakdown.dimension === "country") return value.toUpperCase();
    if (breakdown.dimension === "locale") return locales.find((entry) => entry.code === value)?.name ?? value;
    if (breakdown.dimension === "flow") return ifKnown(`filters.flows.${value}`) ?? value;
    if (breakdown.dimension === "device") return ifKnown(`filters.devices.${value}`) ?? value;
    return value;
  };
  const title = t("funnel.breakdown.title", { dimension: t(`funnel.breakdown.dimensions.${breakdown.dimension}`) });
  return (
    <ConsoleCard table id="funnel-breakdown" title={title} csvHref={exportHref("funnel-breakdown.csv", values)}>
      <TableScroll labelledBy="funnel-breakdown">
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{t("funnel.breakdown.value")}</th>
              {shown.map(({ id }) => (
                <th key={id} scope="col">
                  {stepName(format, id)}
                </th>
              ))}
              <th scope="col">{t("funnel.breakdown.conversion")}</th>
            </tr>
          </thead>
          <tbody>
            {breakdown.rows.map((row) => {
              const visitors = row.counts[0] ?? 0;
              const bought = purchase >= 0 ? (row.counts[purchase] ?? 0) : 0;
              return (
                <tr key={row.value ?? ""}>
                  <th scope="row">{valueName(row.value)}</th>
                  {shown.map(({ id, position }) => (
                    <td key={id}>{formatCount(locale, row.counts[position] ?? 0)}</td>
                  ))}
                  <td>{formatShare(locale, visitors ? bought / visitors : null)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </ConsoleCard>
  );
}
