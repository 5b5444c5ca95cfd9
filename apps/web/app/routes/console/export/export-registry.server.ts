import { customerExports } from "./customer-exports.server.ts";
import type { ExportReport } from "./export-report.server.ts";
import { funnelExports } from "./funnel-exports.server.ts";
import { retentionExports } from "./retention-exports.server.ts";
import { revenueExports } from "./revenue-exports.server.ts";

// Every console export by its file name (/admin/export/{name}): each page's tables, as CSV.

const exportReports = new Map<string, ExportReport>([
  ...funnelExports,
  ...customerExports,
  ...revenueExports,
  ...retentionExports,
]);

/** The export of that name, if the console has one. */
export const exportReport = (name: string): ExportReport | undefined => exportReports.get(name);
