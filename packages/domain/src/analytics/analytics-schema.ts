import { localeCodes } from "@kinderready/i18n/locales";
import { z } from "zod";
import { userTokenSchema } from "../parents/parent-token.ts";
import { upsellPageUrlField } from "../upsell-wire.ts";
import { plainText } from "../validation/plain-text.ts";
import { analyticsEventNames, maxEventsPerBatch } from "./analytics-events.ts";

// What the browser may tell product analytics. Shapes are strict and small: analytics must
// never become a way to store personal data (no free text that looks like an email address)
// or a way to slow the funnel (at most 100 events a batch, short values).

const looksLikeEmail = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const safeString = plainText(
  z
    .string()
    .max(200)
    .refine((value) => !looksLikeEmail.test(value), "must not contain an email address"),
);
const propertyKey = z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, "must be a lower-case name of up to 40 characters");
const properties = z
  .record(propertyKey, z.union([safeString, z.number().finite(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 20, "must have at most 20 properties");

/** A page's path as analytics keeps it: never the query, which may carry a bearer token. */
const pagePath = z
  .string()
  .max(300)
  .regex(/^\/[^?#\s]*$/, "must be a path without a query");

/**
 * The device cookie the pages set, HttpOnly: events and page views are stored under the device
 * the request's cookie names, never one a body names (the page's scripts cannot read it, and no
 * one can write into another device's funnel without its cookie).
 */
export const deviceCookieName = "kr_device";

/** The device cookie's value (also the first-visit id). */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "must be 16 to 64 URL-safe characters");

/** The device id a request's Cookie header carries; undefined without one we could have written. */
export function deviceIdFromCookies(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === deviceCookieName) {
      return deviceIdSchema.safeParse(part.slice(separator + 1).trim()).data;
    }
  }
  return undefined;
}

const dayMs = 24 * 60 * 60 * 1000;

export const analyticsEventSchema = z.object({
  /** Made in the browser; a re-sent batch is recognised by it, and the ad pixel shares it. */
  event_id: z.uuid(),
  name: z.enum(analyticsEventNames),
  /** When it happened, in ms since the epoch. */
  time: z.number().int().positive(),
  page: pagePath.optional(),
  properties: properties.optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** POST /analytics/events: a batch from one session of the device the request's cookie names. */
export const analyticsBatchSchema = z.object({
  user_token: userTokenSchema.optional(),
  /** The session's start in ms: 30 minutes without events start a new one. */
  session_id: z.number().int().positive(),
  /** Split-test groups and the like, as they were when the events happened. */
  user_properties: properties.optional(),
  events: z.array(analyticsEventSchema).min(1).max(maxEventsPerBatch),
});
/** What the page posts. */
export type AnalyticsBatchBody = z.infer<typeof analyticsBatchSchema>;
/** A batch as it is stored: with the device it came from. */
export type AnalyticsBatch = AnalyticsBatchBody & { device_id: string };

/** Events stamped more than a day away from the server's clock are clamped to it. */
export const maxClockSkewMs = dayMs;

const optionalText = (max: number) => plainText(z.string().max(max)).optional();

// A page's host as the browser gives it (`location.host`): a DNS name or an address, maybe a port.
const label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const hostPattern = new RegExp(`^(?:${label}(?:\\.${label})*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?$`);
const pageUrl = z.url().max(2000).optional();

/**
 * POST /analytics: attribution and device of a page view, sent once the page has loaded. Device
 * fields the browser leaves out are parsed from the user agent on the server. The email is
 * accepted for compatibility and never stored here (the user row has it).
 */
export const analyticsPayloadSchema = z.object({
  user_token: userTokenSchema.optional(),
  fb_pixel_id: optionalText(64),
  fbc: optionalText(500),
  fbp: optionalText(200),
  fbclid: optionalText(500),
  gclid: optionalText(500),
  ttclid: optionalText(500),
  client_id: optionalText(100),
  ua: optionalText(1000),
  platform: optionalText(60),
  browser_name: optionalText(60),
  browser_version: optionalText(40),
  device_vendor: optionalText(60),
  device_model: optionalText(60),
  locale: z.enum(localeCodes as [string, ...string[]]),
  host: z.string().max(260).regex(hostPattern, "must be a host name").optional(),
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
    .transform((code) => code.toLowerCase())
    .optional(),
  utm_campaign: optionalText(200),
  utm_medium: optionalText(200),
  utm_source: optionalText(200),
  email: z.email().max(254).optional(),
  purchase_url: pageUrl,
  [upsellPageUrlField]: pageUrl,
});
/** What the page posts. */
export type AnalyticsPayloadBody = z.infer<typeof analyticsPayloadSchema>;
/** A page view as it is stored: with the device it came from, when the request named one. */
export type AnalyticsPayload = AnalyticsPayloadBody & { device_id?: string | undefined };
