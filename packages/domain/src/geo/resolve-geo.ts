import type { Locale } from "@kinderready/i18n/locales";

export type Geo = { countryCode: string; region: string; source: "header" | "locale" };

/** Spec point 8: when the country is unknown it falls back by language (ar is our own choice). */
const localeFallback: Record<Locale, { countryCode: string; region: string }> = {
  en: { countryCode: "us", region: "New York" },
  de: { countryCode: "de", region: "Berlin" },
  pt: { countryCode: "pt", region: "Lisbon" },
  es: { countryCode: "mx", region: "Madrid" },
  fr: { countryCode: "fr", region: "Paris" },
  ru: { countryCode: "ru", region: "Moscow" },
  ar: { countryCode: "ae", region: "Dubai" },
};

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
    return (Array.isArray(value) ? value[0] : value)?.trim();
  };
  const country = header(input.countryHeader)?.toLowerCase();
  // XX and T1 are how CDNs say "unknown" and "Tor".
  if (country && /^[a-z]{2}$/.test(country) && country !== "xx" && country !== "t1") {
    return { countryCode: country, region: header(input.regionHeader) ?? "", source: "header" };
  }
  return { ...localeFallback[input.locale], source: "locale" };
}
