import type { EmailKindRow } from "@kinderready/domain/console/email-report.server";
import { describe, expect, it } from "vitest";
import { expectTableExport } from "../../../../test/console-table.tsx";
import type { TableColumns } from "../../../console/data-table.tsx";
import { emailKindColumns, emailTables } from "./email-columns.tsx";

// The emails page's table and its CSV export come from one list of columns.

const rows: EmailKindRow[] = [
  {
    id: "receipt",
    class: "service",
    written: 3,
    sent: 2,
    failed: 1,
    skipped: 0,
    queued: 0,
    clicked: 1,
    outcome: null,
    followed: 0,
  },
  {
    id: "win-back",
    class: "marketing",
    written: 2,
    sent: 1,
    failed: 0,
    skipped: 1,
    queued: 0,
    clicked: 1,
    outcome: "purchase",
    followed: 1,
  },
];

describe("the email kinds table and its CSV export", () => {
  it("exports the page table's columns", () => {
    expectTableExport({
      columns: emailKindColumns as TableColumns<never>,
      rows: rows as never[],
      exported: emailTables["emails.csv"]?.(rows),
      csv: "kind,class,written,sent,failed,skipped,queued,clicked,outcome,followed\r\nreceipt,service,3,2,1,0,0,1,,\r\nwin-back,marketing,2,1,0,1,0,1,purchase,1\r\n",
    });
    expect(Object.keys(emailTables)).toEqual(["emails.csv"]);
  });
});
