import type { Database } from "@kinderready/db/open-db";
import { funnelVisitors, orders } from "@kinderready/db/schema";
import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { funnelSteps, purchaseStepIndex, upsellStepIndex } from "../analytics/funnel-steps.ts";
import { dayRange, type FunnelFilters } from "./report-filters.ts";

// The operator's funnel: one indexed range scan over the visitors analytics ingestion keeps
// (analytics/visitor-funnel.server.ts). Purchases and upsells come from the orders table as
// well, so a lost browser event (a closed tab on the way back from the payment page) does not
// hide a sale.

export type FunnelStepRow = {
  id: string;
  visitors: number;
  /** Share of the previous step's visitors that reached this one (null for the first step, or after an empty one). */
  fromPrevious: number | null;
  /** Share of the first step (all visitors). */
  fromStart: number;
};

export type FunnelReport = {
  steps: FunnelStepRow[];
  /** From the first visit to the first approved subscription payment, for those who bought. */
  timeToConvert: { converters: number; medianSeconds: number | null; p90Seconds: number | null };
  daily: { day: string; visitors: number; purchases: number }[];
  /** What the filters can be set to in this range, most frequent first. */
  choices: { countries: string[]; utmSources: string[]; utmCampaigns: string[] };
};

const bit = (index: number) => sql.raw(`${(1n << BigInt(index)).toString()}::bigint`);

function visitorFilter(filters: FunnelFilters): SQL | undefined {
  const { start, end } = dayRange(filters);
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

/** The funnel for visitors first seen in the range (a cohort), step by step, with time to convert. */
export async function getFunnelReport(db: Database, filters: FunnelFilters): Promise<FunnelReport> {
  // Per parent: the first approved (or since refunded) subscription payment, and any upsell.
  const paid = db
    .select({
      userId: orders.userId,
      paidAt: sql<Date | null>`min(${orders.createdAt}) filter (where ${orders.purpose} = 'subscription')`.as(
        "paid_at",
      ),
      upsold: sql<boolean>`bool_or(${orders.purpose} in ('upsale', 'lifetime'))`.as("upsold"),
    })
    .from(orders)
    .where(inArray(orders.status, ["approved", "refunded"]))
    .groupBy(orders.userId)
    .as("paid");

  const reached = (index: number): SQL => {
    const event = sql`(${funnelVisitors.steps} & ${bit(index)}) <> 0`;
    if (index === purchaseStepIndex) return sql`(${event} or ${paid.paidAt} is not null)`;
    if (index === upsellStepIndex) return sql`(${event} or coalesce(${paid.upsold}, false))`;
    return event;
  };
  const stepCounts = Object.fromEntries(
    funnelSteps.map((_, index) => [
      `s${index}`,
      sql<number>`count(*) filter (where ${reached(index)})`.mapWith(Number),
    ]),
  );
  const convertSeconds = sql`extract(epoch from ${paid.paidAt} - ${funnelVisitors.firstSeenAt})`;
  const converted = sql`${paid.paidAt} >= ${funnelVisitors.firstSeenAt}`;
  const day = sql<string>`to_char(date_trunc('day', ${funnelVisitors.firstSeenAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const where = visitorFilter(filters);
  const { start, end } = dayRange(filters);
  const inRange = and(gte(funnelVisitors.firstSeenAt, start), lt(funnelVisitors.firstSeenAt, end));
  const [byDay, choiceRows] = await db.transaction(async (tx) => {
    // The filters' combined selectivity is easy to underestimate, and a nested loop over the
    // grouped orders then runs for seconds; the hash join is right at every size.
    await tx.execute(sql`set local enable_nestloop = off`);
    // One connection: one query at a time (node-postgres deprecates queueing them). Each query
    // reads the range once: grouping sets give the days and the total (or the three choice
    // lists) from the same scan.
    return [
      await tx
        .select({
          day,
          total: sql<number>`grouping(${day})`.mapWith(Number),
          ...stepCounts,
          visitors: count(),
          purchases: sql<number>`count(*) filter (where ${paid.paidAt} is not null)`.mapWith(Number),
          converters: sql<number>`count(*) filter (where ${converted})`.mapWith(Number),
          median: sql<
            number | null
          >`percentile_cont(0.5) within group (order by ${convertSeconds}) filter (where ${converted})`,
          p90: sql<
            number | null
          >`percentile_cont(0.9) within group (order by ${convertSeconds}) filter (where ${converted})`,
        })
        .from(funnelVisitors)
        .leftJoin(paid, eq(paid.userId, funnelVisitors.userId))
        .where(where)
        .groupBy(sql`grouping sets ((${day}), ())`)
        .orderBy(asc(day)),
      await tx
        .select({
          country: funnelVisitors.countryCode,
          utmSource: funnelVisitors.utmSource,
          utmCampaign: funnelVisitors.utmCampaign,
          set: sql<number>`grouping(${funnelVisitors.countryCode}, ${funnelVisitors.utmSource}, ${funnelVisitors.utmCampaign})`.mapWith(
            Number,
          ),
          visitors: count(),
        })
        .from(funnelVisitors)
        .where(inRange)
        .groupBy(
          sql`grouping sets ((${funnelVisitors.countryCode}), (${funnelVisitors.utmSource}), (${funnelVisitors.utmCampaign}))`,
        ),
    ] as const;
  });
  const totals = byDay.find((row) => row.total === 1);
  const daily = byDay
    .filter((row) => row.total === 0)
    .map((row) => ({ day: row.day, visitors: row.visitors, purchases: row.purchases }));
  // grouping(a, b, c) is a bit mask of the columns left out: 0b011 is the country's set, and so on.
  const topValues = (set: number, pick: (row: (typeof choiceRows)[number]) => string | null) =>
    choiceRows
      .filter((row) => row.set === set && pick(row) !== null)
      .sort((a, b) => b.visitors - a.visitors || String(pick(a)).localeCompare(String(pick(b))))
      .slice(0, 50)
      .map((row) => pick(row) as string);

  const counts = funnelSteps.map((_, index) => Number((totals as Record<string, unknown>)[`s${index}`] ?? 0));
  const first = counts[0] ?? 0;
  const steps = funnelSteps.map((step, index): FunnelStepRow => {
    const visitors = counts[index] ?? 0;
    const previous = index === 0 ? null : (counts[index - 1] ?? 0);
    return {
      id: step.id,
      visitors,
      // No one at the step before: no rate to speak of.
      fromPrevious: previous ? visitors / previous : null,
      fromStart: first ? visitors / first : 0,
    };
  });
  const seconds = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value)));
  return {
    steps,
    timeToConvert: {
      converters: Number(totals?.converters ?? 0),
      medianSeconds: seconds(totals?.median),
      p90Seconds: seconds(totals?.p90),
    },
    daily,
    choices: {
      countries: topValues(0b011, (row) => row.country),
      utmSources: topValues(0b101, (row) => row.utmSource),
      utmCampaigns: topValues(0b110, (row) => row.utmCampaign),
    },
  };
}
