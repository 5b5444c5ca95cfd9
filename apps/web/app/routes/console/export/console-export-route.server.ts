import type { AppServices } from "@kinderready/domain/app-services";
import { listAuditLog } from "@kinderready/domain/console/audit-log.server";
import { customerQuerySchema, findCustomers, getCustomer } from "@kinderready/domain/console/customer-admin.server";
import { getEmailReport } from "@kinderready/domain/console/email-report.server";
import { getExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { getFunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { listPricePlans } from "@kinderready/domain/console/offer-settings.server";
import { funnelQuerySchema, reportDaysSchema } from "@kinderready/domain/console/report-filters";
import { getRetentionReport } from "@kinderready/domain/console/retention-report.server";
import { getRevenueReport } from "@kinderready/domain/console/revenue-report.server";
import type { z } from "zod";
import { requestContext } from "#load-context";
import { type CsvTable, toCsv } from "../../../console/csv.ts";
import { parseReportQuery, type ReportQuery } from "../../../console/report-query.ts";
import { auditTable } from "../audit/audit-columns.tsx";
import { auditQuery } from "../audit/console-audit-route.server.ts";
import { customerSearchTable, customerTables } from "../customers/customer-columns.tsx";
import { emailTables } from "../emails/email-columns.tsx";
import { experimentQuery } from "../experiments/console-experiments-route.server.ts";
import { experimentTables } from "../experiments/experiment-columns.tsx";
import { funnelTables } from "../funnel/funnel-columns.tsx";
import { priceTable } from "../offer/price-columns.tsx";
import { retentionTables } from "../retention/retention-columns.tsx";
import { loadSubscriptionFigures } from "../revenue/console-revenue-route.server.ts";
import { revenueTables } from "../revenue/revenue-columns.tsx";
import { subscriptionTables } from "../revenue/subscription-columns.tsx";
import type { Route } from "./+types/console-export";

// Server side of the console's exports: every console table as CSV (/admin/export/{report}.csv),
// with the page's filters. A filter it cannot use is a plain-text 400 naming the field, and a
// report it does not have a 404, as a download tool reads them.

/** An export's answer other than its table. */
function refused(status: 400 | 404, field: string, message: string): Response {
  return new Response(`${field}: ${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
  });
}

function filtersOf<Filters>(query: ReportQuery<Filters>): Filters {
  if (!query.ok) throw refused(400, query.field, query.message);
  return query.filters;
}

const reportFilters = <Schema extends z.ZodType<{ from: string; to: string }>>(
  url: URL,
  schema: (now: Date) => Schema,
) => {
  const now = new Date();
  return filtersOf(parseReportQuery(url, now, schema(now)));
};

async function exportTable(report: string, url: URL, services: AppServices): Promise<CsvTable> {
  const { db } = services;
  const experimentTable = experimentTables[report];
  if (experimentTable) {
    const split = url.searchParams.get("split") ?? "";
    if (!split || split.length > 60) throw refused(400, "split", "must be a split's name");
    const query = experimentQuery(url);
    if (!query) throw refused(400, "segment", "must be a phase, country, language or device the results have");
    const { phase, ...segment } = query;
    return experimentTable(await getExperimentResults(services, { split, phase, segment }));
  }
  const funnelTable = funnelTables[report];
  if (funnelTable) return funnelTable(await getFunnelReport(db, reportFilters(url, funnelQuerySchema)));
  if (report === "customers.csv") {
    const query = customerQuerySchema.safeParse(url.searchParams.get("q") ?? "");
    if (!query.success) throw refused(400, "q", query.error.issues[0]?.message ?? "invalid");
    return customerSearchTable(await findCustomers(db, { query: query.data }));
  }
  const customerTable = customerTables[report];
  if (customerTable) {
    const detail = await getCustomer(db, {
      userId: url.searchParams.get("user") ?? "",
      now: new Date(),
    });
    if (!detail) throw refused(404, "user", "no such customer");
    return customerTable(detail);
  }
  if (report === "audit.csv") {
    const { before, ...days } = filtersOf(auditQuery(url, new Date()));
    return auditTable((await listAuditLog(db, { days, before })).entries);
  }
  if (report === "prices.csv") return priceTable(await listPricePlans(db));
  const revenueTable = revenueTables[report];
  const revenueDays = (now: Date) => reportDaysSchema("revenue", now);
  if (revenueTable) return revenueTable(await getRevenueReport(db, reportFilters(url, revenueDays), new Date()));
  const subscriptionTable = subscriptionTables[report];
  if (subscriptionTable) {
    return subscriptionTable(await loadSubscriptionFigures(db, reportFilters(url, revenueDays), new Date()));
  }
  const emailTable = emailTables[report];
  if (emailTable) {
    const days = reportFilters(url, (now) => reportDaysSchema("retention", now));
    return emailTable(await getEmailReport(db, days));
  }
  const retentionTable = retentionTables[report];
  if (retentionTable) {
    const days = reportFilters(url, (now) => reportDaysSchema("retention", now));
    return retentionTable(await getRetentionReport(db, days));
  }
  throw refused(404, "report", "no such export");
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
