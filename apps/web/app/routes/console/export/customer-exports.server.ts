import { listAuditLog } from "@kinderready/domain/console/audit-log.server";
import { customerQuerySchema, findCustomers, getCustomer } from "@kinderready/domain/console/customer-admin.server";
import { auditTable } from "../audit/audit-columns.tsx";
import { auditQuery } from "../audit/console-audit-route.server.ts";
import { customerSearchTable, customerTables } from "../customers/customer-columns.tsx";
import { type ExportReports, filtersOf, refused, tableExports } from "./export-report.server.ts";

// The exports of the customers' pages: a search, one parent's tables, and the audit log.

export const customerExports: ExportReports = [
  [
    "customers.csv",
    async (url, services) => {
      const query = customerQuerySchema.safeParse(url.searchParams.get("q") ?? "");
      if (!query.success) throw refused(400, "q", query.error.issues[0]?.message ?? "invalid");
      return customerSearchTable(await findCustomers(services, { query: query.data }));
    },
  ],
  ...tableExports(customerTables, async (url, services) => {
    const detail = await getCustomer(services, { userId: url.searchParams.get("user") ?? "", now: new Date() });
    if (!detail) throw refused(404, "user", "no such customer");
    return detail;
  }),
  [
    "audit.csv",
    async (url, services) => {
      const { before, ...days } = filtersOf(auditQuery(url, new Date()));
      return auditTable((await listAuditLog(services, { days, before })).entries);
    },
  ],
];
