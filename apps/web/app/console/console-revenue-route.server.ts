import { reportDaysSchema } from "@kinderready/domain/console/report-filters";
import { getRevenueReport } from "@kinderready/domain/console/revenue-report.server";
import { data } from "react-router";
import { requestContext } from "#load-context";
import type { Route } from "../routes/console/+types/console-revenue";
import { parseReportQuery } from "./report-query.ts";

// Server side of revenue (/admin/revenue/): the report of the days asked for.

export async function loadConsoleRevenue({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const query = parseReportQuery(new URL(request.url), new Date(), reportDaysSchema);
  if (!query.ok) return data({ query, report: null }, { status: 400 });
  return { query, report: await getRevenueReport(services.db, query.filters, new Date()) };
}
