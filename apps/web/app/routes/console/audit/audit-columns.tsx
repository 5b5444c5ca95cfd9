import type { AuditEntry } from "@kinderready/domain/console/audit-log.server";
import { actionName } from "../../../console/action-name.ts";
import { formatMoment } from "../../../console/console-format.ts";
import type { CsvTable } from "../../../console/csv.ts";
import type { TableColumns } from "../../../console/data-table.tsx";
import { tableCsv } from "../../../console/data-table.tsx";

// Audit entries, on the audit page, on a customer's page (which leaves the target and the
// details out) and as CSV: ISO times, the details as JSON.

export const auditColumns: TableColumns<AuditEntry> = [
  {
    header: "customers.columns.date",
    cell: (entry, { locale }) => formatMoment(locale, entry.at, "medium"),
    csv: [{ name: "at", value: (entry) => entry.at.toISOString() }],
  },
  {
    header: "customers.columns.operator",
    // No operator: the product itself made the change (a sign-in lock, a dunning step).
    cell: (entry, { t }) => entry.operator ?? t("audit.system"),
    csv: [{ name: "operator", value: (entry) => entry.operator }],
  },
  {
    header: "customers.columns.action",
    cell: (entry, { ifKnown }) => actionName(ifKnown, entry.action),
    csv: [{ name: "action", value: (entry) => entry.action }],
  },
  {
    header: "audit.target",
    cell: (entry) => (entry.target ? <code>{entry.target}</code> : "—"),
    csv: [{ name: "target", value: (entry) => entry.target }],
  },
  {
    header: "audit.details",
    cell: (entry) => <code>{JSON.stringify(entry.details)}</code>,
    csv: [{ name: "details", value: (entry) => JSON.stringify(entry.details) }],
  },
];

/** What a customer's page shows of their audit entries; their export has every column. */
export const customerAuditHidden = ["audit.target", "audit.details"] as const;

export const auditTable = (entries: readonly AuditEntry[]): CsvTable => tableCsv(auditColumns, entries);
