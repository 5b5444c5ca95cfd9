import { listAuditLog } from "@kinderready/domain/console/audit-log.server";
import { reportDaysSchema } from "@kinderready/domain/console/report-filters";
import { data } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { parseReportQuery } from "../../../console/report-query.ts";
import type { Route } from "./+types/console-audit";

// Server side of the audit log (/admin/audit/): the entries of the days asked for, a page at a
// time (?before= the last entry of the page before).

/** The page's and the export's `before`: an entry's id, absent for the newest page. */
const auditPageQuery = z.object({
  before: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(/^[1-9]\d{0,14}$/, "must be an entry's number")
        .transform(Number)
        .optional(),
    ),
});

/** The days and the page an audit address asks for, or the field it got wrong. */
export const auditQuery = (url: URL, now: Date) =>
  parseReportQuery(url, now, reportDaysSchema("audit", now).and(auditPageQuery));

export async function loadConsoleAudit({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const query = auditQuery(new URL(request.url), new Date());
  if (!query.ok) return data({ query, page: null }, { status: 400 });
  const { before, ...days } = query.filters;
  return { query, page: await listAuditLog(services, { days, before }) };
}
