import type { Database, Transaction } from "@kinderready/db/open-db";
import { cancelFlowSessions, cancellationRequests, ledgerEntries } from "@kinderready/db/schema";
import { and, count, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { ReportDays } from "./report-filters.ts";
import { inDays } from "./revenue-report-queries.server.ts";

// The retention report's rows over a range of UTC days: cancel flow passes from
// cancel_flow_sessions, pauses from the ledger, cancellations received from cancellation_requests.

const outcomeIs = (outcome: string) => sql`${cancelFlowSessions.outcome} = ${outcome}`;
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Five queries, one per table of the report; `pauses` is undefined when the ledger has no row to count. */
export async function readRetentionRows(db: Database | Transaction, days: ReportDays) {
  const started = inDays(cancelFlowSessions.startedAt, days);
  const byReason = await db
    .select({
      reason: cancelFlowSessions.reason,
      passes: count(),
      saved: countWhere(outcomeIs("saved")),
      cancelled: countWhere(outcomeIs("cancelled")),
    })
    .from(cancelFlowSessions)
    .where(started)
    .groupBy(cancelFlowSessions.reason)
    .orderBy(sql`2 desc`, sql`1`);
  const byOffer = await db
    .select({
      offer: cancelFlowSessions.offer,
      currency: cancelFlowSessions.currency,
      shown: count(),
      saved: countWhere(outcomeIs("saved")),
      cancelled: countWhere(outcomeIs("cancelled")),
      kept: sql<number>`coalesce(sum(${cancelFlowSessions.renewalAmount}) filter (where ${outcomeIs("saved")}), 0)`.mapWith(
        Number,
      ),
    })
    .from(cancelFlowSessions)
    .where(started)
    .groupBy(cancelFlowSessions.offer, cancelFlowSessions.currency)
    .orderBy(sql`3 desc`, sql`1`, sql`2`);

  const byExperimentGroup = await db
    .select({
      group: sql<string>`${cancelFlowSessions.experimentGroup}`,
      offer: cancelFlowSessions.offer,
      passes: count(),
      saved: countWhere(outcomeIs("saved")),
      cancelled: countWhere(outcomeIs("cancelled")),
    })
    .from(cancelFlowSessions)
    .where(and(started, isNotNull(cancelFlowSessions.experimentGroup)))
    .groupBy(cancelFlowSessions.experimentGroup, cancelFlowSessions.offer)
    .orderBy(sql`1`, sql`3 desc`);

  const transition = (from: string | null, to: string) =>
    and(
      eq(ledgerEntries.type, "state_change"),
      sql`${ledgerEntries.details}->>'to' = ${to}`,
      from === null ? undefined : sql`${ledgerEntries.details}->>'from' = ${from}`,
    ) as SQL;
  const [pauses] = await db
    .select({
      scheduled: countWhere(sql`${ledgerEntries.type} = 'pause_scheduled'`),
      calledOff: countWhere(sql`${ledgerEntries.type} = 'pause_dropped'`),
      began: countWhere(transition(null, "paused")),
      resumed: countWhere(transition("paused", "active")),
      cancelledWhilePaused: countWhere(transition("paused", "cancelled")),
    })
    .from(ledgerEntries)
    .where(
      and(
        inDays(ledgerEntries.createdAt, days),
        inArray(ledgerEntries.type, ["pause_scheduled", "pause_dropped", "state_change"]),
      ),
    );

  const cancellations = await db
    .select({ channel: cancellationRequests.channel, outcome: cancellationRequests.outcome, requests: count() })
    .from(cancellationRequests)
    .where(inDays(cancellationRequests.receivedAt, days))
    .groupBy(cancellationRequests.channel, cancellationRequests.outcome)
    .orderBy(sql`3 desc`, sql`1`, sql`2`);

  return { byReason, byOffer, byExperimentGroup, pauses, cancellations };
}
