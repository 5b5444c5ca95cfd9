import type { Database, Transaction } from "@kinderready/db/open-db";
import { analyticsEvents, analyticsVisits, funnelVisitors, orders } from "@kinderready/db/schema";
import { defaultLocale, localeCodes } from "@kinderready/i18n/locales";
import { and, asc, count, eq, gt, gte, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import UAParser from "ua-parser-js";
import { flows, flowTypes } from "../flows.ts";
import {
  type DeviceKind,
  dayRange,
  deviceKindOf,
  type FunnelFilters,
  flowOfPage,
  funnelSteps,
  localeOfPage,
  purchaseStepIndex,
  stepMaskOf,
  stepMaskSql,
  upsellStepIndex,
} from "./funnel-steps.ts";

// Each visitor's way through the funnel, one row per device, kept by analytics ingestion; the
// operator's funnel is then one indexed range scan over visitors, not a pass over every event.
// Purchases and upsells come from the orders table as well, so a lost browser event (a closed
// tab on the way back from the payment page) does not hide a sale.

const prefixedLocales = localeCodes.filter((locale) => locale !== defaultLocale).join("|");

/** The kind of device a user agent names; the same parser as the rest of analytics ingestion. */
export function deviceKindOfUserAgent(userAgent: string | null | undefined): DeviceKind {
  return deviceKindOf(userAgent ? new UAParser(userAgent).getDevice().type : undefined);
}

type FunnelEvent = { name: string; occurredAt: Date; page: string | null; properties: Record<string, unknown> };

/** Ingestion: a batch's steps join the visitor's (bits only ever added), with where they came in. */
export async function recordFunnelEvents(
  db: Database | Transaction,
  input: { deviceId: string; userId: string | null; events: readonly FunnelEvent[] },
): Promise<void> {
  const times = input.events.map((event) => event.occurredAt.getTime());
  const firstPage = input.events.find((event) => event.page)?.page;
  const flowPage = input.events.find((event) => flowOfPage(event.page))?.page;
  const row = {
    deviceId: input.deviceId,
    userId: input.userId,
    firstSeenAt: new Date(Math.min(...times)),
    lastSeenAt: new Date(Math.max(...times)),
    steps: stepMaskOf(input.events),
    locale: localeOfPage(firstPage),
    flow: flowOfPage(flowPage),
  };
  await db
    .insert(funnelVisitors)
    .values(row)
    .onConflictDoUpdate({
      target: funnelVisitors.deviceId,
      set: {
        steps: sql`${funnelVisitors.steps} | excluded.steps`,
        userId: sql`coalesce(excluded.user_id, ${funnelVisitors.userId})`,
        firstSeenAt: sql`least(${funnelVisitors.firstSeenAt}, excluded.first_seen_at)`,
        lastSeenAt: sql`greatest(${funnelVisitors.lastSeenAt}, excluded.last_seen_at)`,
        locale: sql`coalesce(${funnelVisitors.locale}, excluded.locale)`,
        flow: sql`coalesce(${funnelVisitors.flow}, excluded.flow)`,
      },
    });
}

/**
 * Ingestion of a visit's payload: the first country, campaign and device seen stay the
 * visitor's. The language is the page's (its path prefix), which events always carry.
 */
export async function recordFunnelVisit(
  db: Database,
  input: {
    deviceId: string;
    userId: string | null;
    now: Date;
    countryCode: string | null;
    utmSource: string | null;
    utmCampaign: string | null;
    device: DeviceKind;
  },
): Promise<void> {
  const { now, ...visit } = input;
  await db
    .insert(funnelVisitors)
    .values({ ...visit, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: funnelVisitors.deviceId,
      set: {
        userId: sql`coalesce(excluded.user_id, ${funnelVisitors.userId})`,
        countryCode: sql`coalesce(${funnelVisitors.countryCode}, excluded.country_code)`,
        utmSource: sql`coalesce(${funnelVisitors.utmSource}, excluded.utm_source)`,
        utmCampaign: sql`coalesce(${funnelVisitors.utmCampaign}, excluded.utm_campaign)`,
        device: sql`coalesce(${funnelVisitors.device}, excluded.device)`,
      },
    });
}

const pathWithoutLocale = `regexp_replace(page, '^/(${prefixedLocales})/', '/')`;
const flowCase = sql.raw(
  `case ${flowTypes
    .map(
      (flow) =>
        `when ${pathWithoutLocale} in ('${flows[flow].quizPath}', '${flows[flow].purchasePath}') then '${flow}'`,
    )
    .join(" ")} end`,
);

/**
 * Rebuilds every visitor's row from the stored events and visits: for data that predates the
 * table (run once at start when it is empty) and for the seeding script. Steps, language and
 * flow in one statement (the same mapping as ingestion, generated from the same step list);
 * the device from each visitor's first visit, by the same user-agent parser as ingestion.
 */
export async function rebuildVisitorFunnel(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(funnelVisitors);
    await tx.execute(sql`
      insert into ${funnelVisitors} (device_id, user_id, first_seen_at, last_seen_at, steps, locale, flow)
      select device_id,
        (array_agg(user_id order by occurred_at) filter (where user_id is not null))[1],
        min(occurred_at), max(occurred_at),
        bit_or(${sql.raw(stepMaskSql("name", "properties"))}),
        coalesce((array_agg(substring(page from ${`^/(${prefixedLocales})/`}) order by occurred_at)
          filter (where page is not null))[1], ${defaultLocale}),
        (array_agg(${flowCase} order by occurred_at) filter (where ${flowCase} is not null))[1]
      from ${analyticsEvents}
      group by device_id`);
    const pageSize = 5_000;
    let after = "";
    for (;;) {
      const visits = await tx
        .selectDistinctOn([analyticsVisits.deviceId], {
          deviceId: analyticsVisits.deviceId,
          countryCode: analyticsVisits.countryCode,
          utmSource: analyticsVisits.utmSource,
          utmCampaign: analyticsVisits.utmCampaign,
          ua: analyticsVisits.ua,
        })
        .from(analyticsVisits)
        .where(and(isNotNull(analyticsVisits.deviceId), gt(analyticsVisits.deviceId, after)))
        .orderBy(analyticsVisits.deviceId, analyticsVisits.createdAt)
        .limit(pageSize);
      const last = visits.at(-1);
      if (!last) break;
      after = last.deviceId as string;
      const rows = sql.join(
        visits.map(
          (visit) =>
            sql`(${visit.deviceId}, ${visit.countryCode}, ${visit.utmSource}, ${visit.utmCampaign}, ${deviceKindOfUserAgent(visit.ua)})`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        update ${funnelVisitors} as v
        set country_code = first.country_code, utm_source = first.utm_source,
            utm_campaign = first.utm_campaign, device = first.device
        from (values ${rows}) as first (device_id, country_code, utm_source, utm_campaign, device)
        where first.device_id = v.device_id`);
    }
  });
}

/** At start: build the table once from events stored before it existed. */
export async function backfillVisitorFunnel(db: Database): Promise<boolean> {
  const [visitor] = await db.select({ id: funnelVisitors.deviceId }).from(funnelVisitors).limit(1);
  if (visitor) return false;
  const [event] = await db.select({ id: analyticsEvents.id }).from(analyticsEvents).limit(1);
  if (!event) return false;
  await rebuildVisitorFunnel(db);
  return true;
}

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
