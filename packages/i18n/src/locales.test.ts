import { describe, expect, it } from "vitest";
import { chooseLocale, localizePath, negotiateLocale, splitLocalePath } from "./locales.ts";

describe("locale paths", () => {
  it("splits a prefix only for non-default locales", () => {
    expect(splitLocalePath("/ru/onboarding/")).toEqual({ prefix: "ru", path: "/onboarding/" });
    expect(splitLocalePath("/ar/")).toEqual({ prefix: "ar", path: "/" });
    expect(splitLocalePath("/ar")).toEqual({ prefix: "ar", path: "/" });
    expect(splitLocalePath("/en/onboarding/")).toEqual({ prefix: undefined, path: "/en/onboarding/" });
    expect(splitLocalePath("/rules/")).toEqual({ prefix: undefined, path: "/rules/" });
  });

  it("localizes and re-localizes paths", () => {
    expect(localizePath("/onboarding/", "fr")).toBe("/fr/onboarding/");
    expect(localizePath("/fr/onboarding/", "en")).toBe("/onboarding/");
    expect(localizePath("/fr/onboarding/", "de")).toBe("/de/onboarding/");
  });
});

describe("negotiateLocale", () => {
  it("takes the highest q-value supported language", () => {
    expect(negotiateLocale("it-IT,it;q=0.9,de;q=0.5,fr;q=0.7")).toBe("fr");
    expect(negotiateLocale("pt-BR")).toBe("pt");
    expect(negotiateLocale("zh-CN,ja;q=0.8")).toBeUndefined();
    expect(negotiateLocale("es;q=0,ar")).toBe("ar");
    expect(negotiateLocale(undefined)).toBeUndefined();
  });
});

describe("chooseLocale", () => {
  it("orders query, prefix, cookie, header, default", () => {
    const all = { pathname: "/ru/onboarding/", queryLang: "fr", cookie: "de", acceptLanguage: "es" };
    expect(chooseLocale(all)).toEqual({ locale: "fr", source: "query" });
    expect(chooseLocale({ ...all, queryLang: "xx" })).toEqual({ locale: "ru", source: "prefix" });
    expect(chooseLocale({ ...all, queryLang: undefined, pathname: "/onboarding/" })).toEqual({
      locale: "de",
      source: "cookie",
    });
    expect(chooseLocale({ pathname: "/onboarding/", cookie: "zz", acceptLanguage: "es" })).toEqual({
      locale: "es",
      source: "header",
    });
    expect(chooseLocale({ pathname: "/onboarding/" })).toEqual({ locale: "en", source: "default" });
  });
});
