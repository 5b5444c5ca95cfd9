import type { Locale } from "@kinderready/i18n/locales";

/** Where this request's answer came from: the dev override, a trusted proxy, the visit's cookie, a lookup, or the language. */
export type GeoSource = "query" | "header" | "cookie" | "service" | "locale";

export type Geo = { countryCode: string; region: string; source: GeoSource };

/** A country and region as a lookup or the visit's cookie knows them. */
export type GeoLocation = { countryCode: string; region: string };

/** Which proxy in front of the app may be believed about the visitor's country (anyone can send these headers). */
export type GeoProxy = "none" | "cloudflare" | "header";

/** When the country is unknown it falls back by language (ar is our own choice). */
const localeFallback: Record<Locale, GeoLocation> = {
  en: { countryCode: "us", region: "New York" },
  de: { countryCode: "de", region: "Berlin" },
  pt: { countryCode: "pt", region: "Lisbon" },
  es: { countryCode: "mx", region: "Madrid" },
  fr: { countryCode: "fr", region: "Paris" },
  ru: { countryCode: "ru", region: "Moscow" },
  ar: { countryCode: "ae", region: "Dubai" },
};

export function geoByLocale(locale: Locale): Geo {
  return { ...localeFallback[locale], source: "locale" };
}

/** A two-letter country in lower case, or undefined; XX and T1 are how CDNs say "unknown" and "Tor". */
export function normalizeCountry(value: string | undefined): string | undefined {
  const country = value?.trim().toLowerCase();
  return country && /^[a-z]{2}$/.test(country) && country !== "xx" && country !== "t1" ? country : undefined;
}

/** Region names come from proxies and services: short, printable, or nothing. */
export function normalizeRegion(value: string | undefined): string {
  const region = value?.trim() ?? "";
  return region.length <= 100 && !/\p{Cc}/u.test(region) ? region : "";
}

/** The headers a proxy of this kind sets; none when the deployment is not behind one. */
export function proxyGeoHeaders(
  proxy: GeoProxy,
  configured: { countryHeader: string | undefined; regionHeader: string | undefined },
): { countryHeader: string | undefined; regionHeader: string | undefined } {
  if (proxy === "cloudflare") return { countryHeader: "cf-ipcountry", regionHeader: "cf-region" };
  if (proxy === "header") return configured;
  return { countryHeader: undefined, regionHeader: undefined };
}

/**
 * The visitor's country and region from headers a trusted proxy or CDN sets (for example
 * Cloudflare's `cf-ipcountry`), named by configuration; otherwise the language's fallback.
 */
export function resolveGeo(input: {
  headers: Record<string, string | string[] | undefined>;
  locale: Locale;
  countryHeader: string | undefined;
  regionHeader: string | undefined;
}): Geo {
  const header = (name: string | undefined) => {
    const value = name ? input.headers[name] : undefined;
    return Array.isArray(value) ? value[0] : value;
  };
  const country = normalizeCountry(header(input.countryHeader));
  if (country) return { countryCode: country, region: normalizeRegion(header(input.regionHeader)), source: "header" };
  return geoByLocale(input.locale);
}

/** In development a `country` query parameter stands in for wherever the visitor is. */
export function devCountryOverride(query: URLSearchParams, devShortcuts: boolean): Geo | undefined {
  const forced = query.get("country");
  if (!devShortcuts || !forced || !/^[A-Za-z]{2}$/.test(forced)) return undefined;
  return { countryCode: forced.toLowerCase(), region: "", source: "query" };
}

/**
 * Where an address is; undefined when it cannot be told now (an adapter that tried and failed
 * has logged why). The HTTP service in adapters/ is one; an offline GeoIP database would be
 * another (docs/architecture.md says why none ships).
 */
export type GeoLookup = (address: string) => Promise<GeoLocation | undefined>;
