import { describe, expect, it } from "vitest";
import { currencyFor } from "./currency.ts";
import { priceCatalogue, priceVariants, splitGroups } from "./price-catalogue.ts";

describe("currency by country", () => {
  it("charges euros in the listed euro countries, pounds in the UK, dollars elsewhere", () => {
    for (const country of [
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
    ]) {
      expect(currencyFor(country), country).toBe("EUR");
    }
    expect(currencyFor("GB")).toBe("GBP");
    for (const country of ["us", "ca", "pl", "se", "ch", "ua", undefined]) expect(currencyFor(country)).toBe("USD");
  });
});

describe("price catalogue", () => {
  const find = (filter: Partial<(typeof priceCatalogue)[number]>) =>
    priceCatalogue.filter((entry) =>
      Object.entries(filter).every(([key, value]) => entry[key as keyof typeof entry] === value),
    );

  it("has exactly one plan per kind, variant, group and currency, in whole minor units", () => {
    const keys = priceCatalogue.map((e) => `${e.kind}/${e.variant}/${e.splitGroup}/${e.currency}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of priceCatalogue) {
      expect(Number.isInteger(entry.amount) && entry.amount > 0).toBe(true);
      if (entry.oldAmount !== null) expect(entry.oldAmount).toBeGreaterThan(entry.amount);
    }
    for (const currency of ["USD", "EUR", "GBP"] as const) {
      for (const group of splitGroups) {
        for (const variant of priceVariants)
          expect(find({ kind: "subscription", currency, splitGroup: group, variant })).toHaveLength(1);
      }
      for (const variant of priceVariants) expect(find({ kind: "lifetime", currency, variant })).toHaveLength(1);
    }
  });

  it("holds the upsell prices and product names", () => {
    expect(find({ kind: "upsale", variant: "initial", currency: "EUR" })[0]).toMatchObject({
      amount: 1499,
      oldAmount: 3000,
      discountPercent: 50,
      productName: "upsale_14.99_€",
    });
    expect(find({ kind: "upsale", variant: "catchy", currency: "USD" })[0]).toMatchObject({
      amount: 499,
      oldAmount: 3000,
      discountPercent: null,
      productName: "upsale_discount_4.99_$",
    });
    expect(find({ kind: "lifetime", variant: "initial", currency: "GBP" })[0]).toMatchObject({
      amount: 2999,
      oldAmount: 5999,
      discountPercent: 50,
      productName: "lifetime_29.99_£",
    });
  });

  it("offers a 3-day trial renewing every 30 days, cheaper while the timer runs", () => {
    for (const entry of find({ kind: "subscription" })) {
      expect(entry).toMatchObject({ trialDays: 3, periodDays: 30 });
      const expired = find({
        kind: "subscription",
        variant: "expired",
        splitGroup: entry.splitGroup,
        currency: entry.currency,
      })[0];
      expect(entry.amount).toBeLessThanOrEqual(expired?.amount ?? 0);
    }
  });
});
