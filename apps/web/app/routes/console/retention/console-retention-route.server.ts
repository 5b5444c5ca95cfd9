import { reportDaysSchema } from "@kinderready/domain/console/report-filters";
import { getRetentionReport } from "@kinderready/domain/console/retention-report.server";
import { data } from "react-router";
import { requestContext } from "#load-context";
import { parseReportQuery } from "../../../console/report-query.ts";
import type { Route } from "./+types/console-retention";

// Server side of retention (/admin/retention/): the report of the days asked for.

export async function loadConsoleRetention({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const now = new Date();
  const query = parseReportQuery(new URL(request.url), now, reportDaysSchema("retention", now));
  if (!query.ok) return data({ query, report: null }, { status: 400 });
  return { query, report: await getRetentionReport(services, query.filters) };
}
