import { isLocale, type Locale, localeCodes } from "@kinderready/i18n/locales";
import { z } from "zod";
import { deviceKinds } from "../analytics/funnel-steps.ts";
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
