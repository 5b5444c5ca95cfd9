import type { Database } from "@kinderready/db/open-db";
import { analyticsEvents, ledgerEntries, orders, pricePlans, subscriptions } from "@kinderready/db/schema";
import { and, asc, count, eq, gte, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { paidOrderStatuses, paidOrderStatusesSql } from "../payments/paid-orders.ts";
import { upsellKind } from "../upsell-wire.ts";
import { dayRange, type ReportDays } from "./report-filters.ts";
import type { RevenueByPurpose, RevenueReport } from "./revenue-report.server.ts";
import type {
  RevenueDayRow,
  RevenueRows,
  TrialCounts,
  UpsellBuyersRow,
  UpsellViewersRow,
} from "./revenue-report-shaping.ts";

// The revenue report's reads, one after the other: charges and refunds from the ledger, by the
// day they were booked; trials, renewals and dunning from the orders; cancellations from the
// subscriptions; who saw the upsell from the browsers' events and who bought it from its sold
// orders. The report is worked out from the rows in revenue-report-shaping.ts.

const utcDay = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
/** Rows whose `column` falls on one of the range's UTC days. */
export const inDays = (column: AnyPgColumn, days: ReportDays): SQL | undefined => {
  const { start, end } = dayRange(days);
  return and(gte(column, start), lt(column, end));
};
const money = (expression: SQL) => sql`coalesce(${expression}, 0)`.mapWith(Number);
const charge = sql`${ledgerEntries.type} = 'charge'`;
const refund = sql`${ledgerEntries.type} = 'refund'`;
/** The ledger's charges and refunds booked in the range. */
const booked = (days: ReportDays) =>
  and(inDays(ledgerEntries.createdAt, days), inArray(ledgerEntries.type, ["charge", "refund"]));

/** Charges, refunds and sales of each kind, by the UTC day they were booked and currency. */
function readDaily(db: Database, days: ReportDays): Promise<RevenueDayRow[]> {
  return db
    .select({
      day: utcDay(ledgerEntries.createdAt),
      currency: sql<string>`${ledgerEntries.currency}`,
      gross: money(sql`sum(${ledgerEntries.amount}) filter (where ${charge})`),
      refunds: money(sql`-sum(${ledgerEntries.amount}) filter (where ${refund})`),
      firstPayments: sql`count(*) filter (where ${charge} and ${orders.purpose} = 'subscription')`.mapWith(Number),
      renewals: sql`count(*) filter (where ${charge} and ${orders.purpose} = 'renewal')`.mapWith(Number),
      upsells: sql`count(*) filter (where ${charge} and ${orders.purpose} in (${upsellKind}, 'lifetime'))`.mapWith(
        Number,
      ),
    })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.orderId, ledgerEntries.orderId))
    .where(booked(days))
    .groupBy(sql`1`, ledgerEntries.currency)
    .orderBy(sql`1`, asc(ledgerEntries.currency));
}

function readByPurpose(db: Database, days: ReportDays): Promise<RevenueByPurpose[]> {
  return db
    .select({
      currency: sql<string>`${ledgerEntries.currency}`,
      purpose: sql<string>`coalesce(${orders.purpose}, 'unknown')`,
      charges: sql`count(*) filter (where ${charge})`.mapWith(Number),
      gross: money(sql`sum(${ledgerEntries.amount}) filter (where ${charge})`),
      refundCount: sql`count(*) filter (where ${refund})`.mapWith(Number),
      refunds: money(sql`-sum(${ledgerEntries.amount}) filter (where ${refund})`),
    })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.orderId, ledgerEntries.orderId))
    .where(booked(days))
    .groupBy(ledgerEntries.currency, orders.purpose)
    .orderBy(asc(ledgerEntries.currency), asc(orders.purpose));
}

/** Trials started in the range (a cohort), and how many of those that have ended were renewed. */
async function readTrials(db: Database, days: ReportDays, now: Date): Promise<TrialCounts | undefined> {
  const trialEnd = sql`${orders.createdAt} + ${pricePlans.trialDays} * interval '1 day'`;
  const renewed = sql`exists (
    select 1 from ${orders} as renewal
    where renewal.user_id = ${orders.userId} and renewal.purpose = 'renewal'
      and renewal.status in ('approved', 'refunded') and renewal.created_at >= ${orders.createdAt})`;
  const [trials] = await db
    .select({
      started: count(),
      ended: sql`count(*) filter (where ${trialEnd} <= ${now.toISOString()}::timestamptz)`.mapWith(Number),
      converted: sql`count(*) filter (where ${trialEnd} <= ${now} and ${renewed})`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(pricePlans, eq(pricePlans.id, orders.pricePlanId))
    .where(
      and(
        eq(orders.purpose, "subscription"),
        inArray(orders.status, paidOrderStatuses),
        sql`${pricePlans.trialDays} > 0`,
        inDays(orders.createdAt, days),
      ),
    );
  return trials;
}

/** Renewals paid, declined, and paid after a failed attempt, by currency. */
function readRenewals(db: Database, days: ReportDays): Promise<RevenueReport["renewals"]> {
  // A renewal's idempotency key ends with the number of failed attempts before it: above zero,
  // a paid renewal is a dunning recovery.
  const paid = sql`${orders.status} in (${sql.raw(paidOrderStatusesSql)})`;
  return db
    .select({
      currency: orders.currency,
      paid: sql`count(*) filter (where ${paid})`.mapWith(Number),
      failed: sql`count(*) filter (where ${orders.status} = 'declined')`.mapWith(Number),
      recovered: sql`count(*) filter (where ${paid} and ${orders.idempotencyKey} ~ ':[1-9][0-9]*$')`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.purpose, "renewal"), inDays(orders.createdAt, days)))
    .groupBy(orders.currency)
    .orderBy(asc(orders.currency));
}

/** Subscriptions in dunning now. */
async function readPastDue(db: Database): Promise<number | undefined> {
  const [pastDue] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.status, "past_due"));
  return pastDue?.n;
}

/**
 * Who saw the upsell, by display mode and price variant: what browsers report (the popup opens
 * in the page).
 */
function readUpsellViewers(db: Database, days: ReportDays): Promise<UpsellViewersRow[]> {
  const mode = sql<string>`coalesce(${analyticsEvents.properties} ->> 'mode', 'unknown')`;
  const variant = sql<string>`coalesce(${analyticsEvents.properties} ->> 'variant', 'unknown')`;
  return db
    .select({ mode, variant, viewers: sql`count(distinct ${analyticsEvents.deviceId})`.mapWith(Number) })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.name, "upsell_viewed"), inDays(analyticsEvents.occurredAt, days)))
    .groupBy(sql`1`, sql`2`);
}

/** Who bought the upsell: the sold upsell orders, each with the display mode and price variant it was bought under. */
function readUpsellBuyers(db: Database, days: ReportDays): Promise<UpsellBuyersRow[]> {
  const buyers = (purpose: string) =>
    sql`count(distinct ${orders.userId}) filter (where ${orders.purpose} = ${purpose})`.mapWith(Number);
  return db
    .select({
      mode: sql<string>`coalesce(${orders.upsellMode}, 'unknown')`,
      variant: sql<string>`coalesce(${orders.upsellVariant}, 'unknown')`,
      packs: buyers(upsellKind),
      lifetime: buyers("lifetime"),
    })
    .from(orders)
    .where(
      and(
        inArray(orders.purpose, [upsellKind, "lifetime"]),
        inArray(orders.status, paidOrderStatuses),
        inDays(orders.createdAt, days),
      ),
    )
    .groupBy(sql`1`, sql`2`);
}

/** Subscriptions cancelled in the range by reason, most first. */
function readCancellations(db: Database, days: ReportDays): Promise<RevenueReport["cancellations"]> {
  return db
    .select({ reason: sql<string>`coalesce(${subscriptions.cancelReason}, 'none')`, subscriptions: count() })
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.cancelledAt), inDays(subscriptions.cancelledAt, days)))
    .groupBy(subscriptions.cancelReason)
    .orderBy(sql`2 desc`, sql`1`);
}

/** Every table of the revenue page, as rows, read in turn. */
export async function readRevenueRows(db: Database, days: ReportDays, now: Date): Promise<RevenueRows> {
  const daily = await readDaily(db, days);
  const byPurpose = await readByPurpose(db, days);
  const trials = await readTrials(db, days, now);
  const renewals = await readRenewals(db, days);
  const pastDue = await readPastDue(db);
  const seen = await readUpsellViewers(db, days);
  const bought = await readUpsellBuyers(db, days);
  const cancellations = await readCancellations(db, days);
  return { daily, byPurpose, trials, renewals, pastDue, seen, bought, cancellations };
}
