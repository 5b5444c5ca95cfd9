import type { ConsoleKey } from "@kinderready/i18n/message-keys";
import type { Translate, TranslateIfKnown } from "@kinderready/i18n/translator";
import type { ReactNode } from "react";
import { useTranslation } from "../i18n/translation-context.tsx";
import type { CsvCell, CsvTable } from "./csv.ts";
import { TableScroll } from "./table-scroll.tsx";

// One definition per console table: each column's header (a console catalogue key), its cell on
// the page and its fields in the CSV export, so a column added once appears in both.

/** What a cell needs to speak the operator's language. */
export type CellFormat = { t: Translate<ConsoleKey>; ifKnown: TranslateIfKnown; locale: string };

/** One field of the CSV: its snake_case header and its raw value (minor units, ISO dates, ids). */
export type CsvField<Row> = { name: string; value: (row: Row) => CsvCell };

/** The fields one column writes: several where the page joins values in one cell. */
type ColumnCsv<Row> = readonly CsvField<Row>[] | ((rows: readonly Row[]) => readonly CsvField<Row>[]);

/** A column the page shows. */
export type PageColumn<Row> = {
  page?: true;
  header: ConsoleKey;
  /** The header is for screen readers only (a column of buttons). */
  headerHidden?: boolean;
  /** The row's header cell (`<th scope="row">`); the first column unless another is named. */
  rowHeader?: boolean;
  /** May render a form control; its accessible name is the cell's to give. */
  cell: (row: Row, format: CellFormat) => ReactNode;
  /**
   * The column's fields in the CSV: usually one; several where the page joins values in one
   * cell (an amount and its currency); none for a column of buttons; from all the rows where
   * the fields depend on them (one per currency).
   */
  csv: ColumnCsv<Row>;
};

/** Fields the export has and the page does not show (an id, raw details), in the list's order. */
export type CsvOnlyColumn<Row> = { page: false; csv: ColumnCsv<Row> };

export type Column<Row> = PageColumn<Row> | CsvOnlyColumn<Row>;

export type TableColumns<Row> = readonly Column<Row>[];

/** The CSV fields of a table's columns, in the columns' order. */
export function csvFields<Row>(columns: TableColumns<Row>, rows: readonly Row[]): CsvField<Row>[] {
  return columns.flatMap((column) => (typeof column.csv === "function" ? column.csv(rows) : column.csv));
}

/** A table as its CSV export. */
export function tableCsv<Row>(columns: TableColumns<Row>, rows: readonly Row[]): CsvTable {
  const fields = csvFields(columns, rows);
  return {
    header: fields.map((field) => field.name),
    rows: rows.map((row) => fields.map((field) => field.value(row))),
  };
}

/** The columns a page shows: those with a cell, less the ones it leaves out. */
export function pageColumns<Row>(columns: TableColumns<Row>, hide: readonly ConsoleKey[] = []): PageColumn<Row>[] {
  return columns.filter((column): column is PageColumn<Row> => column.page !== false && !hide.includes(column.header));
}

/** A console table: column headers, one row header per row, in a scroll box the card's title names. */
export function DataTable<Row>({
  labelledBy,
  columns,
  rows,
  rowKey,
  hide,
}: {
  /** The id of the card's title, which names the scroll region. */
  labelledBy: string;
  columns: TableColumns<Row>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Columns of the list this page leaves out; they stay in the CSV. */
  hide?: readonly ConsoleKey[];
}) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const format: CellFormat = { t, ifKnown, locale: i18n.language };
  const shown = pageColumns(columns, hide);
  const headerColumn = Math.max(
    0,
    shown.findIndex((column) => column.rowHeader),
  );
  return (
    <TableScroll labelledBy={labelledBy}>
      <table className="console-table">
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.header} scope="col">
                {column.headerHidden ? <span className="visually-hidden">{t(column.header)}</span> : t(column.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {shown.map((column, index) =>
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
