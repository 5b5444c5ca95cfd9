import type { AppServices } from "@kinderready/domain/app-services";
import { listAuditLog } from "@kinderready/domain/console/audit-log.server";
import { customerQuerySchema, findCustomers, getCustomer } from "@kinderready/domain/console/customer-admin.server";
import { getExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { getFunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { listPricePlans } from "@kinderready/domain/console/offer-settings.server";
import { funnelQuerySchema, reportDaysSchema } from "@kinderready/domain/console/report-filters";
import { getRevenueReport } from "@kinderready/domain/console/revenue-report.server";
import { data } from "react-router";
import type { z } from "zod";
import { requestContext } from "#load-context";
import type { Route } from "../routes/console/+types/console-export";
import { auditTable } from "./audit-columns.tsx";
import { experimentQuery } from "./console-experiments-route.server.ts";
import { loadSubscriptionFigures } from "./console-revenue-route.server.ts";
import { type CsvTable, toCsv } from "./csv.ts";
import { customerSearchTable, customerTables } from "./customer-columns.tsx";
import { experimentTables } from "./experiment-columns.tsx";
import { funnelTables } from "./funnel-columns.tsx";
import { priceTable } from "./price-columns.tsx";
import { parseReportQuery } from "./report-query.ts";
import { revenueTables } from "./revenue-columns.tsx";
import { subscriptionTables } from "./subscription-columns.tsx";

// Server side of the console's exports: every console table as CSV (/admin/export/{report}.csv),
// with the page's filters.

function filtersOf<Schema extends z.ZodType<{ from: string; to: string }>>(url: URL, schema: Schema) {
  const query = parseReportQuery(url, new Date(), schema);
  if (!query.ok) throw data({ field: query.field, message: query.message }, { status: 400 });
  return query.filters;
}

async function exportTable(report: string, url: URL, services: AppServices): Promise<CsvTable> {
  const { db } = services;
  const experimentTable = experimentTables[report];
  if (experimentTable) {
    const split = url.searchParams.get("split") ?? "";
    if (!split || split.length > 60) throw data({ field: "split" }, { status: 400 });
    const query = experimentQuery(url);
    if (!query) throw data({ field: "segment" }, { status: 400 });
    const { phase, ...segment } = query;
    return experimentTable(await getExperimentResults(services, { split, phase, segment }));
  }
  const funnelTable = funnelTables[report];
  if (funnelTable) return funnelTable(await getFunnelReport(db, filtersOf(url, funnelQuerySchema)));
  if (report === "customers.csv") {
    const query = customerQuerySchema.safeParse(url.searchParams.get("q") ?? "");
    if (!query.success) throw data({ field: "q" }, { status: 400 });
    return customerSearchTable(await findCustomers(db, { query: query.data }));
  }
  const customerTable = customerTables[report];
  if (customerTable) {
    const detail = await getCustomer(db, {
      userId: url.searchParams.get("user") ?? "",
      now: new Date(),
    });
    if (!detail) throw data({ field: "user" }, { status: 404 });
    return customerTable(detail);
  }
  if (report === "audit.csv") return auditTable(await listAuditLog(db, { days: filtersOf(url, reportDaysSchema) }));
  if (report === "prices.csv") return priceTable(await listPricePlans(db));
  const revenueTable = revenueTables[report];
  if (revenueTable) return revenueTable(await getRevenueReport(db, filtersOf(url, reportDaysSchema), new Date()));
  const subscriptionTable = subscriptionTables[report];
  if (subscriptionTable) {
    return subscriptionTable(await loadSubscriptionFigures(db, filtersOf(url, reportDaysSchema), new Date()));
  }
  throw data({ field: "report" }, { status: 404 });
}

export async function loadConsoleExport(args: Route.LoaderArgs) {
  const { services } = args.context.get(requestContext);
  const table = await exportTable(args.params.report, new URL(args.request.url), services);
  return new Response(toCsv(table), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${args.params.report}"`,
      "cache-control": "private, no-store",
    },
  });
}
