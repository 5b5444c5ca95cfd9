import { isLocale, type Locale, localeCodes } from "@kinderready/i18n/locales";
import { z } from "zod";
import { deviceKinds, funnelSteps } from "../analytics/funnel-steps.ts";
import { flowTypes } from "../flows.ts";

// What the console's reports are asked for, from a page's query: a range of UTC days and the
// funnel's filters.

const day = z.iso.date("must be a date (YYYY-MM-DD)");
const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.string().optional());

const reportDaysFields = { from: day, to: day };
const startsBeforeEnd: [(days: { from: string; to: string }) => boolean, { path: string[]; message: string }] = [
  (days) => days.from <= days.to,
  { path: ["to"], message: "must not be before the start" },
];

/** A report's range of UTC days (both included), from a page's query. */
export const reportDaysSchema = z.object(reportDaysFields).refine(...startsBeforeEnd);
export type ReportDays = z.infer<typeof reportDaysSchema>;

/**
 * The console's funnel filters, from a page's query: a range of UTC days (both included),
 * and optionally a language, a country, a flow, a campaign and a kind of device.
 */
export const funnelFiltersSchema = z
  .object({
    ...reportDaysFields,
    locale: z
      .string()
      .optional()
      .transform((value) => (value && isLocale(value) ? value : undefined))
      .pipe(z.enum(localeCodes as [Locale, ...Locale[]]).optional()),
    country: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((value) => value || undefined)
      .pipe(
        z
          .string()
          .regex(/^[a-z]{2}$/, "must be a two-letter country code")
          .optional(),
      ),
    flow: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.enum(flowTypes).optional()),
    utmSource: optionalText,
    utmCampaign: optionalText,
    device: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.enum(deviceKinds).optional()),
  })
  .refine(...startsBeforeEnd);
export type FunnelFilters = z.infer<typeof funnelFiltersSchema>;

/** The conversion windows the funnel offers, in days from the visitor's first step. */
export const funnelWindows = [1, 7, 14, 30] as const;
export type FunnelWindow = (typeof funnelWindows)[number];
export const defaultFunnelWindow: FunnelWindow = 14;
/** What the funnel can be broken down by: the visitor's first country, language, flow, source, campaign, device. */
export const funnelDimensions = ["country", "locale", "flow", "utmSource", "utmCampaign", "device"] as const;
export type FunnelDimension = (typeof funnelDimensions)[number];
const stepIds = funnelSteps.map((step) => step.id) as [string, ...string[]];
const emptyAsUnset = (value: string | undefined) => value || undefined;

/** The funnel page's query: the filters, and how the funnel is read (window, steps, breakdown, drop-offs). */
export const funnelQuerySchema = funnelFiltersSchema.and(
  z.object({
    window: z
      .string()
      .optional()
      .transform(emptyAsUnset)
      .pipe(z.enum(funnelWindows.map(String) as [string, ...string[]], "must be one of 1, 7, 14 or 30 days").optional())
      .transform((value) => (value ? (Number(value) as FunnelWindow) : defaultFunnelWindow)),
    /** Every page, or only the key steps. */
    steps: z
      .string()
      .optional()
      .transform(emptyAsUnset)
      .pipe(z.enum(["all", "key"]).default("all")),
    breakdown: z.string().optional().transform(emptyAsUnset).pipe(z.enum(funnelDimensions).optional()),
    /** A step whose drop-offs (reached the step before, not this one) are listed. */
    dropped: z.string().optional().transform(emptyAsUnset).pipe(z.enum(stepIds).optional()),
  }),
);
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

/** The report's days as timestamps: [from 00:00 UTC, the day after `to`). */
export function dayRange(filters: ReportDays): { start: Date; end: Date } {
  const start = new Date(`${filters.from}T00:00:00Z`);
  const end = new Date(`${filters.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start, end };
}

/** The last `days` UTC days up to today: the reports' default range. */
export function recentDays(now: Date, days: number): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return { from: start.toISOString().slice(0, 10), to };
}
