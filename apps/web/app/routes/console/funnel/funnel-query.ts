// The funnel page's query as its links and exports carry it: every filter as text.

/** The funnel's filters by name, as typed (empty ones undefined). */
export type FunnelValues = Record<string, string | undefined>;

/** The funnel's query with one value changed (or left out): links keep every other choice. */
export function hrefWith(values: FunnelValues, change: FunnelValues, hash = "") {
  const query = new URLSearchParams(
    Object.entries({ ...values, ...change }).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return `?${query}${hash}`;
}
