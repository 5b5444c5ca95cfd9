import type { Database, Transaction } from "@kinderready/db/open-db";
import { funnelVisitors, orders, users } from "@kinderready/db/schema";
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { funnelSteps, purchaseStepIndex, upsellStepIndex } from "../analytics/funnel-steps.ts";
import { paidOrderStatuses } from "../payments/paid-orders.ts";
import { upsellKind } from "../upsell-wire.ts";
import {
  dayRange,
  defaultFunnelWindow,
  type FunnelDimension,
  type FunnelFilters,
  type FunnelQuery,
  type FunnelWindow,
} from "./report-filters.ts";

// The operator's funnel: visitors first seen in the range (a cohort), read as an ordered funnel
// over the rows analytics ingestion and the server keep (analytics/visitor-funnel.server.ts). A
// visitor counts at a step once they passed it, and every required step before it, within the
// conversion window from their first step; a step some visitors rightly skip is counted but
// required of no one. Purchases and upsells also come from the orders table (ADR 0046), so a
// lost browser event never hides a sale. One range scan per table the page shows.

export type FunnelStepRow = {
  id: string;
  /** A step some visitors rightly skip: required of no one after it. */
  optional: boolean;
  visitors: number;
  /** Share of the previous required step's visitors (null for the first step, or after an empty one). */
  fromPrevious: number | null;
  /** Share of the first step (all visitors). */
  fromStart: number;
  /** The same step in the period of the same length just before. */
  previous: { visitors: number; fromStart: number };
};

export type DroppedVisitor = {
  deviceId: string;
  userId: string | null;
  email: string | null;
  countryCode: string | null;
  locale: string | null;
  device: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
};

export type FunnelReport = {
  windowDays: FunnelWindow;
  steps: FunnelStepRow[];
  /** The period compared with: as many days, just before the range. */
  previousPeriod: { from: string; to: string };
  /** From the first visit to the first payment, for those counted as buyers. */
  timeToConvert: { converters: number; medianSeconds: number | null; p90Seconds: number | null };
  daily: { day: string; visitors: number; purchases: number }[];
  /** What the filters can be set to in this range, most frequent first. */
  choices: { countries: string[]; utmSources: string[]; utmCampaigns: string[] };
  /** The 20 values with most visitors, each with its visitors at every step shown (`steps`). */
  breakdown: { dimension: FunnelDimension; steps: string[]; rows: { value: string | null; counts: number[] }[] } | null;
  /** Who reached the step before `step` and not `step`: the latest 50, and how many in all. */
  dropped: { step: string; total: number; visitors: DroppedVisitor[] } | null;
};

/** The funnel's steps as the page reads them: every step, or only the key ones. */
function chainOf(view: "all" | "key") {
  const chain = funnelSteps.map((step, index) => ({ ...step, index })).filter((step) => view === "all" || step.key);
  // For each step: how many required steps come before it in the chain.
  let required = 0;
  return chain.map((step) => {
    const entry = { ...step, requiredBefore: required };
    if (!step.optional) required += 1;
    return entry;
  });
}

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

/** A percentile of sorted values, interpolated between the two nearest (PostgreSQL's percentile_cont), in whole units. */
function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = fraction * (sorted.length - 1);
  const below = sorted[Math.floor(position)] ?? 0;
  const above = sorted[Math.ceil(position)] ?? below;
  return Math.round(below + (above - below) * (position - Math.floor(position)));
}

/** The day range just before, as many days long. */
function previousRange(start: Date, end: Date) {
  const length = end.getTime() - start.getTime();
  const previousStart = new Date(start.getTime() - length);
  const lastDay = new Date(start.getTime() - 86_400_000);
  return {
    start: previousStart,
    days: { from: previousStart.toISOString().slice(0, 10), to: lastDay.toISOString().slice(0, 10) },
  };
}

export async function getFunnelReport(
  db: Database,
  query: FunnelFilters & Partial<FunnelQuery>,
): Promise<FunnelReport> {
  const windowDays = query.window ?? defaultFunnelWindow;
  const chain = chainOf(query.steps ?? "all");
  const requiredCount = chain.filter((step) => !step.optional).length;
  const { start, end } = dayRange(query);
  const previous = previousRange(start, end);

  // Per parent: the first subscription payment and the first upsell that are sales.
  const paid = db
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

  // The steps the visitor reached within the window: the row's own mask for that window, with
  // the first payment and the first upsell that are sales added from the orders.
  const reach = reachColumns[windowDays];
  const window = sql.raw(`interval '${windowDays} days'`);
  const soldWithin = (at: SQL.Aliased, index: number) =>
    sql`case when ${at} - ${funnelVisitors.firstSeenAt} <= ${window} then ${bit(index)} else 0 end`;
  // How many of the chain's required steps the visitor passed in a row: the first one missed
  // ends it (a CASE stops at the first true branch). A step only the browser reports is passed
  // when it, or a later step up to the next one the server records, was reached: a lost batch
  // of events must not end a visitor's way through the quiz.
  const requiredSteps = chain.filter((step) => !step.optional);
  const passedMask = (step: (typeof requiredSteps)[number], position: number) => {
    if (step.server) return bit(step.index);
    const anchor = requiredSteps.findIndex((later, at) => at > position && later.server);
    return bit(...requiredSteps.slice(position, anchor < 0 ? undefined : anchor + 1).map((later) => later.index));
  };
  const depth = sql`case ${sql.join(
    requiredSteps.map(
      (step, position) => sql`when (reached & ${passedMask(step, position)}) = 0 then ${sql.raw(String(position))}`,
    ),
    sql` `,
  )} else ${sql.raw(String(requiredCount))} end`;
  const countedAt = (step: (typeof chain)[number]): SQL =>
    step.optional
      ? sql`(depth >= ${sql.raw(String(step.requiredBefore))} and ${sql.raw(`o${step.index}`)})`
      : sql`depth > ${sql.raw(String(step.requiredBefore))}`;
  const purchaseInChain = chain.find((step) => step.index === purchaseStepIndex);

  /** The visitors of a range, each with how far they got: the base of every table on the page. */
  const visitorsBetween = (from: Date, until: Date) => {
    const base = db
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
        inRange: sql<boolean>`${funnelVisitors.firstSeenAt} >= ${start.toISOString()}::timestamptz`.as("in_range"),
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
      .as("base");
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
        depth: sql<number>`${depth}`.as("depth"),
        ...Object.fromEntries(
          chain
            .filter((step) => step.optional)
            .map((step) => [`o${step.index}`, sql<boolean>`(reached & ${bit(step.index)}) <> 0`.as(`o${step.index}`)]),
        ),
      })
      .from(base)
      .limit(wholeSubquery)
      .as("v");
  };

  // Raw column names: each count reads the visitors subquery the statement selects from.
  const stepCounts = Object.fromEntries(
    chain.map((step) => [`s${step.index}`, sql<number>`count(*) filter (where ${countedAt(step)})`.mapWith(Number)]),
  );

  const current = visitorsBetween(previous.start, end);
  const converted = purchaseInChain ? countedAt(purchaseInChain) : sql`false`;
  const convertSeconds = sql.raw("convert_seconds");
  const day = sql<string>`day`;
  const period = sql<string>`case when in_range then 'current' else 'previous' end`;
  const choiceRange = and(gte(funnelVisitors.firstSeenAt, start), lt(funnelVisitors.firstSeenAt, end));

  const breakdown = query.breakdown;
  // The first step has no step before it to drop from.
  const droppedStep = chain.find((step) => step.id === query.dropped && (step.optional || step.requiredBefore > 0));

  /** The 20 largest values of a dimension, each with its visitors at every step shown. */
  const breakdownOf = async (tx: Transaction, dimension: FunnelDimension) => {
    const v = visitorsBetween(start, end);
    const value = v[dimensionFields[dimension]];
    const rows = await tx
      .select({ value, ...stepCounts })
      .from(v)
      .groupBy(value)
      .orderBy(desc(sql`count(*)`), value)
      .limit(20);
    return rows.map(({ value: dimensionValue, ...counts }) => ({ value: dimensionValue, counts }));
  };
  /** The latest 50 who reached the step before `step` and not `step`. */
  const droppedAt = async (tx: Transaction, step: (typeof chain)[number]): Promise<DroppedVisitor[]> => {
    const v = visitorsBetween(start, end);
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
    const rows = await tx
      .select({ ...latest._.selectedFields, email: users.email })
      .from(latest)
      .leftJoin(users, eq(users.id, latest.userId))
      .orderBy(desc(latest.lastSeenAt));
    return rows.map((row) => ({
      ...row,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    }));
  };

  // Each table is its own query on its own connection, so PostgreSQL answers them side by side
  // (PGlite, one connection, in turn). The filters' combined selectivity is easy to
  // underestimate, and a nested loop over the grouped orders then runs for seconds: the hash
  // join is right at every size.
  const hashJoined = <T>(read: (tx: Transaction) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_nestloop = off`);
      return read(tx);
    });
  const [byDay, choiceRows, breakdownRows, droppedRows] = await Promise.all([
    // The range and the period before are one scan, hashed by day: each visitor has one first
    // day, so the days add up to the totals, and the buyers' times to convert come along for
    // their percentiles (an ordered aggregate would sort every row).
    hashJoined((tx) =>
      tx
        .select({
          period,
          day,
          ...stepCounts,
          visitors: sql<number>`count(*)`.mapWith(Number),
          purchases: sql<number>`count(*) filter (where ${converted})`.mapWith(Number),
          convertSeconds: sql<number[] | null>`array_agg(${convertSeconds}) filter (where ${converted})`,
        })
        .from(current)
        .groupBy(period, day),
    ),
    db
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
      .where(choiceRange)
      .groupBy(
        sql`grouping sets ((${funnelVisitors.countryCode}), (${funnelVisitors.utmSource}), (${funnelVisitors.utmCampaign}))`,
      ),
    breakdown ? hashJoined((tx) => breakdownOf(tx, breakdown)) : null,
    droppedStep ? hashJoined((tx) => droppedAt(tx, droppedStep)) : null,
  ]);

  const countsOf = (row: Record<string, unknown> | undefined) =>
    chain.map((step) => Number(row?.[`s${step.index}`] ?? 0));
  const totalOf = (name: "current" | "previous") => {
    const sums = countsOf(undefined);
    for (const row of byDay) {
      if (row.period !== name) continue;
      for (const [position, count] of countsOf(row).entries()) sums[position] = (sums[position] ?? 0) + count;
    }
    return sums;
  };
  const counts = totalOf("current");
  const previousCounts = totalOf("previous");
  const first = counts[0] ?? 0;
  const previousFirst = previousCounts[0] ?? 0;
  let lastRequired: number | null = null;
  const steps = chain.map((step, position): FunnelStepRow => {
    const visitors = counts[position] ?? 0;
    const before = lastRequired === null ? null : (counts[lastRequired] ?? 0);
    if (!step.optional) lastRequired = position;
    const previousVisitors = previousCounts[position] ?? 0;
    return {
      id: step.id,
      optional: step.optional === true,
      visitors,
      // No one at the step before: no rate to speak of.
      fromPrevious: before ? visitors / before : null,
      fromStart: first ? visitors / first : 0,
      previous: { visitors: previousVisitors, fromStart: previousFirst ? previousVisitors / previousFirst : 0 },
    };
  });

  const inRange = byDay.filter((row) => row.period === "current");
  let dropped: FunnelReport["dropped"] = null;
  if (droppedStep && droppedRows) {
    // Who reached the step before and not this one: the count before less this step's.
    const position = chain.indexOf(droppedStep);
    const before = chain.slice(0, position).findLastIndex((step) => !step.optional);
    const reachedBefore = before < 0 ? inRange.reduce((sum, row) => sum + row.visitors, 0) : (counts[before] ?? 0);
    dropped = { step: droppedStep.id, total: reachedBefore - (counts[position] ?? 0), visitors: droppedRows };
  }
  const convertTimes = inRange.flatMap((row) => (row.convertSeconds ?? []).map(Number)).sort((a, b) => a - b);
  const daily = inRange
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((row) => ({ day: row.day, visitors: row.visitors, purchases: row.purchases }));
  // grouping(a, b, c) is a bit mask of the columns left out: 0b011 is the country's set, and so on.
  const topValues = (set: number, pick: (row: (typeof choiceRows)[number]) => string | null) =>
    choiceRows
      .filter((row) => row.set === set && pick(row) !== null)
      .sort((a, b) => b.visitors - a.visitors || String(pick(a)).localeCompare(String(pick(b))))
      .slice(0, 50)
      .map((row) => pick(row) as string);
  return {
    windowDays,
    steps,
    previousPeriod: previous.days,
    timeToConvert: {
      converters: convertTimes.length,
      medianSeconds: percentile(convertTimes, 0.5),
      p90Seconds: percentile(convertTimes, 0.9),
    },
    daily,
    choices: {
      countries: topValues(0b011, (row) => row.country),
      utmSources: topValues(0b101, (row) => row.utmSource),
      utmCampaigns: topValues(0b110, (row) => row.utmCampaign),
    },
    breakdown:
      breakdown && breakdownRows
        ? {
            dimension: breakdown,
            steps: chain.map((step) => step.id),
            rows: breakdownRows.map((row) => ({ value: row.value, counts: countsOf(row.counts) })),
          }
        : null,
    dropped,
  };
}
