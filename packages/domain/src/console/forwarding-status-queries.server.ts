import type { Database, Transaction } from "@kinderready/db/open-db";
import { conversionDeliveries, conversionEvents } from "@kinderready/db/schema";
import { and, count, desc, eq, isNotNull, isNull, min, notExists, sql } from "drizzle-orm";

// What the conversion forwarding job has done, read for the console's forwarding page.

// When a failed attempt happened, from the schedule the job keeps: a final failure leaves the
// row's next_attempt_at at the attempt that failed; a retry pushes it 1, 2, 4, … minutes (at most
// 6 hours, retryDelayMs) past the attempt.
const errorAt = sql<Date>`case when ${conversionDeliveries.status} = 'failed' then ${conversionDeliveries.nextAttemptAt}
  else ${conversionDeliveries.nextAttemptAt} - least(interval '1 minute' * power(2, ${conversionDeliveries.attempts} - 1), interval '6 hours') end`;

/**
 * The deliveries counted per destination and status, with the oldest pending one's conversion
 * time, beside one row of status `unsent`: the conversions with no delivery at all and not forwarded.
 */
export async function countDeliveriesByStatus(db: Database | Transaction) {
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
  return byStatus.unionAll(unsent);
}

/** Each destination's latest failed attempt (a retry's or a final one's) and when it happened. */
export async function listLatestDeliveryErrors(db: Database | Transaction) {
  return db
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
    .orderBy(conversionDeliveries.destination, desc(errorAt));
}
