import { getEmailReport } from "@kinderready/domain/console/email-report.server";
import { reportDaysSchema } from "@kinderready/domain/console/report-filters";
import { getRetentionReport } from "@kinderready/domain/console/retention-report.server";
import { emailTables } from "../emails/email-columns.tsx";
import { retentionTables } from "../retention/retention-columns.tsx";
import { type ExportReports, reportFilters, tableExports } from "./export-report.server.ts";

// The exports of what follows a purchase, over the retention pages' days: emails sent, and
// cancellations with what was offered to keep them.

const retentionDays = (now: Date) => reportDaysSchema("retention", now);

export const retentionExports: ExportReports = [
  ...tableExports(emailTables, (url, services) => getEmailReport(services, reportFilters(url, retentionDays))),
  ...tableExports(retentionTables, (url, services) => getRetentionReport(services, reportFilters(url, retentionDays))),
];
