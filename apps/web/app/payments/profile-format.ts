import { type CurrencyCode, currencies } from "@kinderready/domain/pricing/currency";
import { dateTimeFormat } from "@kinderready/i18n/intl-locale";
import type { Locale } from "@kinderready/i18n/locales";
import { formatMoney } from "./format-money.ts";

/** A date the way the page's language writes it ("23 November 2026"), in UTC like the server. */
export function formatDate(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/** An amount in minor units of a currency the kit is sold in, with the offer's symbol. */
export function formatMinor(amount: number, currency: string, locale: Locale): string {
  const known = currencies[currency as CurrencyCode];
  return formatMoney(amount / 100, { currency: known?.symbol ?? currency, currency_code: currency }, locale);
}
