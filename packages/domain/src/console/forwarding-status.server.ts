import type { Database } from "@kinderready/db/open-db";
import { conversionDeliveries, conversionDestinations, conversionEvents } from "@kinderready/db/schema";
import { and, count, desc, eq, isNotNull, isNull, min, notExists, sql } from "drizzle-orm";
import type { ConversionDestination } from "../analytics/forwarding/forwarding-adapter.server.ts";

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

// When a failed attempt happened, from the schedule the job keeps: a final failure leaves the
// row's next_attempt_at at the attempt that failed; a retry pushes it 1, 2, 4, … minutes (at most
// 6 hours, retryDelayMs) past the attempt.
const errorAt = sql<Date>`case when ${conversionDeliveries.status} = 'failed' then ${conversionDeliveries.nextAttemptAt}
  else ${conversionDeliveries.nextAttemptAt} - least(interval '1 minute' * power(2, ${conversionDeliveries.attempts} - 1), interval '6 hours') end`;

/**
 * Two queries: the deliveries counted per destination and status (with the oldest pending
 * conversion) beside the unsent conversions, and each destination's latest error.
 */
export async function getForwardingStatus(
  db: Database,
  input: { configured: readonly ConversionDestination[] },
): Promise<ForwardingStatus> {
  const byStatus = db
    .select({
      destination: sql<string>`${conversionDeliveries.destination}`.as("destination"),
      status: sql<string>`${conversionDeliveries.status}`.as("status"),
      rows: count().as("rows"),
      oldest: sql<
        Date | string | null
      >`min(case when ${conversionDeliveries.status} = 'pending' then ${conversionEvents.createdAt} end)`.as("oldest"),
    })
    .from(conversionDeliveries)
    .innerJoin(conversionEvents, eq(conversionEvents.id, conversionDeliveries.conversionId))
    .groupBy(conversionDeliveries.destination, conversionDeliveries.status);
  const unsent = db
    .select({
      destination: sql<string>`''`.as("destination"),
      status: sql<string>`'unsent'`.as("status"),
      rows: count().as("rows"),
      oldest: min(conversionEvents.createdAt).as("oldest"),
    })
    .from(conversionEvents)
    .where(
      and(
        isNull(conversionEvents.forwardedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(conversionDeliveries)
            .where(eq(conversionDeliveries.conversionId, conversionEvents.id)),
        ),
      ),
    );
  const [counts, errors] = await Promise.all([
    byStatus.unionAll(unsent),
    db
      .selectDistinctOn([conversionDeliveries.destination], {
        destination: conversionDeliveries.destination,
        message: conversionDeliveries.lastError,
        at: errorAt,
      })
      .from(conversionDeliveries)
      .where(
        and(
          isNotNull(conversionDeliveries.lastError),
          sql`${conversionDeliveries.attempts} > 0`,
          sql`${conversionDeliveries.status} in ('pending', 'failed')`,
        ),
      )
      .orderBy(conversionDeliveries.destination, desc(errorAt)),
  ]);
  const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));
  const destinations = conversionDestinations.map((destination): DestinationStatus => {
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
