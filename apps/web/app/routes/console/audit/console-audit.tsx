import { ConsoleCard } from "../../../console/console-card.tsx";
import { DataTable } from "../../../console/data-table.tsx";
import { DaysFilter, daysOf } from "../../../console/day-fields.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-audit";
import { auditColumns } from "./audit-columns.tsx";
import { loadConsoleAudit } from "./console-audit-route.server.ts";

// The audit log (/admin/audit/): every change made from the console and every sign-in, newest
// first, a page at a time; the export holds the page shown.

export const loader = (args: Route.LoaderArgs) => loadConsoleAudit(args);

export default function ConsoleAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("console");
  const { query, page } = loaderData;
  const days = daysOf(query);
  const shown = { ...days, before: query.ok ? query.filters.before?.toString() : undefined };
  const older = page?.olderBefore ? { ...days, before: String(page.olderBefore) } : null;
  return (
    <>
      <h1>{t("audit.title")}</h1>
      <DaysFilter query={query} />
      {page && (
        <ConsoleCard table id="audit-entries" title={t("audit.entries")} csvHref={exportHref("audit.csv", shown)}>
          <DataTable
            labelledBy="audit-entries"
            columns={auditColumns}
            rows={page.entries}
            rowKey={(entry) => String(entry.id)}
          />
          <p className="console-note">{t("audit.note", { count: page.entries.length })}</p>
          {older && <a href={`?${new URLSearchParams(older)}`}>{t("audit.older")}</a>}
        </ConsoleCard>
      )}
    </>
  );
}
