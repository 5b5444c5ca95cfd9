import { z } from "zod";
import { type CurrencyCode, currencyCodes } from "../pricing/currency.ts";

// The operator's exchange rates: the only way the console adds money across currencies. A rate
// says how many units of a currency one unit of the base buys ("1 EUR = 1.08 USD"), as of the
// day the operator states. Without a rate for every currency in a sum, there is no total.

export const exchangeRatesSettingKey = "EXCHANGE_RATES";

const rate = z.number("must be a number").positive("must be above 0").max(1_000_000, "must be at most 1000000");

/** The stored setting (and the form, once its text is read as numbers). */
export const exchangeRatesSchema = z
  .object({
    base: z.enum(currencyCodes as [CurrencyCode, ...CurrencyCode[]], "must be one of the sold currencies"),
    date: z.iso.date("must be a date (YYYY-MM-DD)"),
    rates: z.partialRecord(z.enum(currencyCodes as [CurrencyCode, ...CurrencyCode[]]), rate),
  })
  .refine((value) => value.rates[value.base] === undefined, {
    path: ["rates"],
    message: "the base currency has no rate of its own",
  });
export type ExchangeRates = z.infer<typeof exchangeRatesSchema>;

/** A rate as the operator types it ("1.08" or "1,08"); empty for none. */
export const typedRateSchema = z
  .string()
  .trim()
  .transform((value) => (value ? value.replace(",", ".") : undefined))
  .pipe(
    z
      .string()
      .regex(/^\d+(\.\d{1,6})?$/, "must be a number with at most six decimals, like 1.08")
      .transform(Number)
      .optional(),
  );

export type MoneyInCurrency = { currency: string; amount: number };

/**
 * Amounts in several currencies as one amount in the base currency (minor units: every sold
 * currency has two decimals), or the currencies that have no rate, and then no total.
 */
export function totalInBase(
  amounts: readonly MoneyInCurrency[],
  rates: ExchangeRates | null,
): { ok: true; currency: CurrencyCode; amount: number } | { ok: false; missing: string[] } {
  if (!rates) return { ok: false, missing: [...new Set(amounts.map((entry) => entry.currency))].sort() };
  const rateOf = (currency: string) =>
    currency === rates.base ? 1 : (rates.rates as Record<string, number | undefined>)[currency];
  const missing = [
    ...new Set(amounts.filter((entry) => rateOf(entry.currency) === undefined).map((entry) => entry.currency)),
  ];
  if (missing.length) return { ok: false, missing: missing.sort() };
  const amount = amounts.reduce((total, entry) => total + entry.amount / (rateOf(entry.currency) as number), 0);
  return { ok: true, currency: rates.base, amount: Math.round(amount) };
}
