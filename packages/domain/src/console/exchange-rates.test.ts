import { describe, expect, it } from "vitest";
import { exchangeRatesSchema, totalInBase } from "./exchange-rates.ts";

// Money is added across currencies only at the operator's rates, and never when one is missing.

const rates = exchangeRatesSchema.parse({ base: "EUR", date: "2026-11-01", rates: { USD: 1.08, GBP: 0.86 } });

describe("totalInBase", () => {
  it("converts each amount at its rate (1 EUR = 1.08 USD) and adds them in the base", () => {
    const total = totalInBase(
      [
        { currency: "EUR", amount: 1_000 },
        { currency: "USD", amount: 1_080 },
        { currency: "GBP", amount: 860 },
      ],
      rates,
    );
    expect(total).toEqual({ ok: true, currency: "EUR", amount: 3_000 });
  });

  it("gives no total without rates, or without a rate for one of the currencies", () => {
    const amounts = [
      { currency: "USD", amount: 100 },
      { currency: "GBP", amount: 100 },
    ];
    expect(totalInBase(amounts, null)).toEqual({ ok: false, missing: ["GBP", "USD"] });
    const usdOnly = exchangeRatesSchema.parse({ base: "EUR", date: "2026-11-01", rates: { USD: 1.08 } });
    expect(totalInBase(amounts, usdOnly)).toEqual({ ok: false, missing: ["GBP"] });
  });

  it("refuses a rate for the base itself", () => {
    expect(exchangeRatesSchema.safeParse({ base: "EUR", date: "2026-11-01", rates: { EUR: 1 } }).success).toBe(false);
  });
});
