import { listAuditLog } from "@kinderready/domain/console/audit-log.server";
import { reportDaysSchema } from "@kinderready/domain/console/report-filters";
import { data } from "react-router";
import { requestContext } from "#load-context";
import type { Route } from "../routes/console/+types/console-audit";
import { parseReportQuery } from "./report-query.ts";

// Server side of the audit log (/admin/audit/): the entries of the days asked for.

export async function loadConsoleAudit({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const query = parseReportQuery(new URL(request.url), new Date(), reportDaysSchema);
  if (!query.ok) return data({ query, entries: null }, { status: 400 });
  return { query, entries: await listAuditLog(services.db, { days: query.filters }) };
}
