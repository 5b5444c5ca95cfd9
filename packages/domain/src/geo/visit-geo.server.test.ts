import { describe, expect, it, vi } from "vitest";
import { decodeGeoCookie, encodeGeoCookie } from "./geo-cookie.server.ts";
import type { GeoLookup } from "./resolve-geo.ts";
import { resolveVisitGeo, type VisitGeoRequest, type VisitGeoSettings } from "./visit-geo.server.ts";

const cookieSecret = "visit-geo-test-secret";

function settings(overrides: Partial<VisitGeoSettings> = {}): VisitGeoSettings {
  return {
    proxy: "none",
    countryHeader: undefined,
    regionHeader: undefined,
    lookup: undefined,
    cookieSecret,
    devShortcuts: false,
    ...overrides,
  };
}

function request(overrides: Partial<VisitGeoRequest> = {}): VisitGeoRequest {
  return {
    query: new URLSearchParams(),
    headers: {},
    locale: "en",
    cookie: undefined,
    clientAddress: "81.2.69.142",
    ...overrides,
  };
}

const inCalifornia: GeoLookup = async () => ({ countryCode: "us", region: "California" });

describe("resolveVisitGeo", () => {
  it("believes Cloudflare's headers only when the deployment is behind Cloudflare", async () => {
    const headers = { "cf-ipcountry": "GB", "cf-region": "England" };
    await expect(resolveVisitGeo(request({ headers }), settings({ proxy: "cloudflare" }))).resolves.toEqual({
      geo: { countryCode: "gb", region: "England", source: "header" },
    });
    // Sent by anyone else, the same headers mean nothing.
    await expect(resolveVisitGeo(request({ headers }), settings())).resolves.toEqual({
      geo: { countryCode: "us", region: "New York", source: "locale" },
    });
  });

  it("believes the configured headers only with GEO_PROXY=header", async () => {
    const headers = { "x-country": "de", "cf-ipcountry": "GB" };
    const configured = { countryHeader: "x-country", regionHeader: "x-region" };
    const behind = await resolveVisitGeo(request({ headers }), settings({ proxy: "header", ...configured }));
    expect(behind.geo).toEqual({ countryCode: "de", region: "", source: "header" });
    const cloudflare = await resolveVisitGeo(request({ headers }), settings({ proxy: "cloudflare", ...configured }));
    expect(cloudflare.geo.countryCode).toBe("gb");
    const none = await resolveVisitGeo(request({ headers, locale: "fr" }), settings({ ...configured }));
    expect(none.geo).toEqual({ countryCode: "fr", region: "Paris", source: "locale" });
  });

  it("goes on to the lookup when the proxy does not know the country", async () => {
    const lookup = vi.fn(inCalifornia);
    const result = await resolveVisitGeo(
      request({ headers: { "cf-ipcountry": "XX" } }),
      settings({ proxy: "cloudflare", lookup }),
    );
    expect(result.geo).toEqual({ countryCode: "us", region: "California", source: "service" });
    expect(lookup).toHaveBeenCalledWith("81.2.69.142");
  });

  it("looks an IPv4-mapped address up as plain IPv4", async () => {
    const lookup = vi.fn(inCalifornia);
    await resolveVisitGeo(request({ clientAddress: "::ffff:81.2.69.142" }), settings({ lookup }));
    expect(lookup).toHaveBeenCalledWith("81.2.69.142");
  });

  it("remembers a lookup's answer in a cookie the next request reads instead of looking up again", async () => {
    const lookup = vi.fn(inCalifornia);
    const first = await resolveVisitGeo(request(), settings({ lookup }));
    expect(first.geo.source).toBe("service");
    expect(decodeGeoCookie(first.rememberAs, cookieSecret)).toEqual({ countryCode: "us", region: "California" });

    const second = await resolveVisitGeo(request({ cookie: first.rememberAs }), settings({ lookup }));
    expect(second).toEqual({ geo: { countryCode: "us", region: "California", source: "cookie" } });
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it("ignores a forged cookie and looks the address up", async () => {
    const lookup = vi.fn(inCalifornia);
    const forged = encodeGeoCookie({ countryCode: "in", region: "" }, "not-the-servers-secret");
    for (const cookie of [forged, "in", "in..", `in.${"A".repeat(43)}`]) {
      const result = await resolveVisitGeo(request({ cookie }), settings({ lookup }));
      expect(result.geo.countryCode).toBe("us");
    }
    expect(lookup).toHaveBeenCalledTimes(4);
  });

  it("does not look up loopback or private addresses, nor without a lookup configured", async () => {
    const lookup = vi.fn(inCalifornia);
    for (const clientAddress of ["127.0.0.1", "::1", "10.0.0.7", "192.168.1.20", "::ffff:127.0.0.1"]) {
      const result = await resolveVisitGeo(request({ clientAddress, locale: "de" }), settings({ lookup }));
      expect(result).toEqual({ geo: { countryCode: "de", region: "Berlin", source: "locale" } });
    }
    expect(lookup).not.toHaveBeenCalled();
    await expect(resolveVisitGeo(request({ locale: "ar" }), settings())).resolves.toEqual({
      geo: { countryCode: "ae", region: "Dubai", source: "locale" },
    });
  });

  it("falls back by language, with no cookie, when the lookup fails", async () => {
    const result = await resolveVisitGeo(request({ locale: "es" }), settings({ lookup: async () => undefined }));
    expect(result).toEqual({ geo: { countryCode: "mx", region: "Madrid", source: "locale" } });
  });

  it("lets IS_DEV's `country` parameter override everything, without remembering it", async () => {
    const lookup = vi.fn(inCalifornia);
    const cookie = encodeGeoCookie({ countryCode: "us", region: "California" }, cookieSecret);
    const query = new URLSearchParams("country=GB");
    const headers = { "cf-ipcountry": "DE" };
    const dev = await resolveVisitGeo(
      request({ query, headers, cookie }),
      settings({ proxy: "cloudflare", lookup, devShortcuts: true }),
    );
    expect(dev).toEqual({ geo: { countryCode: "gb", region: "", source: "query" } });
    expect(lookup).not.toHaveBeenCalled();
    const prod = await resolveVisitGeo(request({ query, headers, cookie }), settings({ proxy: "cloudflare", lookup }));
    expect(prod.geo.countryCode).toBe("de");
  });
});
