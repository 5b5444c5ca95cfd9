import type { Database } from "@kinderready/db/open-db";
import { analyticsEvents, ledgerEntries, orders, pricePlans, subscriptions } from "@kinderready/db/schema";
import { and, asc, count, eq, gte, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { paidOrderStatuses, paidOrderStatusesSql } from "../payments/paid-orders.ts";
import { upsellKind } from "../upsell-wire.ts";
import { dayRange, type ReportDays } from "./report-filters.ts";

/**
 * The console's revenue report over a range of UTC days. Money stays in the currency it was
 * paid in (minor units) and is never added across currencies: there is no stated rate to add
 * them with. Charges and refunds come from the ledger, by the day they were booked; trials,
 * renewals and dunning from the orders; cancellations from the subscriptions; the upsell's take
 * rate by display mode and price variant from its sold orders over the visitors who saw it.
 */

export type RevenueDay = {
  day: string;
  currency: string;
  gross: number;
  refunds: number;
  net: number;
  firstPayments: number;
  renewals: number;
  upsells: number;
};

export type RevenueByPurpose = {
  currency: string;
  /** subscription (the first payment), renewal, reactivation, upsell or lifetime. */
  purpose: string;
  charges: number;
  gross: number;
  refundCount: number;
  refunds: number;
};

export type RevenueReport = {
  daily: RevenueDay[];
  byPurpose: RevenueByPurpose[];
  totals: { currency: string; gross: number; refunds: number; net: number; charges: number; refundCount: number }[];
  trials: { started: number; ended: number; converted: number; conversion: number | null };
  renewals: { currency: string; paid: number; failed: number; recovered: number }[];
  /** Subscriptions in dunning now (a renewal failed, a retry is scheduled). */
  pastDue: number;
  upsells: { mode: string; variant: string; viewers: number; packs: number; lifetime: number }[];
  cancellations: { reason: string; subscriptions: number }[];
};

const utcDay = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
/** Rows whose `column` falls on one of the range's UTC days. */
export const inDays = (column: AnyPgColumn, days: ReportDays): SQL | undefined => {
  const { start, end } = dayRange(days);
  return and(gte(column, start), lt(column, end));
};
const money = (expression: SQL) => sql`coalesce(${expression}, 0)`.mapWith(Number);

export async function getRevenueReport(db: Database, days: ReportDays, now: Date): Promise<RevenueReport> {
  const charge = sql`${ledgerEntries.type} = 'charge'`;
  const refund = sql`${ledgerEntries.type} = 'refund'`;
  const booked = and(inDays(ledgerEntries.createdAt, days), inArray(ledgerEntries.type, ["charge", "refund"]));

  const dailyRows = await db
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
    .where(booked)
    .groupBy(sql`1`, ledgerEntries.currency)
    .orderBy(sql`1`, asc(ledgerEntries.currency));

  const byPurpose = await db
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
    .where(booked)
    .groupBy(ledgerEntries.currency, orders.purpose)
    .orderBy(asc(ledgerEntries.currency), asc(orders.purpose));

  // Trials started in the range (a cohort), and how many of those that have ended were renewed.
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

  // A renewal's idempotency key ends with the number of failed attempts before it: above zero,
  // a paid renewal is a dunning recovery.
  const paid = sql`${orders.status} in (${sql.raw(paidOrderStatusesSql)})`;
  const renewals = await db
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
  const [pastDue] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.status, "past_due"));

  // Who saw the offer is what browsers report (the popup opens in the page); who bought is the
  // sold upsell orders, each with the display mode and price variant it was bought under.
  const mode = sql<string>`coalesce(${analyticsEvents.properties} ->> 'mode', 'unknown')`;
  const variant = sql<string>`coalesce(${analyticsEvents.properties} ->> 'variant', 'unknown')`;
  const seen = await db
    .select({ mode, variant, viewers: sql`count(distinct ${analyticsEvents.deviceId})`.mapWith(Number) })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.name, "upsell_viewed"), inDays(analyticsEvents.occurredAt, days)))
    .groupBy(sql`1`, sql`2`);
  const buyers = (purpose: string) =>
    sql`count(distinct ${orders.userId}) filter (where ${orders.purpose} = ${purpose})`.mapWith(Number);
  const bought = await db
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
  const upsells = new Map<string, RevenueReport["upsells"][number]>();
  const upsellRow = (mode: string, variant: string) => {
    const key = JSON.stringify([mode, variant]);
    const row = upsells.get(key) ?? { mode, variant, viewers: 0, packs: 0, lifetime: 0 };
    upsells.set(key, row);
    return row;
  };
  for (const { mode, variant, viewers } of seen) upsellRow(mode, variant).viewers = viewers;
  for (const { mode, variant, packs, lifetime } of bought) Object.assign(upsellRow(mode, variant), { packs, lifetime });

  const cancellations = await db
    .select({ reason: sql<string>`coalesce(${subscriptions.cancelReason}, 'none')`, subscriptions: count() })
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.cancelledAt), inDays(subscriptions.cancelledAt, days)))
    .groupBy(subscriptions.cancelReason)
    .orderBy(sql`2 desc`, sql`1`);

  const daily = dailyRows.map((row) => ({ ...row, net: row.gross - row.refunds }));
  const totals = [...new Set(byPurpose.map((row) => row.currency))].map((currency) => {
    const rows = byPurpose.filter((row) => row.currency === currency);
    const add = (pick: (row: RevenueByPurpose) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const gross = add((row) => row.gross);
    const refunds = add((row) => row.refunds);
    return {
      currency,
      gross,
      refunds,
      net: gross - refunds,
      charges: add((row) => row.charges),
      refundCount: add((row) => row.refundCount),
    };
  });
  const started = trials?.started ?? 0;
  const ended = trials?.ended ?? 0;
  const converted = trials?.converted ?? 0;
  return {
    daily,
    byPurpose,
    totals,
    trials: { started, ended, converted, conversion: ended ? converted / ended : null },
    renewals,
    pastDue: pastDue?.n ?? 0,
    upsells: [...upsells.values()].sort((one, other) =>
      one.mode === other.mode ? (one.variant < other.variant ? -1 : 1) : one.mode < other.mode ? -1 : 1,
    ),
    cancellations,
  };
}
