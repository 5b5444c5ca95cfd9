import { getFunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { funnelQuerySchema } from "@kinderready/domain/console/report-filters";
import { data } from "react-router";
import { requestContext } from "#load-context";
import { parseReportQuery } from "../../../console/report-query.ts";
import type { Route } from "./+types/console-funnel";

// Server side of the funnel (/admin/): the report for the filters asked for, or why they were refused.

export async function loadConsoleFunnel({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const now = new Date();
  const query = parseReportQuery(new URL(request.url), now, funnelQuerySchema(now));
  if (!query.ok) return data({ query, report: null }, { status: 400 });
  return { query, report: await getFunnelReport(services, query.filters) };
}
