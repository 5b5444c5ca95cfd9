/** Currencies the kit is sold in; which one a visitor pays in follows their country. */
export const currencies = {
  USD: { code: "USD", symbol: "$" },
  EUR: { code: "EUR", symbol: "€" },
  GBP: { code: "GBP", symbol: "£" },
} as const;

export type CurrencyCode = keyof typeof currencies;
export const currencyCodes = Object.keys(currencies) as CurrencyCode[];

const euroCountries = new Set([
  "at",
  "be",
  "cy",
  "ee",
  "fi",
  "fr",
  "de",
  "gr",
  "ie",
  "it",
  "lv",
  "lt",
  "lu",
  "mt",
  "nl",
  "pt",
  "sk",
  "si",
  "es",
]);

/** EUR in the euro countries listed above, GBP in the UK, USD everywhere else. */
export function currencyFor(countryCode: string | undefined): CurrencyCode {
  const country = countryCode?.toLowerCase() ?? "";
  if (euroCountries.has(country)) return "EUR";
  if (country === "gb") return "GBP";
  return "USD";
}
