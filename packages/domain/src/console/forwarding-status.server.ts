import type { Database } from "@kinderready/db/open-db";
import type { ConversionDestination } from "../analytics/forwarding/forwarding-adapter.server.ts";
import { countDeliveriesByStatus, listLatestDeliveryErrors } from "./forwarding-status-queries.server.ts";

/**
 * What the conversion forwarding job has done, per destination, for the console: whether the
 * destination is configured, its deliveries by status, how long the oldest pending one has
 * waited, and its last error; and the conversions no destination will ever send, which pile up
 * unseen while nothing is configured.
 */

export type DestinationStatus = {
  destination: ConversionDestination;
  configured: boolean;
  delivered: number;
  failed: number;
  skipped: number;
  /** The backlog: waiting for their first attempt or for a retry. */
  pending: number;
  /** When the oldest pending delivery's conversion happened; null with none pending. */
  oldestPendingSince: Date | null;
  /** The last failed attempt's answer (a retry's or a final one's), not a skip's reason. */
  lastError: { message: string; at: Date } | null;
};

export type ForwardingStatus = {
  destinations: DestinationStatus[];
  /** Conversions with no delivery at all and not forwarded: never sent while nothing is configured. */
  unsent: { count: number; oldestSince: Date | null };
};

/**
 * Every destination, in the page's order: a Record, so a destination added to the schema's
 * enum fails the type check until it is listed here.
 */
const everyDestination = Object.keys({
  meta: true,
  ga4: true,
  tiktok: true,
  amplitude: true,
} satisfies Record<ConversionDestination, true>) as ConversionDestination[];

/**
 * Two queries: the deliveries counted per destination and status (with the oldest pending
 * conversion) beside the unsent conversions, and each destination's latest error.
 */
export async function getForwardingStatus(
  deps: { db: Database },
  input: { configured: readonly ConversionDestination[] },
): Promise<ForwardingStatus> {
  const [counts, errors] = await Promise.all([countDeliveriesByStatus(deps.db), listLatestDeliveryErrors(deps.db)]);
  const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));
  const destinations = everyDestination.map((destination): DestinationStatus => {
    const rows = counts.filter((row) => row.destination === destination);
    const of = (status: string) => Number(rows.find((row) => row.status === status)?.rows ?? 0);
    const error = errors.find((row) => row.destination === destination);
    return {
      destination,
      configured: input.configured.includes(destination),
      delivered: of("delivered"),
      failed: of("failed"),
      skipped: of("skipped"),
      pending: of("pending"),
      oldestPendingSince: asDate(rows.find((row) => row.status === "pending")?.oldest ?? null),
      lastError: error?.message ? { message: error.message, at: new Date(error.at) } : null,
    };
  });
  const never = counts.find((row) => row.status === "unsent");
  return {
    destinations,
    unsent: { count: Number(never?.rows ?? 0), oldestSince: asDate(never?.oldest ?? null) },
  };
}
