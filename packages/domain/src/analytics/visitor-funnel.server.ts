import type { Database } from "@kinderready/db/open-db";
import UAParser from "ua-parser-js";
import { findAnyAnalyticsEvent } from "./analytics-event-queries.server.ts";
import {
  type DeviceKind,
  deviceKindOf,
  epochSeconds,
  flowOfPage,
  funnelSteps,
  localeOfPage,
  stepIndex,
} from "./funnel-steps.ts";
import {
  type FunnelVisitorRow,
  fillVisitorsFirstVisit,
  findAnyFunnelVisitor,
  listFirstVisitsAfter,
  mergeFunnelVisitors,
  mergeStoredEventsIntoVisitors,
} from "./visitor-funnel-queries.server.ts";

// Each visitor's way through the funnel, one row per device, kept by analytics ingestion, so the
// operator's funnel (console/funnel-report.server.ts) is one indexed range scan over visitors,
// not a pass over every event.

/** The kind of device a user agent names; the same parser as the rest of analytics ingestion. */
function deviceKindOfUserAgent(userAgent: string | null | undefined): DeviceKind {
  return deviceKindOf(userAgent ? new UAParser(userAgent).getDevice().type : undefined);
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
  deps: { db: Database },
  input: ServerSighting & { steps: readonly string[] },
): Promise<void> {
  await recordServerSightings(deps, [input]);
}

/**
 * Many requests' steps at once, as a busy server records them: one upsert for as many
 * different devices as there are, another for a device seen again in the same batch (one
 * statement may not update a row twice), each merged as a single sighting is.
 */
export async function recordServerSightings(
  deps: { db: Database },
  sightings: readonly (ServerSighting & { steps: readonly string[] })[],
): Promise<void> {
  const statements: FunnelVisitorRow[][] = [];
  for (const sighting of sightings) {
    const row = visitorRowOf(sighting);
    const statement = statements.find((rows) => rows.every((other) => other.deviceId !== row.deviceId));
    if (statement) statement.push(row);
    else statements.push([row]);
  }
  for (const rows of statements) await mergeFunnelVisitors(deps.db, rows);
}

function visitorRowOf(input: ServerSighting & { steps: readonly string[] }): FunnelVisitorRow {
  const at = epochSeconds(input.at);
  const times = funnelSteps.map((step) => (input.steps.includes(step.id) ? at : null));
  const mask = input.steps.reduce((bits, id) => bits | (1n << BigInt(stepIndex(id))), 0n);
  return {
    deviceId: input.deviceId,
    userId: input.userId,
    firstSeenAt: input.at,
    lastSeenAt: input.at,
    steps: mask,
    stepTimes: times,
    locale: localeOfPage(input.page),
    flow: flowOfPage(input.page),
    countryCode: input.countryCode?.toLowerCase() ?? null,
    utmSource: input.utmSource,
    utmCampaign: input.utmCampaign,
    device: deviceKindOfUserAgent(input.userAgent),
  };
}

/**
 * Merges every stored event and visit into the visitors' rows: for data that predates the table
 * (run once at start when it is empty) and for the seeding script. Steps, their first times,
 * language and flow in one statement, merged as ingestion merges, so what the server recorded
 * itself stays; the device from each visitor's first visit, by the same user-agent parser as
 * ingestion.
 */
export async function rebuildVisitorFunnel(deps: { db: Database }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await mergeStoredEventsIntoVisitors(tx);
    const pageSize = 5_000;
    let after = "";
    for (;;) {
      const visits = await listFirstVisitsAfter(tx, after, pageSize);
      const last = visits.at(-1);
      if (!last) break;
      after = last.deviceId as string;
      await fillVisitorsFirstVisit(
        tx,
        visits.map((visit) => ({ ...visit, device: deviceKindOfUserAgent(visit.ua) })),
      );
    }
  });
}

/** At start: build the table once from events stored before it existed. */
export async function backfillVisitorFunnel(deps: { db: Database }): Promise<boolean> {
  const visitor = await findAnyFunnelVisitor(deps.db);
  if (visitor) return false;
  const event = await findAnyAnalyticsEvent(deps.db);
  if (!event) return false;
  await rebuildVisitorFunnel(deps);
  return true;
}
