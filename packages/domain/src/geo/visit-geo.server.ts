import type { Locale } from "@kinderready/i18n/locales";
import { decodeGeoCookie, encodeGeoCookie } from "./geo-cookie.server.ts";
import { placeableAddress } from "./public-address.server.ts";
import type { GeoLookup } from "./resolve-geo.ts";
import {
  devCountryOverride,
  type Geo,
  type GeoProxy,
  geoByLocale,
  proxyGeoHeaders,
  resolveGeo,
} from "./resolve-geo.ts";

export type VisitGeoSettings = {
  proxy: GeoProxy;
  countryHeader: string | undefined;
  regionHeader: string | undefined;
  /** Unset when no lookup is configured: the language decides, quietly. */
  lookup: GeoLookup | undefined;
  cookieSecret: string;
  devShortcuts: boolean;
};

export type VisitGeoRequest = {
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  locale: Locale;
  /** The `kr_geo` cookie as the browser sent it. */
  cookie: string | undefined;
  clientAddress: string;
};

/**
 * The visitor's country and region, once per visit, in this order: the
 * development `country` parameter; a trusted proxy's headers; the visit's signed cookie; a
 * lookup of a public address; the language. A lookup's answer comes back with the cookie value
 * to remember it by; a proxy's headers cost nothing and are read afresh on every request.
 */
export async function resolveVisitGeo(
  request: VisitGeoRequest,
  settings: VisitGeoSettings,
): Promise<{ geo: Geo; rememberAs?: string }> {
  const forced = devCountryOverride(request.query, settings.devShortcuts);
  if (forced) return { geo: forced };

  const headers = proxyGeoHeaders(settings.proxy, settings);
  const fromProxy = resolveGeo({ headers: request.headers, locale: request.locale, ...headers });
  if (fromProxy.source === "header") return { geo: fromProxy };

  const remembered = decodeGeoCookie(request.cookie, settings.cookieSecret);
  if (remembered) return { geo: { ...remembered, source: "cookie" } };

  const address = placeableAddress(request.clientAddress);
  if (!settings.lookup || !address) return { geo: geoByLocale(request.locale) };
  const found = await settings.lookup(address);
  if (!found) return { geo: geoByLocale(request.locale) };
  return { geo: { ...found, source: "service" }, rememberAs: encodeGeoCookie(found, settings.cookieSecret) };
}
