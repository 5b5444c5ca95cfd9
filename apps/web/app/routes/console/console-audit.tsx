import { ConsoleCard } from "../../components/console/console-card.tsx";
import { DaysFilter, daysOf } from "../../components/console/day-fields.tsx";
import { TableScroll } from "../../components/console/table-scroll.tsx";
import { actionName } from "../../console/action-name.ts";
import { loadConsoleAudit } from "../../console/console-audit-route.server.ts";
import { exportHref } from "../../console/export-href.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-audit";

// The audit log (/admin/audit/): every change made from the console and every sign-in, newest first.

export const loader = (args: Route.LoaderArgs) => loadConsoleAudit(args);

export default function ConsoleAudit({ loaderData }: Route.ComponentProps) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const { query, entries } = loaderData;
  const days = daysOf(query);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  return (
    <>
      <h1>{t("audit.title")}</h1>
      <DaysFilter query={query} />
      {entries && (
        <ConsoleCard table id="audit-entries" title={t("audit.entries")} csvHref={exportHref("audit.csv", days)}>
          <TableScroll labelledBy="audit-entries">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t("customers.columns.date")}</th>
                  <th scope="col">{t("customers.columns.operator")}</th>
                  <th scope="col">{t("customers.columns.action")}</th>
                  <th scope="col">{t("audit.target")}</th>
                  <th scope="col">{t("audit.details")}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row">{when.format(new Date(entry.at))}</th>
                    <td>{entry.operator ?? t("audit.system")}</td>
                    <td>{actionName(ifKnown, entry.action)}</td>
                    <td>{entry.target ? <code>{entry.target}</code> : "—"}</td>
                    <td>
                      <code>{JSON.stringify(entry.details)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <p className="console-note">{t("audit.note", { count: entries.length })}</p>
        </ConsoleCard>
      )}
    </>
  );
}
