import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatCount, formatPrice, intlLocale, numberFormat } from "./intl-locale.ts";
import { localeCodes } from "./locales.ts";

const arabicIndic = /[\u0660-\u0669\u06f0-\u06f9]/;

describe("intlLocale", () => {
  it("pins Arabic to Western digits rather than the runtime's default for plain ar", () => {
    // Browsers with an older CLDR write plain "ar" as ١٢٣, newer ones (and Node 22) as 123: the
    // server's HTML and the browser's would differ, and the page would mix both.
    expect(new Intl.Locale(intlLocale("ar")).numberingSystem).toBe("latn");
    const when = new Date("2026-11-22T10:00:00Z");
    const formatted = [
      new Intl.NumberFormat(intlLocale("ar")).format(1234.5),
      new Intl.NumberFormat(intlLocale("ar"), { style: "currency", currency: "AED" }).format(29.99),
      new Intl.NumberFormat(intlLocale("ar"), { style: "percent" }).format(0.25),
      new Intl.DateTimeFormat(intlLocale("ar"), { dateStyle: "long", timeZone: "UTC" }).format(when),
    ];
    for (const text of formatted) {
      expect(text).not.toMatch(arabicIndic);
      expect(text).toMatch(/\d/);
    }
  });

  it("writes Portuguese as Brazil does, and every other language as itself", () => {
    expect(new Intl.Locale(intlLocale("pt")).region).toBe("BR");
    expect(new Intl.NumberFormat(intlLocale("pt"), { style: "currency", currency: "BRL" }).format(9.9)).toBe(
      "R$\u00a09,90",
    );
    for (const locale of localeCodes) expect(new Intl.Locale(intlLocale(locale)).language).toBe(locale);
  });

  it("leaves a language it does not know as it is (the console hands in the translator's)", () => {
    expect(intlLocale("cimode")).toBe("cimode");
  });
});

describe("numberFormat and dateTimeFormat", () => {
  it("build one formatter per language and options, and format as a fresh one would", () => {
    const price = { style: "currency", currency: "EUR" } as const;
    expect(numberFormat("de", price)).toBe(numberFormat("de", { ...price }));
    expect(numberFormat("de", price)).not.toBe(numberFormat("fr", price));
    expect(numberFormat("de", price)).not.toBe(numberFormat("de"));
    expect(numberFormat("de", price).format(1234.5)).toBe(new Intl.NumberFormat("de", price).format(1234.5));
    expect(numberFormat("ar").format(1234)).not.toMatch(arabicIndic);
    const long = { dateStyle: "long", timeZone: "UTC" } as const;
    expect(dateTimeFormat("pt", long)).toBe(dateTimeFormat("pt", { ...long }));
    expect(dateTimeFormat("pt", long).format(new Date("2026-11-22T10:00:00Z"))).toBe("22 de novembro de 2026");
  });
});

describe("formatCount", () => {
  it("writes every count as Intl does in every language, small ones without it", () => {
    for (const locale of localeCodes) {
      for (let count = 0; count <= 1000; count += 1) {
        expect(formatCount(locale, count)).toBe(new Intl.NumberFormat(intlLocale(locale)).format(count));
      }
      for (const other of [1234, 1_000_000, 2.5, -3]) {
        expect(formatCount(locale, other)).toBe(new Intl.NumberFormat(intlLocale(locale)).format(other));
      }
    }
    expect(formatCount("de", 1234)).toBe("1.234");
  });
});

describe("formatPrice", () => {
  const nbsp = "\u00a0";
  it("writes a price the way each market reads it, naming the dollar where a bare $ could mislead", () => {
    expect(formatPrice("en", "USD", 1.99)).toBe("$1.99");
    expect(formatPrice("en", "GBP", 24.99)).toBe("£24.99");
    expect(formatPrice("de", "EUR", 29.99)).toBe(`29,99${nbsp}€`);
    expect(formatPrice("pt", "USD", 1.99)).toBe(`US$${nbsp}1,99`);
    expect(formatPrice("fr", "USD", 1.99)).toMatch(/^1,99\s\$US$/);
    expect(formatPrice("es", "USD", 1.99)).toMatch(/^1,99\sUS\$$/);
  });

  it("keeps Western digits in Arabic and isolates the price as a left-to-right unit", () => {
    const price = formatPrice("ar", "USD", 1.99);
    expect(price).toContain("1.99");
    expect(price).toContain("US$");
    expect(price.startsWith("\u2066") && price.endsWith("\u2069")).toBe(true);
  });
});
