/** A console table's CSV address, with the page's filters (empty ones left out). */
export function exportHref(report: string, values: Record<string, string | undefined>): string {
  const query = new URLSearchParams(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return `/admin/export/${report}?${query}`;
}
