import { createHmac, timingSafeEqual } from "node:crypto";
import { type GeoLocation, normalizeCountry, normalizeRegion } from "./resolve-geo.ts";

// The visit's country and region, remembered so later pages skip the lookup. Prices depend on
// the country, so the value is signed: a visitor cannot pick a cheaper country by editing it.

export const geoCookieName = "kr_geo";

const valuePattern = /^([a-z]{2})\.([A-Za-z0-9_-]{0,200})\.([A-Za-z0-9_-]{43})$/;

function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(`kr_geo:${payload}`).digest("base64url");
}

export function encodeGeoCookie(location: GeoLocation, secret: string): string {
  const payload = `${location.countryCode}.${Buffer.from(location.region, "utf8").toString("base64url")}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** The remembered place, or undefined for anything not exactly as this server wrote it. */
export function decodeGeoCookie(value: string | undefined, secret: string): GeoLocation | undefined {
  const match = value ? valuePattern.exec(value) : null;
  if (!match) return undefined;
  const [, country = "", regionPart = "", signature = ""] = match;
  const expected = Buffer.from(sign(`${country}.${regionPart}`, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const countryCode = normalizeCountry(country);
  let region: string;
  try {
    region = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(regionPart, "base64url"));
  } catch {
    return undefined;
  }
  if (!countryCode || normalizeRegion(region) !== region) return undefined;
  return { countryCode, region };
}
