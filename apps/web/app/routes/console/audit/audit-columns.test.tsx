import type { AuditEntry } from "@kinderready/domain/console/audit-log.server";
import { describe, expect, it } from "vitest";
import { expectTableExport } from "../../../../test/console-table.tsx";
import { auditColumns, auditTable } from "./audit-columns.tsx";

const entries: AuditEntry[] = [
  {
    id: 2,
    at: new Date("2026-03-01T09:30:00.000Z"),
    operator: "ops@example.com",
    action: "offer.price",
    target: "plan:1",
    details: { before: { amount: 199 }, after: { amount: 179 } },
  },
  {
    id: 1,
    at: new Date("2026-03-01T08:00:00.000Z"),
    operator: null,
    action: "=sign-in.lock",
    target: null,
    details: {},
  },
];

describe("the audit log's export", () => {
  it("audit.csv exports the audit table's columns, as it always did", () => {
    const html = expectTableExport({
      columns: auditColumns,
      rows: entries,
      exported: auditTable(entries),
      csv:
        "at,operator,action,target,details\r\n" +
        '2026-03-01T09:30:00.000Z,ops@example.com,offer.price,plan:1,"{""before"":{""amount"":199},""after"":{""amount"":179}}"\r\n' +
        "2026-03-01T08:00:00.000Z,,'=sign-in.lock,,{}\r\n",
    });
    // No operator: the product made the change itself.
    expect(html).toContain("<td>System</td>");
  });
});
