import type { Database } from "@kinderready/db/open-db";
import UAParser from "ua-parser-js";
import { findParent } from "../parents/find-parent.server.ts";
import { upsellPageUrlField } from "../upsell-wire.ts";
import { insertAnalyticsEvents, insertAnalyticsVisit } from "./analytics-event-queries.server.ts";
import { type AnalyticsBatch, type AnalyticsPayload, maxClockSkewMs } from "./analytics-schema.ts";
import { deviceKindOf, flowOfPage, localeOfPage, stepMaskOf, stepTimesOf } from "./funnel-steps.ts";
import { type FunnelVisitorRow, mergeFunnelVisit, mergeFunnelVisitors } from "./visitor-funnel-queries.server.ts";

// Ingestion is the funnel's hottest write path: one indexed lookup and one multi-row insert per
// batch, nothing else in the request. Forwarding to other services happens in jobs.

async function userIdFor(deps: { db: Database }, token: string | undefined): Promise<string | null> {
  return token ? ((await findParent(deps, { token }))?.id ?? null) : null;
}

type FunnelEvent = { name: string; occurredAt: Date; page: string | null; properties: Record<string, unknown> };

/** Ingestion: a batch's steps join the visitor's (bits only ever added), with where they came in. */
function funnelVisitorOf(input: {
  deviceId: string;
  userId: string | null;
  events: readonly FunnelEvent[];
}): FunnelVisitorRow {
  const times = input.events.map((event) => event.occurredAt.getTime());
  const firstPage = input.events.find((event) => event.page)?.page;
  const flowPage = input.events.find((event) => flowOfPage(event.page))?.page;
  return {
    deviceId: input.deviceId,
    userId: input.userId,
    firstSeenAt: new Date(Math.min(...times)),
    lastSeenAt: new Date(Math.max(...times)),
    steps: stepMaskOf(input.events),
    stepTimes: stepTimesOf(input.events),
    locale: localeOfPage(firstPage),
    flow: flowOfPage(flowPage),
  };
}

/** Stores a batch of browser events; events already stored (a re-sent batch) are skipped. */
export async function recordAnalyticsEvents(
  deps: { db: Database },
  input: { batch: AnalyticsBatch; now: Date },
): Promise<{ accepted: number }> {
  const { batch, now } = input;
  const userId = await userIdFor(deps, batch.user_token);
  const userProperties = batch.user_properties ?? {};
  const rows = batch.events.map((event) => ({
    eventId: event.event_id,
    name: event.name,
    userId,
    deviceId: batch.device_id,
    sessionId: batch.session_id,
    // A wrong device clock must not scatter events across the calendar.
    occurredAt: Math.abs(event.time - now.getTime()) > maxClockSkewMs ? now : new Date(event.time),
    page: event.page ?? null,
    properties: event.properties ?? {},
    userProperties,
  }));
  // One commit for both writes: the funnel row never misses a stored batch, and the server
  // flushes its log once per batch instead of twice.
  await deps.db.transaction(async (tx) => {
    await insertAnalyticsEvents(tx, rows);
    await mergeFunnelVisitors(tx, [funnelVisitorOf({ deviceId: batch.device_id, userId, events: rows })]);
  });
  return { accepted: rows.length };
}

const withoutQuery = (url: string | undefined) => {
  if (!url) return null;
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/**
 * Stores the analytics payload of a page view: attribution, device and place. Device fields
 * the browser left out come from its user agent; page addresses lose their query (tokens).
 */
export async function recordAnalyticsVisit(
  deps: { db: Database },
  input: { payload: AnalyticsPayload; userAgent: string | undefined; now: Date },
): Promise<void> {
  const { payload } = input;
  const ua = payload.ua ?? input.userAgent;
  const parsed = ua ? new UAParser(ua).getResult() : undefined;
  const userId = await userIdFor(deps, payload.user_token);
  await insertAnalyticsVisit(deps.db, {
    userId,
    deviceId: payload.device_id ?? null,
    ua: ua ?? null,
    platform: payload.platform ?? parsed?.os.name ?? null,
    browserName: payload.browser_name ?? parsed?.browser.name ?? null,
    browserVersion: payload.browser_version ?? parsed?.browser.version ?? null,
    deviceVendor: payload.device_vendor ?? parsed?.device.vendor ?? null,
    deviceModel: payload.device_model ?? parsed?.device.model ?? null,
    locale: payload.locale,
    host: payload.host ?? null,
    countryCode: payload.country_code,
    utmCampaign: payload.utm_campaign ?? null,
    utmMedium: payload.utm_medium ?? null,
    utmSource: payload.utm_source ?? null,
    gclid: payload.gclid ?? null,
    clientId: payload.client_id ?? null,
    fbPixelId: payload.fb_pixel_id ?? null,
    fbc: payload.fbc ?? null,
    fbp: payload.fbp ?? null,
    fbclid: payload.fbclid ?? null,
    ttclid: payload.ttclid ?? null,
    pageUrl: withoutQuery(payload.purchase_url ?? payload[upsellPageUrlField]),
  });
  if (payload.device_id) {
    // The first country, campaign and device seen stay the visitor's. The language is the page's
    // (its path prefix), which events always carry.
    await mergeFunnelVisit(deps.db, {
      deviceId: payload.device_id,
      userId,
      countryCode: payload.country_code ?? null,
      utmSource: payload.utm_source ?? null,
      utmCampaign: payload.utm_campaign ?? null,
      device: deviceKindOf(parsed?.device.type),
      firstSeenAt: input.now,
      lastSeenAt: input.now,
    });
  }
}
