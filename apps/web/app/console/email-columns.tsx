import type { EmailKindRow } from "@kinderready/domain/console/email-report.server";
import type { TableColumns } from "../components/console/data-table.tsx";
import { tableCsv } from "../components/console/data-table.tsx";
import { formatCount } from "./console-format.ts";
import type { CsvTable } from "./csv.ts";

// The emails page's table, on the page and as CSV: each kind by its id, its class, and what
// became of the mails of that kind written in the days asked for.

const count = (header: "written" | "sent" | "failed" | "skipped" | "queued"): TableColumns<EmailKindRow>[number] => ({
  header: `emails.columns.${header}`,
  cell: (row, { locale }) => formatCount(locale, row[header]),
  csv: [{ name: header, value: (row) => row[header] }],
});

export const emailKindColumns: TableColumns<EmailKindRow> = [
  {
    header: "emails.columns.kind",
    cell: (row, { ifKnown }) => (
      <>
        <code>{row.id}</code> {ifKnown(`customers.emailKinds.${row.id}`) ?? ""}
      </>
    ),
    csv: [{ name: "kind", value: (row) => row.id }],
  },
  {
    header: "emails.columns.class",
    cell: (row, { t }) => t(`emails.classes.${row.class}`),
    csv: [{ name: "class", value: (row) => row.class }],
  },
  count("written"),
  count("sent"),
  count("failed"),
  count("skipped"),
  count("queued"),
];

export const emailTables: Record<string, (rows: readonly EmailKindRow[]) => CsvTable> = {
  "emails.csv": (rows) => tableCsv(emailKindColumns, rows),
};
