import { ConsoleCard } from "./console-card.tsx";
import { DataTable, type TableColumns } from "./data-table.tsx";
import { exportHref } from "./export-href.ts";

/** A titled card with its table and the table's CSV export, both from the same columns. */
export function TableCard<Row>({
  id,
  title,
  csv,
  days,
  columns,
  rows,
  rowKey,
}: {
  id: string;
  title: string;
  csv: string;
  days: { from: string; to: string };
  columns: TableColumns<Row>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <ConsoleCard id={id} title={title} csvHref={exportHref(csv, days)} table>
      <DataTable labelledBy={id} columns={columns} rows={rows} rowKey={rowKey} />
    </ConsoleCard>
  );
}
