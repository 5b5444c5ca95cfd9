import { isLocale, type Locale } from "./locales.ts";

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
