// CSV for the console's exports (RFC 4180). A text cell that a spreadsheet would run as a
// formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe: exported
// data can hold what visitors typed, such as a campaign name.

export type CsvCell = string | number | boolean | null | undefined;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A table as the console exports it: a header of snake_case names, then one row per line. */
export type CsvTable = { header: readonly string[]; rows: readonly (readonly CsvCell[])[] };

export function toCsv({ header, rows }: CsvTable): string {
  return `${[header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
