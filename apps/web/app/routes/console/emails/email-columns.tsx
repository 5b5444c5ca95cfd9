import type { EmailKindRow } from "@kinderready/domain/console/email-report.server";
import { formatCount } from "../../../console/console-format.ts";
import type { CsvTable } from "../../../console/csv.ts";
import type { TableColumns } from "../../../console/data-table.tsx";
import { tableCsv } from "../../../console/data-table.tsx";

// The emails page's table, on the page and as CSV: each kind by its id, its class, what became
// of the mails of that kind written in the days asked for, how many had a link followed, and
// how many were followed by what the kind is there for.

const count = (
  header: "written" | "sent" | "failed" | "skipped" | "queued" | "clicked",
): TableColumns<EmailKindRow>[number] => ({
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
  count("clicked"),
  {
    // What the kind is there for, and how many sent ones it followed: "charged 12".
    header: "emails.columns.followed",
    cell: (row, { t, locale }) =>
      row.outcome ? `${t(`emails.outcomes.${row.outcome}`)} ${formatCount(locale, row.followed)}` : "",
    csv: [
      { name: "outcome", value: (row) => row.outcome ?? "" },
      { name: "followed", value: (row) => (row.outcome ? row.followed : "") },
    ],
  },
];

export const emailTables: Record<string, (rows: readonly EmailKindRow[]) => CsvTable> = {
  "emails.csv": (rows) => tableCsv(emailKindColumns, rows),
};
