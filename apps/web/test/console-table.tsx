import type { ConsoleKey } from "@kinderready/i18n/message-keys";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect } from "vitest";
import { type CsvTable, toCsv } from "../app/console/csv.ts";
import { csvFields, DataTable, pageColumns, type TableColumns } from "../app/console/data-table.tsx";
import { TranslatorProvider } from "../app/i18n/translation-context.tsx";

// What each console table's test checks: its export writes the CSV it has always written (spreadsheets
// and scripts read it by name), and that CSV's header is the page table's columns' fields, in order.

/** The column headers, row headers and other cells of a table as the page renders it, in English. */
function renderedTable<Row>(columns: TableColumns<Row>, rows: readonly Row[], hide?: readonly ConsoleKey[]) {
  // Under a route, as on the page: cells may hold links and forms.
  const Stub = createRoutesStub([
    {
      path: "/",
      // biome-ignore lint/correctness/noComponentHookFactories: one stub per render; its route shows this table
      Component: () => (
        <DataTable labelledBy="t" columns={columns} rows={rows} rowKey={(row) => JSON.stringify(row)} hide={hide} />
      ),
    },
  ]);
  const html = renderToStaticMarkup(
    <TranslatorProvider translator={serverI18n("en")}>
      <Stub />
    </TranslatorProvider>,
  );
  const texts = (scope: string) =>
    [...html.matchAll(new RegExp(`<th scope="${scope}">(.*?)</th>`, "g"))].map((match) =>
      (match[1] ?? "").replace(/<[^>]+>/g, ""),
    );
  return { html, columns: texts("col"), rowHeaders: texts("row"), cells: [...html.matchAll(/<td>/g)].length };
}

/**
 * Checks an export against the page's table: `csv` is the export's text, byte for byte; its header
 * is the columns' fields; the page shows the columns that have a cell (less `hide`), one row
 * header and the other cells per row. Returns the page's HTML for further checks.
 */
export function expectTableExport<Row>({
  columns,
  rows,
  exported,
  csv,
  hide,
}: {
  columns: TableColumns<Row>;
  rows: readonly Row[];
  exported: CsvTable | undefined;
  csv: string;
  hide?: readonly ConsoleKey[];
}): string {
  expect(exported && toCsv(exported)).toBe(csv);
  expect(exported?.header).toEqual(csvFields(columns, rows).map((field) => field.name));
  const shown = pageColumns(columns, hide);
  const rendered = renderedTable(columns, rows, hide);
  const english = serverI18n("en").namespace("console");
  expect(rendered.columns).toEqual(shown.map((column) => english(column.header)));
  expect(rendered.rowHeaders).toHaveLength(rows.length);
  expect(rendered.cells).toBe(rows.length * (shown.length - 1));
  return rendered.html;
}
