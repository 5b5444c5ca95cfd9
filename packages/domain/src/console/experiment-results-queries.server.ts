import type { Database } from "@kinderready/db/open-db";
import { funnelVisitors, ledgerEntries, orders, pricePlans, splitExposures, users } from "@kinderready/db/schema";
import { and, asc, count, eq, gte, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { SplitPhase } from "../experiments/split-phases.server.ts";
import { paidOrderStatuses, paidOrderStatusesSql } from "../payments/paid-orders.ts";
import { upsellKind } from "../upsell-wire.ts";
import type { ExperimentResults, ExperimentSegment } from "./experiment-results.server.ts";
import type {
  ExperimentRows,
  ExposedByCountryRow,
  GroupTotalsRow,
  NetRevenueRow,
  PhaseCountRow,
  SegmentOptionRows,
} from "./experiment-results-shaping.ts";

// An experiment's reads, counted in SQL over split_exposures, users and orders (and the ledger
// for money), each by group: exposures in the phase, purchases and guardrails in the segment,
// exposures by country, net revenue by currency, and the days. The results are worked out from
// the rows in experiment-results-shaping.ts.

/**
 * The split's other processes read the configuration through a cache of up to a second
 * (split-config.server.ts), so a parent placed in the first second of a phase may have been
 * placed by the weights before it: exposures that early in a weight-0 group are not counted
 * as impossible ones.
 */
const settleSeconds = 1;

/** What one reading of the results covers. */
export type ExperimentReading = { split: string; phase: SplitPhase; segment: ExperimentSegment; now: Date };

const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** The split's exposures in the phase. */
function inPhaseOf({ split, phase }: ExperimentReading): SQL | undefined {
  return and(
    eq(splitExposures.splitName, split),
    phase.startedAt ? gte(splitExposures.exposedAt, phase.startedAt) : undefined,
    phase.endedAt ? lt(splitExposures.exposedAt, phase.endedAt) : undefined,
  );
}

/** The phase's exposures of parents in the segment (the statement joins users). */
function inSegmentOf(reading: ExperimentReading): SQL | undefined {
  const { segment } = reading;
  return and(
    inPhaseOf(reading),
    segment.country ? eq(users.countryCode, segment.country) : undefined,
    segment.locale ? eq(users.locale, segment.locale) : undefined,
    // A parent is on a device when any browser of theirs the funnel saw was one.
    segment.device
      ? sql`exists (select 1 from ${funnelVisitors} where ${funnelVisitors.userId} = ${splitExposures.userId}
          and ${funnelVisitors.device} = ${segment.device})`
      : undefined,
  );
}

/**
 * Each parent's first subscription sale (ADR 0046: a first subscription payment that is a sale,
 * refunded or not), with the trial its plan gave, and what an exposed parent went on to do: buy
 * at or after the exposure, take an upsell after it, reach the end of the trial, renew.
 */
function outcomesOf(db: Database, now: Date) {
  const firstSale = db
    .selectDistinctOn([orders.userId], {
      userId: sql<string>`${orders.userId}`.as("first_user_id"),
      paidAt: sql<Date>`${orders.createdAt}`.as("first_paid_at"),
      refunded: sql<boolean>`${orders.status} = 'refunded'`.as("first_refunded"),
      trialEndsAt: sql<Date>`${orders.createdAt} + coalesce(${pricePlans.trialDays}, 0) * interval '1 day'`.as(
        "first_trial_end",
      ),
    })
    .from(orders)
    .innerJoin(pricePlans, eq(pricePlans.id, orders.pricePlanId))
    .where(and(eq(orders.purpose, "subscription"), inArray(orders.status, [...paidOrderStatuses])))
    .orderBy(orders.userId, orders.createdAt, orders.id)
    .as("first_sale");
  const paid = sql.raw(paidOrderStatusesSql);
  const purchased = sql`${firstSale.paidAt} >= ${splitExposures.exposedAt}`;
  const upsold = sql`${purchased} and exists (select 1 from ${orders} as upsell
    where upsell.user_id = ${splitExposures.userId} and upsell.purpose in (${upsellKind}, 'lifetime')
      and upsell.status in (${paid}) and upsell.created_at >= ${splitExposures.exposedAt})`;
  const trialEnded = sql`${purchased} and ${firstSale.trialEndsAt} <= ${now.toISOString()}::timestamptz`;
  const renewed = sql`${trialEnded} and exists (select 1 from ${orders} as renewal
    where renewal.user_id = ${splitExposures.userId} and renewal.purpose = 'renewal'
      and renewal.status in (${paid}) and renewal.created_at >= ${firstSale.paidAt})`;
  return { firstSale, purchased, upsold, trialEnded, renewed };
}
type Outcomes = ReturnType<typeof outcomesOf>;

/** Exposures in the whole phase by group, whatever the segment, and those after its first second. */
function readPhaseCounts(db: Database, reading: ExperimentReading): Promise<PhaseCountRow[]> {
  return db
    .select({
      group: splitExposures.group,
      exposed: count(),
      settled: counted(
        sql`${splitExposures.exposedAt} >= ${reading.phase.startedAt?.toISOString() ?? "-infinity"}::timestamptz + ${settleSeconds} * interval '1 second'`,
      ),
    })
    .from(splitExposures)
    .where(inPhaseOf(reading))
    .groupBy(splitExposures.group);
}

function readGroupTotals(db: Database, inSegment: SQL | undefined, outcomes: Outcomes): Promise<GroupTotalsRow[]> {
  const { firstSale, purchased } = outcomes;
  return db
    .select({
      group: splitExposures.group,
      exposed: count(),
      purchased: counted(purchased),
      refunded: counted(sql`${purchased} and ${firstSale.refunded}`),
      upsold: counted(outcomes.upsold),
      trialEnded: counted(outcomes.trialEnded),
      renewed: counted(outcomes.renewed),
    })
    .from(splitExposures)
    .innerJoin(users, eq(users.id, splitExposures.userId))
    .leftJoin(firstSale, eq(firstSale.userId, splitExposures.userId))
    .where(inSegment)
    .groupBy(splitExposures.group);
}

function readExposedByCountry(db: Database, inSegment: SQL | undefined): Promise<ExposedByCountryRow[]> {
  return db
    .select({ group: splitExposures.group, country: users.countryCode, exposed: count() })
    .from(splitExposures)
    .innerJoin(users, eq(users.id, splitExposures.userId))
    .where(inSegment)
    .groupBy(splitExposures.group, users.countryCode);
}

/**
 * Net revenue: every charge less every refund in the ledger of the orders a parent made at or
 * after the exposure (first payment, renewals, upsells), in the currency it was paid in.
 */
function readNetRevenue(db: Database, inSegment: SQL | undefined): Promise<NetRevenueRow[]> {
  return (
    db
      .select({
        group: splitExposures.group,
        currency: sql<string>`${ledgerEntries.currency}`,
        net: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number),
      })
      .from(splitExposures)
      .innerJoin(users, eq(users.id, splitExposures.userId))
      .innerJoin(orders, and(eq(orders.userId, splitExposures.userId), gte(orders.createdAt, splitExposures.exposedAt)))
      // By the parent first: the ledger is indexed by parent, not by order.
      .innerJoin(
        ledgerEntries,
        and(eq(ledgerEntries.userId, splitExposures.userId), eq(ledgerEntries.orderId, orders.orderId)),
      )
      .where(and(inSegment, inArray(ledgerEntries.type, ["charge", "refund"]), isNotNull(ledgerEntries.currency)))
      .groupBy(splitExposures.group, ledgerEntries.currency)
  );
}

/** Exposed parents and purchases by UTC day of the exposure and group, in that order. */
function readDailyExposures(
  db: Database,
  inSegment: SQL | undefined,
  outcomes: Outcomes,
): Promise<ExperimentResults["daily"]> {
  const day = sql<string>`to_char(date_trunc('day', ${splitExposures.exposedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({ day, group: splitExposures.group, exposed: count(), purchased: counted(outcomes.purchased) })
    .from(splitExposures)
    .innerJoin(users, eq(users.id, splitExposures.userId))
    .leftJoin(outcomes.firstSale, eq(outcomes.firstSale.userId, splitExposures.userId))
    .where(inSegment)
    .groupBy(day, splitExposures.group)
    .orderBy(asc(day), asc(splitExposures.group));
}

/** The countries, languages and devices of the split's exposed parents, for the filters. */
async function readSegmentOptions(db: Database, split: string): Promise<SegmentOptionRows> {
  const ofSplit = eq(splitExposures.splitName, split);
  const [countries, locales, devices] = await Promise.all([
    db
      .selectDistinct({ value: sql<string>`${users.countryCode}` })
      .from(splitExposures)
      .innerJoin(users, eq(users.id, splitExposures.userId))
      .where(and(ofSplit, isNotNull(users.countryCode))),
    db
      .selectDistinct({ value: users.locale })
      .from(splitExposures)
      .innerJoin(users, eq(users.id, splitExposures.userId))
      .where(ofSplit),
    db
      .selectDistinct({ value: sql<string>`${funnelVisitors.device}` })
      .from(splitExposures)
      .innerJoin(funnelVisitors, eq(funnelVisitors.userId, splitExposures.userId))
      .where(and(ofSplit, isNotNull(funnelVisitors.device))),
  ]);
  return { countries, locales, devices };
}

/** Every table of the results, as rows, read side by side. */
export async function readExperimentRows(db: Database, reading: ExperimentReading): Promise<ExperimentRows> {
  const inSegment = inSegmentOf(reading);
  const outcomes = outcomesOf(db, reading.now);
  const [phaseCounts, totals, byCountry, money, daily, options] = await Promise.all([
    readPhaseCounts(db, reading),
    readGroupTotals(db, inSegment, outcomes),
    readExposedByCountry(db, inSegment),
    readNetRevenue(db, inSegment),
    readDailyExposures(db, inSegment, outcomes),
    readSegmentOptions(db, reading.split),
  ]);
  return { phaseCounts, totals, byCountry, money, daily, options };
}
