import type { Database, Transaction } from "@kinderready/db/open-db";
import { analyticsEvents, analyticsVisits, funnelVisitors } from "@kinderready/db/schema";
import { defaultLocale, localeCodes } from "@kinderready/i18n/locales";
import { and, gt, isNotNull, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import UAParser from "ua-parser-js";
import { flows, flowTypes } from "../flows.ts";
import {
  type DeviceKind,
  deviceKindOf,
  epochSeconds,
  flowOfPage,
  funnelSteps,
  localeOfPage,
  stepIndex,
  stepIndexSql,
  stepMaskOf,
  stepTimesOf,
} from "./funnel-steps.ts";

// Each visitor's way through the funnel, one row per device, kept by analytics ingestion, so the
// operator's funnel (console/funnel-report.server.ts) is one indexed range scan over visitors,
// not a pass over every event.

const prefixedLocales = localeCodes.filter((locale) => locale !== defaultLocale).join("|");

/** The kind of device a user agent names; the same parser as the rest of analytics ingestion. */
export function deviceKindOfUserAgent(userAgent: string | null | undefined): DeviceKind {
  return deviceKindOf(userAgent ? new UAParser(userAgent).getDevice().type : undefined);
}

type FunnelEvent = { name: string; occurredAt: Date; page: string | null; properties: Record<string, unknown> };

/** A step-times array as a SQL literal (nulls where no step was reached). */
const stepTimesLiteral = (times: readonly (number | null)[]) =>
  sql`${`{${times.map((time) => (time === null ? "NULL" : String(time))).join(",")}}`}::bigint[]`;

/**
 * How a new sighting joins the visitor's row: steps only ever added, each step's time the
 * earliest seen, the first place, campaign and device kept, the latest parent known.
 */
const mergeSighting = {
  steps: sql`${funnelVisitors.steps} | excluded.steps`,
  stepTimes: sql`array(
    select least(old_time, new_time)
    from unnest(${funnelVisitors.stepTimes}, excluded.step_times) with ordinality as merged (old_time, new_time, position)
    order by position)`,
  userId: sql`coalesce(excluded.user_id, ${funnelVisitors.userId})`,
  firstSeenAt: sql`least(${funnelVisitors.firstSeenAt}, excluded.first_seen_at)`,
  lastSeenAt: sql`greatest(${funnelVisitors.lastSeenAt}, excluded.last_seen_at)`,
  locale: sql`coalesce(${funnelVisitors.locale}, excluded.locale)`,
  flow: sql`coalesce(${funnelVisitors.flow}, excluded.flow)`,
  countryCode: sql`coalesce(${funnelVisitors.countryCode}, excluded.country_code)`,
  utmSource: sql`coalesce(${funnelVisitors.utmSource}, excluded.utm_source)`,
  utmCampaign: sql`coalesce(${funnelVisitors.utmCampaign}, excluded.utm_campaign)`,
  device: sql`coalesce(${funnelVisitors.device}, excluded.device)`,
};

/** Ingestion: a batch's steps join the visitor's (bits only ever added), with where they came in. */
export async function recordFunnelEvents(
  db: Database | Transaction,
  input: { deviceId: string; userId: string | null; events: readonly FunnelEvent[] },
): Promise<void> {
  const times = input.events.map((event) => event.occurredAt.getTime());
  const firstPage = input.events.find((event) => event.page)?.page;
  const flowPage = input.events.find((event) => flowOfPage(event.page))?.page;
  await db
    .insert(funnelVisitors)
    .values({
      deviceId: input.deviceId,
      userId: input.userId,
      firstSeenAt: new Date(Math.min(...times)),
      lastSeenAt: new Date(Math.max(...times)),
      steps: stepMaskOf(input.events),
      stepTimes: stepTimesLiteral(stepTimesOf(input.events)),
      locale: localeOfPage(firstPage),
      flow: flowOfPage(flowPage),
    })
    .onConflictDoUpdate({ target: funnelVisitors.deviceId, set: mergeSighting });
}

/** Where a visitor came from and on what, as the server sees a request. */
export type ServerSighting = {
  deviceId: string;
  userId: string | null;
  at: Date;
  /** The page's path: its language and flow. */
  page: string;
  countryCode: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  userAgent: string | null;
};

/**
 * A step the server saw itself (a page it served, an email it stored, a checkout it started),
 * so the funnel does not depend on the browser's events arriving: one upsert per request.
 */
export async function recordServerSteps(
  db: Database,
  input: ServerSighting & { steps: readonly string[] },
): Promise<void> {
  await recordServerSightings(db, [input]);
}

/**
 * Many requests' steps at once, as a busy server records them: one upsert for as many
 * different devices as there are, another for a device seen again in the same batch (one
 * statement may not update a row twice), each merged as a single sighting is.
 */
export async function recordServerSightings(
  db: Database,
  sightings: readonly (ServerSighting & { steps: readonly string[] })[],
): Promise<void> {
  const statements: PgInsertValue<typeof funnelVisitors>[][] = [];
  for (const sighting of sightings) {
    const row = visitorRowOf(sighting);
    const statement = statements.find((rows) => rows.every((other) => other.deviceId !== row.deviceId));
    if (statement) statement.push(row);
    else statements.push([row]);
  }
  for (const rows of statements) {
    await db
      .insert(funnelVisitors)
      .values(rows)
      .onConflictDoUpdate({ target: funnelVisitors.deviceId, set: mergeSighting });
  }
}

function visitorRowOf(input: ServerSighting & { steps: readonly string[] }): PgInsertValue<typeof funnelVisitors> {
  const at = epochSeconds(input.at);
  const times = funnelSteps.map((step) => (input.steps.includes(step.id) ? at : null));
  const mask = input.steps.reduce((bits, id) => bits | (1n << BigInt(stepIndex(id))), 0n);
  return {
    deviceId: input.deviceId,
    userId: input.userId,
    firstSeenAt: input.at,
    lastSeenAt: input.at,
    steps: mask,
    stepTimes: stepTimesLiteral(times),
    locale: localeOfPage(input.page),
    flow: flowOfPage(input.page),
    countryCode: input.countryCode?.toLowerCase() ?? null,
    utmSource: input.utmSource,
    utmCampaign: input.utmCampaign,
    device: deviceKindOfUserAgent(input.userAgent),
  };
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
        userId: mergeSighting.userId,
        countryCode: mergeSighting.countryCode,
        utmSource: mergeSighting.utmSource,
        utmCampaign: mergeSighting.utmCampaign,
        device: mergeSighting.device,
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
 * Merges every stored event and visit into the visitors' rows: for data that predates the table
 * (run once at start when it is empty) and for the seeding script. Steps, their first times,
 * language and flow in one statement (the same mapping as ingestion, generated from the same
 * step list), merged as ingestion merges, so what the server recorded itself stays; the device
 * from each visitor's first visit, by the same user-agent parser as ingestion.
 */
export async function rebuildVisitorFunnel(db: Database): Promise<void> {
  const stepTimes = funnelSteps
    .map((_, index) => `extract(epoch from min(occurred_at) filter (where step = ${index}))::bigint`)
    .join(", ");
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${funnelVisitors} (device_id, user_id, first_seen_at, last_seen_at, steps, step_times, locale, flow)
      select device_id,
        (array_agg(user_id order by occurred_at) filter (where user_id is not null))[1],
        min(occurred_at), max(occurred_at),
        coalesce(bit_or(1::bigint << step), 0),
        array[${sql.raw(stepTimes)}],
        coalesce((array_agg(substring(page from ${`^/(${prefixedLocales})/`}) order by occurred_at)
          filter (where page is not null))[1], ${defaultLocale}),
        (array_agg(${flowCase} order by occurred_at) filter (where ${flowCase} is not null))[1]
      -- offset 0 keeps the subquery whole: flattened, its step CASE is evaluated again for each of
      -- the aggregates that read it (28 s instead of 0.6 s on a million events).
      from (select *, ${sql.raw(stepIndexSql("name", "properties"))} as step from ${analyticsEvents} offset 0) as event
      group by device_id
      on conflict (device_id) do update set
        steps = ${mergeSighting.steps}, step_times = ${mergeSighting.stepTimes}, user_id = ${mergeSighting.userId},
        first_seen_at = ${mergeSighting.firstSeenAt}, last_seen_at = ${mergeSighting.lastSeenAt},
        locale = ${mergeSighting.locale}, flow = ${mergeSighting.flow}`);
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
        set country_code = coalesce(v.country_code, first.country_code),
            utm_source = coalesce(v.utm_source, first.utm_source),
            utm_campaign = coalesce(v.utm_campaign, first.utm_campaign), device = coalesce(v.device, first.device)
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
