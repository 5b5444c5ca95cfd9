import type { Database } from "@kinderready/db/open-db";
import { analyticsEvents, analyticsVisits, funnelVisitors } from "@kinderready/db/schema";
import { sql } from "drizzle-orm";
import UAParser from "ua-parser-js";
import { findParent } from "../parents/find-parent.server.ts";
import { upsellPageUrlField } from "../upsell-wire.ts";
import { type AnalyticsBatch, type AnalyticsPayload, maxClockSkewMs } from "./analytics-schema.ts";
import { deviceKindOf } from "./funnel-steps.ts";
import { recordFunnelEvents, recordFunnelVisit } from "./visitor-funnel.server.ts";

// Ingestion is the funnel's hottest write path: one indexed lookup and one multi-row insert per
// batch, nothing else in the request. Forwarding to other services happens in jobs.

async function userIdFor(db: Database, token: string | undefined): Promise<string | null> {
  return token ? ((await findParent(db, { token }))?.id ?? null) : null;
}

/** Stores a batch of browser events; events already stored (a re-sent batch) are skipped. */
export async function recordAnalyticsEvents(
  db: Database,
  input: { batch: AnalyticsBatch; now: Date },
): Promise<{ accepted: number }> {
  const { batch, now } = input;
  const userId = await userIdFor(db, batch.user_token);
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
  await db.transaction(async (tx) => {
    await tx.insert(analyticsEvents).values(rows).onConflictDoNothing({ target: analyticsEvents.eventId });
    await recordFunnelEvents(tx, { deviceId: batch.device_id, userId, events: rows });
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
  db: Database,
  input: { payload: AnalyticsPayload; userAgent: string | undefined; now: Date },
): Promise<void> {
  const { payload } = input;
  const ua = payload.ua ?? input.userAgent;
  const parsed = ua ? new UAParser(ua).getResult() : undefined;
  const userId = await userIdFor(db, payload.user_token);
  await db.insert(analyticsVisits).values({
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
    // Pages do not send the country: the server placed the visit when it served the page, and
    // the device's funnel row has it.
    countryCode: payload.country_code
      ? payload.country_code
      : payload.device_id
        ? sql<
            string | null
          >`(select ${funnelVisitors.countryCode} from ${funnelVisitors} where ${funnelVisitors.deviceId} = ${payload.device_id})`
        : null,
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
    await recordFunnelVisit(db, {
      deviceId: payload.device_id,
      userId,
      now: input.now,
      countryCode: payload.country_code ?? null,
      utmSource: payload.utm_source ?? null,
      utmCampaign: payload.utm_campaign ?? null,
      device: deviceKindOf(parsed?.device.type),
    });
  }
}
