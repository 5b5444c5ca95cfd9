import { describe, expect, it } from "vitest";
import { decodeGeoCookie, encodeGeoCookie } from "./geo-cookie.server.ts";

const secret = "test-geo-cookie-secret";

describe("the geo cookie", () => {
  it("round-trips a country and region, including non-ASCII and empty regions", () => {
    for (const location of [
      { countryCode: "us", region: "California" },
      { countryCode: "br", region: "São Paulo" },
      { countryCode: "ae", region: "دبي" },
      { countryCode: "gb", region: "" },
    ]) {
      const value = encodeGeoCookie(location, secret);
      expect(value).toMatch(/^[a-z]{2}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{43}$/);
      expect(decodeGeoCookie(value, secret)).toEqual(location);
    }
  });

  it("rejects forged, re-signed, truncated and malformed values", () => {
    const value = encodeGeoCookie({ countryCode: "us", region: "California" }, secret);
    const [, region, signature] = value.split(".");
    // A cheaper country with the original signature.
    expect(decodeGeoCookie(`in.${region}.${signature}`, secret)).toBeUndefined();
    // Signed with another key.
    expect(
      decodeGeoCookie(encodeGeoCookie({ countryCode: "in", region: "" }, "someone-elses-key"), secret),
    ).toBeUndefined();
    expect(decodeGeoCookie(value.slice(0, -1), secret)).toBeUndefined();
    expect(decodeGeoCookie(`${value}.extra`, secret)).toBeUndefined();
    expect(decodeGeoCookie(value.toUpperCase(), secret)).toBeUndefined();
    expect(decodeGeoCookie("us", secret)).toBeUndefined();
    expect(decodeGeoCookie("", secret)).toBeUndefined();
    expect(decodeGeoCookie(undefined, secret)).toBeUndefined();
  });

  it("rejects a correctly signed value this server would never write", () => {
    // "Unknown" countries and control characters never come out of a lookup.
    expect(decodeGeoCookie(encodeGeoCookie({ countryCode: "xx", region: "" }, secret), secret)).toBeUndefined();
    expect(decodeGeoCookie(encodeGeoCookie({ countryCode: "us", region: "a\nb" }, secret), secret)).toBeUndefined();
  });
});
