import { dateTimeFormat, formatPrice } from "@kinderready/i18n/intl-locale";
import type { Locale } from "@kinderready/i18n/locales";

/** A date the way the page's language writes it ("23 November 2026"), in UTC like the server. */
export function formatDate(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/** An amount in minor units, written as every page and email writes a price. */
export function formatMinor(amount: number, currency: string, locale: Locale): string {
  return formatPrice(locale, currency, amount / 100);
}
