import { listPricePlans } from "@kinderready/domain/console/offer-settings.server";
import { reportDaysSchema } from "@kinderready/domain/console/report-filters";
import { getRevenueReport } from "@kinderready/domain/console/revenue-report.server";
import { priceTable } from "../offer/price-columns.tsx";
import { loadSubscriptionFigures } from "../revenue/console-revenue-route.server.ts";
import { revenueTables } from "../revenue/revenue-columns.tsx";
import { subscriptionTables } from "../revenue/subscription-columns.tsx";
import { type ExportReports, reportFilters, tableExports } from "./export-report.server.ts";

// The exports of money: the price catalogue, and the revenue page's reports and subscription figures.

const revenueDays = (now: Date) => reportDaysSchema("revenue", now);

export const revenueExports: ExportReports = [
  ["prices.csv", async (_url, services) => priceTable(await listPricePlans(services))],
  ...tableExports(revenueTables, (url, services) =>
    getRevenueReport(services, reportFilters(url, revenueDays), new Date()),
  ),
  ...tableExports(subscriptionTables, (url, services) =>
    loadSubscriptionFigures(services, reportFilters(url, revenueDays), new Date()),
  ),
];
