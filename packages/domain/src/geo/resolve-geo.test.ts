import { describe, expect, it } from "vitest";
import { devCountryOverride, normalizeRegion, proxyGeoHeaders, resolveGeo } from "./resolve-geo.ts";

const headers = { "cf-ipcountry": "GB", "x-region": "England" };

describe("resolveGeo", () => {
  it("reads the configured headers", () => {
    const geo = resolveGeo({ headers, locale: "en", countryHeader: "cf-ipcountry", regionHeader: "x-region" });
    expect(geo).toEqual({ countryCode: "gb", region: "England", source: "header" });
  });

  it("ignores headers nobody configured, and unknown countries, falling back by language", () => {
    expect(resolveGeo({ headers, locale: "de", countryHeader: undefined, regionHeader: undefined })).toEqual({
      countryCode: "de",
      region: "Berlin",
      source: "locale",
    });
    const unknown = resolveGeo({
      headers: { "cf-ipcountry": "XX" },
      locale: "es",
      countryHeader: "cf-ipcountry",
      regionHeader: undefined,
    });
    expect(unknown).toMatchObject({ countryCode: "mx", source: "locale" });
  });
});

describe("proxyGeoHeaders", () => {
  const configured = { countryHeader: "x-country", regionHeader: "x-region" };

  it("names Cloudflare's headers, the configured ones, or none without a proxy", () => {
    expect(proxyGeoHeaders("cloudflare", configured)).toEqual({
      countryHeader: "cf-ipcountry",
      regionHeader: "cf-region",
    });
    expect(proxyGeoHeaders("header", configured)).toEqual(configured);
    expect(proxyGeoHeaders("none", configured)).toEqual({ countryHeader: undefined, regionHeader: undefined });
  });
});

describe("normalizeRegion", () => {
  it("keeps short printable names and drops control characters or overlong values", () => {
    expect(normalizeRegion(" California ")).toBe("California");
    expect(normalizeRegion("São Paulo")).toBe("São Paulo");
    expect(normalizeRegion("Bad\r\nSet-Cookie: x")).toBe("");
    expect(normalizeRegion("x".repeat(101))).toBe("");
    expect(normalizeRegion(undefined)).toBe("");
  });
});

describe("devCountryOverride", () => {
  const query = (search: string) => new URLSearchParams(search);

  it("takes a two-letter `country` parameter in development", () => {
    expect(devCountryOverride(query("country=GB"), true)).toEqual({ countryCode: "gb", region: "", source: "query" });
    expect(devCountryOverride(query("country=gbr"), true)).toBeUndefined();
    expect(devCountryOverride(query(""), true)).toBeUndefined();
  });

  it("ignores the parameter in production", () => {
    expect(devCountryOverride(query("country=gb"), false)).toBeUndefined();
  });
});
