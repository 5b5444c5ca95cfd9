import { isLocale, type Locale, localeCodes } from "@kinderready/i18n/locales";
import { z } from "zod";
import { deviceKinds, funnelSteps } from "../analytics/funnel-steps.ts";
import { flowTypes } from "../flows.ts";

// What the console's reports are asked for, from a page's query: a range of UTC days and the
// funnel's filters. Every report and export reads its days through `reportDaysSchema` or the
// funnel's schemas below, so the limits on a range are checked in this one place (ADR 0061).

/** The first day a report may start: nothing was sold before it. */
export const earliestReportDay = "2020-01-01";

/**
 * The most days each report reads at once (ADR 0061). The funnel compares the range with as many
 * days before it and draws a point a day; revenue answers a row a day and currency and a cohort a
 * week: a year each, so no answer grows past a year's rows. The audit log is read a page at a
 * time (`auditPageSize` entries), so any range from the earliest day may be asked.
 */
export const reportMaxDays = { funnel: 366, revenue: 366, retention: 366, audit: undefined } as const satisfies Record<
  string,
  number | undefined
>;
export type ReportName = keyof typeof reportMaxDays;

/** Why a range of days was refused: the field at fault, the rule it broke and the limit of that rule. */
export type DaysRefusal = {
  field: "from" | "to";
  reason: "date" | "earliest" | "latest" | "order" | "span";
  /** The earliest or latest day allowed, for "earliest" and "latest". */
  day?: string;
  /** The report's most days, for "span". */
  maxDays?: number;
};

const dayMs = 86_400_000;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Whether the text is a day the calendar has, written YYYY-MM-DD (no 2026-02-30, no year 0). */
export function isCalendarDay(text: string): boolean {
  if (!dayPattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === text && text >= "0001-01-01";
}

/**
 * The first rule a range of days breaks, or undefined when a report can read it: both days on
 * the calendar, none before the earliest day or after tomorrow (UTC; a day still to come has no
 * rows, and PostgreSQL cannot place year 9999 in a time zone), the start not after the end, and
 * at most the report's days.
 */
export function refuseReportDays(
  days: { from: string; to: string },
  { now, maxDays }: { now: Date; maxDays: number | undefined },
): DaysRefusal | undefined {
  const latest = isoDay(new Date(now.getTime() + dayMs));
  for (const field of ["from", "to"] as const) {
    const day = days[field];
    if (!isCalendarDay(day)) return { field, reason: "date" };
    if (day < earliestReportDay) return { field, reason: "earliest", day: earliestReportDay };
    if (day > latest) return { field, reason: "latest", day: latest };
  }
  if (days.from > days.to) return { field: "to", reason: "order" };
  const span = (Date.parse(days.to) - Date.parse(days.from)) / dayMs + 1;
  if (maxDays !== undefined && span > maxDays) return { field: "from", reason: "span", maxDays };
  return undefined;
}

/** A refusal in words, for the CSV exports' plain 400 and the logs (the console shows its own texts). */
export function refusalMessage(refusal: DaysRefusal): string {
  switch (refusal.reason) {
    case "date":
      return "must be a date (YYYY-MM-DD)";
    case "earliest":
      return `must be ${refusal.day} or later`;
    case "latest":
      return `must be ${refusal.day} or earlier`;
    case "order":
      return "must not be before the start";
    case "span":
      return `must be at most ${refusal.maxDays} days before the end`;
  }
}

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.string().optional());

const reportDaysFields = { from: z.string(), to: z.string() };

/** The range's rules as a zod check: the issue names the field and carries the refusal as its params. */
function readableDays(report: ReportName, now: Date) {
  return (days: { from: string; to: string }, context: z.RefinementCtx) => {
    const refusal = refuseReportDays(days, { now, maxDays: reportMaxDays[report] });
    if (refusal) {
      context.addIssue({ code: "custom", path: [refusal.field], message: refusalMessage(refusal), params: refusal });
    }
  };
}

/** A report's range of UTC days (both included), from a page's query, as `report` may read it on the day of `now`. */
export const reportDaysSchema = (report: ReportName, now: Date) =>
  z.object(reportDaysFields).superRefine(readableDays(report, now));
export type ReportDays = { from: string; to: string };

/** The funnel's filters but the days. */
const funnelFilterFields = z.object({
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
});

/**
 * The console's funnel filters, from a page's query: a range of UTC days (both included),
 * and optionally a language, a country, a flow, a campaign and a kind of device.
 */
export const funnelFiltersSchema = (now: Date) =>
  z.object({ ...reportDaysFields, ...funnelFilterFields.shape }).superRefine(readableDays("funnel", now));
export type FunnelFilters = z.infer<ReturnType<typeof funnelFiltersSchema>>;

/** The conversion windows the funnel offers, in days from the visitor's first step. */
export const funnelWindows = [1, 7, 14, 30] as const;
export type FunnelWindow = (typeof funnelWindows)[number];
export const defaultFunnelWindow: FunnelWindow = 14;
/** What the funnel can be broken down by: the visitor's first country, language, flow, source, campaign, device. */
export const funnelDimensions = ["country", "locale", "flow", "utmSource", "utmCampaign", "device"] as const;
export type FunnelDimension = (typeof funnelDimensions)[number];
const stepIds = funnelSteps.map((step) => step.id) as [string, ...string[]];
const emptyAsUnset = (value: string | undefined) => value || undefined;

/** How the funnel is read: window, steps, breakdown, drop-offs. */
const funnelReading = z.object({
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
});

/** The funnel page's query: the filters, and how the funnel is read. */
export const funnelQuerySchema = (now: Date) => funnelFiltersSchema(now).and(funnelReading);
export type FunnelQuery = z.infer<ReturnType<typeof funnelQuerySchema>>;

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
