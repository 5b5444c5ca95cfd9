import type { Database, Transaction } from "@kinderready/db/open-db";
import { funnelVisitors, orders, users } from "@kinderready/db/schema";
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { purchaseStepIndex, upsellStepIndex } from "../analytics/funnel-steps.ts";
import { paidOrderStatuses } from "../payments/paid-orders.ts";
import { upsellKind } from "../upsell-wire.ts";
import type {
  DroppedVisitorRow,
  FunnelBreakdownRow,
  FunnelChainStep,
  FunnelChoiceRow,
  FunnelDayRow,
  FunnelPlan,
  FunnelRows,
} from "./funnel-report-shaping.ts";
import type { FunnelDimension, FunnelFilters, FunnelWindow } from "./report-filters.ts";

// The funnel report's reads (funnel-report.server.ts says what the report counts): one range
// scan per table the page shows, every one over the same visitors subquery, each visitor with how
// far they got. The rows are turned into the report in funnel-report-shaping.ts.

/**
 * A limit no query reaches: PostgreSQL never flattens a subquery with a LIMIT into the query that
 * reads it (Drizzle leaves out an OFFSET 0, the usual way to say so).
 */
const wholeSubquery = Number.MAX_SAFE_INTEGER;
/** The bits of funnel steps, as a bigint literal. */
const bit = (...indexes: number[]) =>
  sql.raw(`${indexes.reduce((bits, index) => bits | (1n << BigInt(index)), 0n).toString()}::bigint`);

/** Each conversion window's column of steps reached within it. */
const reachColumns = {
  1: funnelVisitors.reach1d,
  7: funnelVisitors.reach7d,
  14: funnelVisitors.reach14d,
  30: funnelVisitors.reach30d,
} as const satisfies Record<FunnelWindow, unknown>;

function visitorFilter(filters: FunnelFilters, start: Date, end: Date): SQL | undefined {
  return and(
    gte(funnelVisitors.firstSeenAt, start),
    lt(funnelVisitors.firstSeenAt, end),
    filters.locale ? eq(funnelVisitors.locale, filters.locale) : undefined,
    filters.country ? eq(funnelVisitors.countryCode, filters.country) : undefined,
    filters.flow ? eq(funnelVisitors.flow, filters.flow) : undefined,
    filters.utmSource ? eq(funnelVisitors.utmSource, filters.utmSource) : undefined,
    filters.utmCampaign ? eq(funnelVisitors.utmCampaign, filters.utmCampaign) : undefined,
    filters.device ? eq(funnelVisitors.device, filters.device) : undefined,
  );
}

/** Each breakdown's column among the visitor's fields. */
const dimensionFields = {
  country: "countryCode",
  locale: "locale",
  flow: "flow",
  utmSource: "utmSource",
  utmCampaign: "utmCampaign",
  device: "device",
} as const;

/** Per parent: the first subscription payment and the first upsell that are sales. */
function firstSales(db: Database) {
  return db
    .select({
      userId: orders.userId,
      paidAt: sql<Date | null>`min(${orders.createdAt}) filter (where ${orders.purpose} = 'subscription')`.as(
        "paid_at",
      ),
      upsoldAt:
        sql<Date | null>`min(${orders.createdAt}) filter (where ${orders.purpose} in (${upsellKind}, 'lifetime'))`.as(
          "upsold_at",
        ),
    })
    .from(orders)
    .where(inArray(orders.status, [...paidOrderStatuses]))
    .groupBy(orders.userId)
    .as("paid");
}

/**
 * How many of the chain's required steps the visitor passed in a row: the first one missed ends
 * it (a CASE stops at the first true branch). A step only the browser reports is passed when it,
 * or a later step up to the next one the server records, was reached: a lost batch of events
 * must not end a visitor's way through the quiz.
 */
function depthOf(chain: readonly FunnelChainStep[]): SQL {
  const requiredSteps = chain.filter((step) => !step.optional);
  const passedMask = (step: FunnelChainStep, position: number) => {
    if (step.server) return bit(step.index);
    const anchor = requiredSteps.findIndex((later, at) => at > position && later.server);
    return bit(...requiredSteps.slice(position, anchor < 0 ? undefined : anchor + 1).map((later) => later.index));
  };
  return sql`case ${sql.join(
    requiredSteps.map(
      (step, position) => sql`when (reached & ${passedMask(step, position)}) = 0 then ${sql.raw(String(position))}`,
    ),
    sql` `,
  )} else ${sql.raw(String(requiredSteps.length))} end`;
}

/** Whether a visitor of the visitors subquery counts at a step. */
const countedAt = (step: FunnelChainStep): SQL =>
  step.optional
    ? sql`(depth >= ${sql.raw(String(step.requiredBefore))} and ${sql.raw(`o${step.index}`)})`
    : sql`depth > ${sql.raw(String(step.requiredBefore))}`;

/** Each chain step's visitors as `s<index>`; raw column names: each count reads the visitors subquery the statement selects from. */
const stepCounts = (chain: readonly FunnelChainStep[]) =>
  Object.fromEntries(
    chain.map((step) => [`s${step.index}`, sql<number>`count(*) filter (where ${countedAt(step)})`.mapWith(Number)]),
  );

/** The visitors first seen in [from, until), each with the steps reached within the window. */
function visitorBase(db: Database, query: FunnelFilters, plan: FunnelPlan, from: Date, until: Date) {
  const paid = firstSales(db);
  // The steps the visitor reached within the window: the row's own mask for that window, with
  // the first payment and the first upsell that are sales added from the orders.
  const reach = reachColumns[plan.windowDays];
  const window = sql.raw(`interval '${plan.windowDays} days'`);
  const soldWithin = (at: SQL.Aliased, index: number) =>
    sql`case when ${at} - ${funnelVisitors.firstSeenAt} <= ${window} then ${bit(index)} else 0 end`;
  return (
    db
      .select({
        deviceId: funnelVisitors.deviceId,
        userId: funnelVisitors.userId,
        firstSeenAt: funnelVisitors.firstSeenAt,
        lastSeenAt: funnelVisitors.lastSeenAt,
        countryCode: funnelVisitors.countryCode,
        locale: funnelVisitors.locale,
        flow: funnelVisitors.flow,
        utmSource: funnelVisitors.utmSource,
        utmCampaign: funnelVisitors.utmCampaign,
        device: funnelVisitors.device,
        // Columns the outer queries group and sort by, named here: Drizzle leaves a one-table
        // select's columns unqualified, and a grouping must match the select to the letter.
        day: sql<string>`(${funnelVisitors.firstSeenAt} at time zone 'UTC')::date::text`.as("day"),
        inRange: sql<boolean>`${funnelVisitors.firstSeenAt} >= ${plan.start.toISOString()}::timestamptz`.as("in_range"),
        convertSeconds: sql<number>`date_part('epoch', ${paid.paidAt} - ${funnelVisitors.firstSeenAt})::integer`.as(
          "convert_seconds",
        ),
        reached:
          sql<bigint>`${reach} | ${soldWithin(paid.paidAt, purchaseStepIndex)} | ${soldWithin(paid.upsoldAt, upsellStepIndex)}`.as(
            "reached",
          ),
      })
      .from(funnelVisitors)
      .leftJoin(paid, eq(paid.userId, funnelVisitors.userId))
      .where(visitorFilter(query, from, until))
      // Each query is kept whole: flattened into the one reading it, its expressions would be
      // evaluated again for every reference to them.
      .limit(wholeSubquery)
      .as("base")
  );
}

/** The visitors of a range, each with how far they got: the base of every table on the page. */
function visitorsBetween(db: Database, query: FunnelFilters, plan: FunnelPlan, from: Date, until: Date) {
  const base = visitorBase(db, query, plan, from, until);
  return db
    .select({
      deviceId: base.deviceId,
      userId: base.userId,
      firstSeenAt: base.firstSeenAt,
      lastSeenAt: base.lastSeenAt,
      countryCode: base.countryCode,
      locale: base.locale,
      flow: base.flow,
      utmSource: base.utmSource,
      utmCampaign: base.utmCampaign,
      device: base.device,
      day: base.day,
      inRange: base.inRange,
      convertSeconds: base.convertSeconds,
      depth: sql<number>`${depthOf(plan.chain)}`.as("depth"),
      ...Object.fromEntries(
        plan.chain
          .filter((step) => step.optional)
          .map((step) => [`o${step.index}`, sql<boolean>`(reached & ${bit(step.index)}) <> 0`.as(`o${step.index}`)]),
      ),
    })
    .from(base)
    .limit(wholeSubquery)
    .as("v");
}

/**
 * The range and the period before in one scan, hashed by day: each visitor has one first day, so
 * the days add up to the totals, and the buyers' times to convert come along for their
 * percentiles (an ordered aggregate would sort every row).
 */
function readFunnelDays(tx: Transaction, query: FunnelFilters, plan: FunnelPlan): Promise<FunnelDayRow[]> {
  const current = visitorsBetween(tx, query, plan, plan.previous.start, plan.end);
  const purchaseInChain = plan.chain.find((step) => step.index === purchaseStepIndex);
  const converted = purchaseInChain ? countedAt(purchaseInChain) : sql`false`;
  const convertSeconds = sql.raw("convert_seconds");
  const day = sql<string>`day`;
  const period = sql<string>`case when in_range then 'current' else 'previous' end`;
  return tx
    .select({
      period,
      day,
      ...stepCounts(plan.chain),
      visitors: sql<number>`count(*)`.mapWith(Number),
      purchases: sql<number>`count(*) filter (where ${converted})`.mapWith(Number),
      convertSeconds: sql<number[] | null>`array_agg(${convertSeconds}) filter (where ${converted})`,
    })
    .from(current)
    .groupBy(period, day);
}

/** Visitors in the range by country, by source and by campaign (one grouping set each). */
function readFilterChoices(db: Database, plan: FunnelPlan): Promise<FunnelChoiceRow[]> {
  return db
    .select({
      country: funnelVisitors.countryCode,
      utmSource: funnelVisitors.utmSource,
      utmCampaign: funnelVisitors.utmCampaign,
      set: sql<number>`grouping(${funnelVisitors.countryCode}, ${funnelVisitors.utmSource}, ${funnelVisitors.utmCampaign})`.mapWith(
        Number,
      ),
      visitors: sql<number>`count(*)`.mapWith(Number),
    })
    .from(funnelVisitors)
    .where(and(gte(funnelVisitors.firstSeenAt, plan.start), lt(funnelVisitors.firstSeenAt, plan.end)))
    .groupBy(
      sql`grouping sets ((${funnelVisitors.countryCode}), (${funnelVisitors.utmSource}), (${funnelVisitors.utmCampaign}))`,
    );
}

/** The 20 largest values of a dimension, each with its visitors at every step shown. */
function readBreakdown(
  tx: Transaction,
  query: FunnelFilters,
  plan: FunnelPlan,
  dimension: FunnelDimension,
): Promise<FunnelBreakdownRow[]> {
  const v = visitorsBetween(tx, query, plan, plan.start, plan.end);
  const value = v[dimensionFields[dimension]];
  return tx
    .select({ value, ...stepCounts(plan.chain) })
    .from(v)
    .groupBy(value)
    .orderBy(desc(sql`count(*)`), value)
    .limit(20);
}

/** The latest 50 who reached the step before `step` and not `step`, latest first. */
function readDropped(
  tx: Transaction,
  query: FunnelFilters,
  plan: FunnelPlan,
  step: FunnelChainStep,
): Promise<DroppedVisitorRow[]> {
  const v = visitorsBetween(tx, query, plan, plan.start, plan.end);
  const atPrevious = step.optional
    ? sql`depth >= ${sql.raw(String(step.requiredBefore))}`
    : sql`depth = ${sql.raw(String(step.requiredBefore))}`;
  const missed = step.optional ? sql`and not ${sql.raw(`o${step.index}`)}` : sql``;
  // The latest 50 first, then their emails: a join before the limit would read every parent.
  const latest = tx
    .select({
      deviceId: v.deviceId,
      userId: v.userId,
      countryCode: v.countryCode,
      locale: v.locale,
      device: v.device,
      firstSeenAt: v.firstSeenAt,
      lastSeenAt: v.lastSeenAt,
    })
    .from(v)
    .where(sql`${atPrevious} ${missed}`)
    .orderBy(desc(v.lastSeenAt))
    .limit(50)
    .as("latest");
  return tx
    .select({ ...latest._.selectedFields, email: users.email })
    .from(latest)
    .leftJoin(users, eq(users.id, latest.userId))
    .orderBy(desc(latest.lastSeenAt));
}

/** Every table of the funnel page, as rows: the days, the filters' choices, the breakdown and the drop-offs. */
export async function readFunnelRows(db: Database, query: FunnelFilters, plan: FunnelPlan): Promise<FunnelRows> {
  // Each table is its own query on its own connection, so PostgreSQL answers them side by side
  // (PGlite, one connection, in turn). The filters' combined selectivity is easy to
  // underestimate, and a nested loop over the grouped orders then runs for seconds: the hash
  // join is right at every size.
  const hashJoined = <T>(read: (tx: Transaction) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_nestloop = off`);
      return read(tx);
    });
  const { breakdown, droppedStep } = plan;
  const [byDay, choiceRows, breakdownRows, droppedRows] = await Promise.all([
    hashJoined((tx) => readFunnelDays(tx, query, plan)),
    readFilterChoices(db, plan),
    breakdown ? hashJoined((tx) => readBreakdown(tx, query, plan, breakdown)) : null,
    droppedStep ? hashJoined((tx) => readDropped(tx, query, plan, droppedStep)) : null,
  ]);
  return { byDay, choiceRows, breakdownRows, droppedRows };
}
