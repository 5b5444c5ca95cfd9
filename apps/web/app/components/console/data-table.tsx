import type { ConsoleKey } from "@kinderready/i18n/message-keys";
import type { Translate, TranslateIfKnown } from "@kinderready/i18n/translator";
import type { ReactNode } from "react";
import type { CsvCell, CsvTable } from "../../console/csv.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { TableScroll } from "./table-scroll.tsx";

// One definition per console table: each column's header (a console catalogue key), its cell on
// the page and its fields in the CSV export, so a column added once appears in both.

/** What a cell needs to speak the operator's language. */
export type CellFormat = { t: Translate<ConsoleKey>; ifKnown: TranslateIfKnown; locale: string };

/** One field of the CSV: its snake_case header and its raw value (minor units, ISO dates, ids). */
export type CsvField<Row> = { name: string; value: (row: Row) => CsvCell };

export type Column<Row> = {
  header: ConsoleKey;
  /** The row's header cell (`<th scope="row">`); the first column unless another is named. */
  rowHeader?: boolean;
  cell: (row: Row, format: CellFormat) => ReactNode;
  /**
   * The column's fields in the CSV: usually one; several where the page joins values in one
   * cell (an amount and its currency); none for a column of buttons; from all the rows where
   * the fields depend on them (one per currency).
   */
  csv: readonly CsvField<Row>[] | ((rows: readonly Row[]) => readonly CsvField<Row>[]);
};

export type TableColumns<Row> = readonly Column<Row>[];

/** The CSV fields of a table's columns, in the columns' order. */
export function csvFields<Row>(columns: TableColumns<Row>, rows: readonly Row[]): CsvField<Row>[] {
  return columns.flatMap((column) => (typeof column.csv === "function" ? column.csv(rows) : column.csv));
}

/**
 * A table as its CSV export. `order` names the fields where the export's order was settled
 * before the page's (an id first); it must name each field once.
 */
export function tableCsv<Row>(columns: TableColumns<Row>, rows: readonly Row[], order?: readonly string[]): CsvTable {
  const fields = csvFields(columns, rows);
  const ordered = order
    ? order.map((name) => {
        const field = fields.find((candidate) => candidate.name === name);
        if (!field) throw new Error(`No column exports ${name}`);
        return field;
      })
    : fields;
  if (ordered.length !== fields.length) throw new Error("The CSV order leaves fields out");
  return {
    header: ordered.map((field) => field.name),
    rows: rows.map((row) => ordered.map((field) => field.value(row))),
  };
}

/** A console table: column headers, one row header per row, in a scroll box the card's title names. */
export function DataTable<Row>({
  labelledBy,
  columns,
  rows,
  rowKey,
}: {
  /** The id of the card's title, which names the scroll region. */
  labelledBy: string;
  columns: TableColumns<Row>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const format: CellFormat = { t, ifKnown, locale: i18n.language };
  const headerColumn = Math.max(
    0,
    columns.findIndex((column) => column.rowHeader),
  );
  return (
    <TableScroll labelledBy={labelledBy}>
      <table className="console-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {t(column.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === headerColumn ? (
                  <th key={column.header} scope="row">
                    {column.cell(row, format)}
                  </th>
                ) : (
                  <td key={column.header}>{column.cell(row, format)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
