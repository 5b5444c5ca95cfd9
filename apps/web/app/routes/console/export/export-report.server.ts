import type { AppServices } from "@kinderready/domain/app-services";
import type { z } from "zod";
import type { CsvTable } from "../../../console/csv.ts";
import { parseReportQuery, type ReportQuery } from "../../../console/report-query.ts";

// What every console export shares: how it reads its page's filters, and how it refuses a filter
// it cannot use (a plain-text 400 naming the field) or a thing it does not have (a 404), as a
// download tool reads them.

/** One export: its table, read with the page's filters from the export's address. */
export type ExportReport = (url: URL, services: AppServices) => Promise<CsvTable>;

/** Exports by file name (`funnel.csv`). */
export type ExportReports = readonly (readonly [name: string, report: ExportReport])[];

/** An export's answer other than its table. */
export function refused(status: 400 | 404, field: string, message: string): Response {
  return new Response(`${field}: ${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
  });
}

export function filtersOf<Filters>(query: ReportQuery<Filters>): Filters {
  if (!query.ok) throw refused(400, query.field, query.message);
  return query.filters;
}

/** A report's filters from the export's address (the page's default days when none are given). */
export const reportFilters = <Schema extends z.ZodType<{ from: string; to: string }>>(
  url: URL,
  schema: (now: Date) => Schema,
) => {
  const now = new Date();
  return filtersOf(parseReportQuery(url, now, schema(now)));
};

/** An export per table of a page, each loading the page's data and writing its own table of it. */
export function tableExports<Data>(
  tables: Record<string, (data: Data) => CsvTable>,
  load: (url: URL, services: AppServices) => Promise<Data>,
): ExportReports {
  return Object.entries(tables).map(([name, table]) => [
    name,
    async (url, services) => table(await load(url, services)),
  ]);
}
