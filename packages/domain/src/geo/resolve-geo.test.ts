import { describe, expect, it } from "vitest";
import { resolveGeo } from "./resolve-geo.ts";

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
