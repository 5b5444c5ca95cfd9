import type { Locale } from "@kinderready/i18n/locales";

// The Portuguese copy is written for Portugal, so its prices are too (1,99 €, not € 1,99).
const numberLocale: Record<Locale, string> = {
  en: "en",
  ru: "ru",
  es: "es",
  fr: "fr",
  ar: "ar",
  de: "de",
  pt: "pt-PT",
};

/**
 * A price in the page's language and the plan's currency, with the plan's own symbol ($, not
 * "US$" or "$US"), so every language names the currency the way the offer does.
 */
export function formatMoney(amount: number, plan: { currency: string; currency_code: string }, locale: Locale): string {
  return new Intl.NumberFormat(numberLocale[locale], { style: "currency", currency: plan.currency_code })
    .formatToParts(amount)
    .map((part) => (part.type === "currency" ? plan.currency : part.value))
    .join("");
}
