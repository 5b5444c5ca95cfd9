import type { Database, Transaction } from "@kinderready/db/open-db";
import { analyticsVisits, attributions, conversionDeliveries, conversionEvents, users } from "@kinderready/db/schema";
import { and, asc, eq, inArray, isNull, lte, notInArray, sql } from "drizzle-orm";
import { forwardingSubjectColumns } from "../../consent/forwarding-subject-queries.server.ts";
import type { ConversionDestination } from "./forwarding-adapter.server.ts";

// The conversions waiting to be forwarded (conversion_events) and their deliveries, one row per
// configured destination (conversion_deliveries).

/** Unforwarded conversions missing a row for some configured destination: the rows, pending now. */
export async function insertMissingDeliveries(
  db: Database | Transaction,
  names: ConversionDestination[],
  now: Date,
): Promise<void> {
  const lacking = await db
    .select({ id: conversionEvents.id })
    .from(conversionEvents)
    .where(
      and(
        isNull(conversionEvents.forwardedAt),
        sql`(select count(*) from ${conversionDeliveries} where ${conversionDeliveries.conversionId} = ${conversionEvents.id} and ${inArray(conversionDeliveries.destination, names)}) < ${names.length}`,
      ),
    )
    .orderBy(asc(conversionEvents.createdAt))
    .limit(500);
  if (lacking.length === 0) return;
  await db
    .insert(conversionDeliveries)
    .values(
      lacking.flatMap(({ id }) => names.map((destination) => ({ conversionId: id, destination, nextAttemptAt: now }))),
    )
    .onConflictDoNothing();
}

export type DueDelivery = Awaited<ReturnType<typeof listDueDeliveries>>[number];

/** Pending deliveries due by `now`, earliest first, with the conversion, the parent and their attribution. */
export function listDueDeliveries(
  db: Database | Transaction,
  input: { names: ConversionDestination[]; now: Date; limit: number },
) {
  return db
    .select({
      conversionId: conversionDeliveries.conversionId,
      destination: conversionDeliveries.destination,
      attempts: conversionDeliveries.attempts,
      event: conversionEvents.event,
      orderId: conversionEvents.orderId,
      amount: conversionEvents.amount,
      currency: conversionEvents.currency,
      occurredAt: conversionEvents.createdAt,
      clientIp: conversionEvents.clientIp,
      recordedUserAgent: conversionEvents.userAgent,
      userId: users.id,
      email: users.email,
      locale: users.locale,
      purchasePath: users.purchasePath,
      ...forwardingSubjectColumns,
      fbc: attributions.fbc,
      fbp: attributions.fbp,
      gaClientId: attributions.clientId,
      ttclid: attributions.ttclid,
      deviceId: attributions.firstVisitId,
      userAgent: sql<
        string | null
      >`(select ${analyticsVisits.ua} from ${analyticsVisits} where ${analyticsVisits.userId} = ${conversionEvents.userId} and ${analyticsVisits.ua} is not null order by ${analyticsVisits.createdAt} desc limit 1)`,
    })
    .from(conversionDeliveries)
    .innerJoin(conversionEvents, eq(conversionEvents.id, conversionDeliveries.conversionId))
    .leftJoin(users, eq(users.id, conversionEvents.userId))
    .leftJoin(attributions, eq(attributions.userId, conversionEvents.userId))
    .where(
      and(
        eq(conversionDeliveries.status, "pending"),
        lte(conversionDeliveries.nextAttemptAt, input.now),
        inArray(conversionDeliveries.destination, input.names),
      ),
    )
    .orderBy(asc(conversionDeliveries.nextAttemptAt))
    .limit(input.limit);
}

/** A delivery's outcome, written only while it is still pending. */
export async function updatePendingDelivery(
  db: Database | Transaction,
  row: Pick<DueDelivery, "conversionId" | "destination">,
  values: Partial<typeof conversionDeliveries.$inferInsert> & {
    status: "pending" | "delivered" | "skipped" | "failed";
  },
): Promise<void> {
  await db
    .update(conversionDeliveries)
    .set(values)
    .where(
      and(
        eq(conversionDeliveries.conversionId, row.conversionId),
        eq(conversionDeliveries.destination, row.destination),
        eq(conversionDeliveries.status, "pending"),
      ),
    );
}

/**
 * Rows of destinations no longer configured are skipped, so they hold nothing up; a conversion
 * whose every configured row is settled is forwarded.
 */
export async function settleConversions(
  db: Database | Transaction,
  names: ConversionDestination[],
  now: Date,
): Promise<void> {
  await db
    .update(conversionDeliveries)
    .set({ status: "skipped", lastError: "destination not configured" })
    .where(and(eq(conversionDeliveries.status, "pending"), notInArray(conversionDeliveries.destination, names)));
  await db
    .update(conversionEvents)
    .set({ forwardedAt: now })
    .where(
      and(
        isNull(conversionEvents.forwardedAt),
        sql`(select count(*) from ${conversionDeliveries} where ${conversionDeliveries.conversionId} = ${conversionEvents.id} and ${inArray(conversionDeliveries.destination, names)} and ${conversionDeliveries.status} <> 'pending') = ${names.length}`,
      ),
    );
}
