import { numberFormat } from "@kinderready/i18n/intl-locale";
import type { Locale } from "@kinderready/i18n/locales";

/**
 * A price in the page's language and the plan's currency, with the plan's own symbol ($, not
 * "US$" or "$US"), so every language names the currency the way the offer does.
 */
export function formatMoney(amount: number, plan: { currency: string; currency_code: string }, locale: Locale): string {
  return numberFormat(locale, { style: "currency", currency: plan.currency_code })
    .formatToParts(amount)
    .map((part) => (part.type === "currency" ? plan.currency : part.value))
    .join("");
}
