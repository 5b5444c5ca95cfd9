import { describe, expect, it } from "vitest";
import { formatMoney } from "./format-money.ts";

const usd = { currency: "$", currency_code: "USD" };
const eur = { currency: "€", currency_code: "EUR" };
const gbp = { currency: "£", currency_code: "GBP" };

describe("formatMoney", () => {
  it("formats for the language with the plan's symbol", () => {
    expect(formatMoney(1.99, usd, "en")).toBe("$1.99");
    expect(formatMoney(24.99, gbp, "en")).toBe("£24.99");
    expect(formatMoney(29.99, eur, "de")).toBe("29,99\u00a0€");
    expect(formatMoney(1.99, usd, "fr")).toMatch(/^1,99\s\$$/);
    expect(formatMoney(1.99, usd, "es")).toMatch(/^1,99\s\$$/);
    // Brazilian Portuguese, as the texts are: the symbol first.
    expect(formatMoney(1.99, eur, "pt")).toMatch(/^€\s1,99$/);
    expect(formatMoney(1.99, usd, "pt")).toMatch(/^\$\s1,99$/);
    expect(formatMoney(1.99, gbp, "ar")).toContain("£");
    expect(formatMoney(1.99, gbp, "ar")).not.toContain("UK");
    expect(formatMoney(1.99, gbp, "ar")).toContain("1.99");
  });
});
