import { directionOf, isLocale, type Locale } from "./locales.ts";

// The locale Intl writes a page language's numbers, prices and dates in (ADR 0038). Arabic is
// pinned to Western digits, as its texts, prices and card fields are: a runtime's default for
// plain "ar" differs (browsers with an older CLDR write ١٢٣, Node 22 writes 123), which would
// mix both on one screen and make the server's HTML differ from the browser's. Portuguese is
// Brazil's, as its texts are.
const intlLocales: Record<Locale, string> = {
  en: "en",
  ru: "ru",
  es: "es",
  fr: "fr",
  ar: "ar-u-nu-latn",
  de: "de",
  pt: "pt-BR",
};

/** The Intl locale for a language; one it does not know stays as it is. */
export function intlLocale(locale: string): string {
  return isLocale(locale) ? intlLocales[locale] : locale;
}

// Building an Intl formatter costs far more than using one (about a millisecond on a slow
// phone, each time), and a page formats a number per card: one formatter per language and
// options, kept for the life of the process or page. Keys come from the code, so they are few.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function memoised<F>(kind: string, locale: string, options: object, build: () => F): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (formatter === undefined) {
    formatter = build();
    formatters.set(key, formatter as Intl.NumberFormat);
  }
  return formatter;
}

/** A number formatter for a page language (see intlLocale), shared by every caller with the same options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return memoised("number", locale, options, () => new Intl.NumberFormat(intlLocale(locale), options));
}

/** A date formatter for a page language (see intlLocale), shared by every caller with the same options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return memoised("date", locale, options, () => new Intl.DateTimeFormat(intlLocale(locale), options));
}

/**
 * A count as a page language writes it. Whole numbers from 0 to 999 read the same in all of
 * them (Western digits, no separator), so they are written without Intl: a page's first number
 * formatter costs about 100 ms on a slow phone, in the middle of hydrating the page.
 */
export function formatCount(locale: string, value: number): string {
  return Number.isInteger(value) && value >= 0 && value < 1000 ? String(value) : numberFormat(locale).format(value);
}

/**
 * A price as the product writes it in one language, on every page, in every email and on the
 * payment page: Intl's currency format for the language's locale (major units). Each market reads
 * its own unambiguous form, never a bare "$" where it could be another dollar or the real:
 * "$1.99" in English, "US$ 1,99" in Brazilian Portuguese, "1,99 $US" in French, "1,99 US$" in
 * Spanish.
 */
export function formatPrice(locale: string, currency: string, amount: number): string {
  const written = numberFormat(locale, { style: "currency", currency }).format(amount);
  // In right-to-left text the price is a left-to-right unit, isolated: otherwise the "$" of
  // "US$" leaves its letters for the line's other end ("$US 1.99").
  return isLocale(locale) && directionOf(locale) === "rtl" ? `\u2066${written}\u2069` : written;
}
