import { dateTimeFormat, formatPrice, numberFormat } from "@kinderready/i18n/intl-locale";

// Numbers as the operator's language writes them (intlLocale: Western digits in Arabic).

export function formatCount(locale: string, value: number): string {
  return numberFormat(locale).format(value);
}

export function formatShare(locale: string, value: number | null): string {
  return value === null ? "—" : numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(value);
}

/** A duration in the largest unit that keeps it readable: minutes, hours or days. */
export function formatDuration(locale: string, seconds: number | null): string {
  if (seconds === null) return "—";
  const [unit, size] = seconds < 7_200 ? ["minute", 60] : seconds < 172_800 ? ["hour", 3_600] : ["day", 86_400];
  return numberFormat(locale, {
    style: "unit",
    unit,
    unitDisplay: "long",
    maximumFractionDigits: 1,
  }).format(seconds / (size as number));
}

/** Minor units in their own currency (an operator reads "US$" and "$" apart, so the ISO style). */
export function formatMoney(locale: string, minor: number, currency: string): string {
  return formatPrice(locale, currency, minor / 100);
}

/** A moment as the console shows it: the date and the time, in UTC (as the exports write it). */
export function formatMoment(locale: string, value: Date | string | null, timeStyle: "short" | "medium"): string {
  return value === null
    ? "—"
    : dateTimeFormat(locale, { dateStyle: "medium", timeStyle, timeZone: "UTC" }).format(new Date(value));
}

/** A UTC day (YYYY-MM-DD) as the operator's language writes a date. */
export function formatDay(locale: string, day: string): string {
  return dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
