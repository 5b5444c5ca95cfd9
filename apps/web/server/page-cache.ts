import { geoCookieName } from "@kinderready/domain/geo/geo-cookie.server";
import type { Geo } from "@kinderready/domain/geo/resolve-geo";
import { localeCookie, splitLocalePath } from "@kinderready/i18n/locales";
import { isbot } from "isbot";
import { deviceCookie } from "../app/analytics/device-cookie.ts";
import { adConsentCookie } from "../app/consent/ad-consent-cookie.ts";
import { type PageId, pageForPath } from "../app/pages.ts";
import type { SplicedDocument } from "./spliced-document.ts";

// The page micro-cache (ADR 0052): the document of a page that is the same for every anonymous
// visitor of one language, flow and place is rendered once every few seconds; each response
// gets its own nonce spliced in, its own cookies, and the funnel steps the page's loaders
// recorded when it was rendered.

/**
 * Pages whose document depends only on the path (language, flow), the visit's place and the
 * ad-consent choice, when asked with no query but an ad's: the quiz's first page, the legal
 * texts. Not the do-not-sell page (it reads the opt-out cookie, GPC and the parent's session).
 */
const cacheablePages: ReadonlySet<PageId> = new Set<PageId>([
  "onboarding",
  "quiz1",
  "cookie-policy",
  "money-back-policy",
  "privacy-policy",
  "subscription-terms",
  "terms-of-service",
]);

/**
 * Query parameters an ad platform's link adds (the campaign, the click), which only the funnel
 * step (recorded per response) and the browser's scripts read: a page's document never holds
 * them, so most arrivals, which carry them, are answered from the cache too.
 */
const clickIds = new Set(["fbclid", "gclid", "gbraid", "wbraid", "ttclid", "msclkid", "af_sub1"]);
const isAttribution = (name: string): boolean => name.startsWith("utm_") || clickIds.has(name);

/** A request's path and its query's attribution values; undefined when the query holds anything else. */
function attributedPath(url: string): { path: string; values: string[] } | undefined {
  const separator = url.indexOf("?");
  if (separator < 0) return { path: url, values: [] };
  const query = new URLSearchParams(url.slice(separator + 1));
  const names = [...query.keys()];
  if (!names.every(isAttribution)) return undefined;
  return { path: url.slice(0, separator), values: [...query.values()] };
}

/**
 * Whether a rendered document shows any of its request's attribution values: then it depends on
 * them after all and must not be kept for other arrivals. Values too short to tell from the
 * page's own text are not looked for.
 */
export function echoesAttribution(html: string, url: string): boolean {
  const values = attributedPath(url)?.values ?? [];
  return values.some(
    (value) => value.length >= 6 && (html.includes(value) || html.includes(encodeURIComponent(value))),
  );
}

/**
 * Cookies a cacheable request may carry: the language (the path decides it), the device (only
 * the funnel step, recorded per response, reads it), the visit's place and the consent choice
 * (both in the key). Any other cookie may be a parent's session or a saved quiz: not cached.
 */
const keyedCookies = new Set<string>([localeCookie.name, deviceCookie.name, geoCookieName, adConsentCookie.name]);

export type PageCacheRequest = {
  method: string;
  url: string;
  cookies: Record<string, string | undefined>;
  userAgent: string | undefined;
};

/** The page a request may be answered from the cache for, or undefined when it must render. */
export function cacheablePage(request: PageCacheRequest): PageId | undefined {
  if (request.method !== "GET") return undefined;
  const asked = attributedPath(request.url);
  if (!asked) return undefined;
  // Crawlers get the whole document at once (entry.server.tsx): rendered for them.
  if (request.userAgent && isbot(request.userAgent)) return undefined;
  if (Object.keys(request.cookies).some((name) => !keyedCookies.has(name))) return undefined;
  if ((request.cookies[adConsentCookie.name]?.length ?? 0) > 32) return undefined;
  const page = pageForPath(splitLocalePath(asked.path).path).id;
  return cacheablePages.has(page) ? page : undefined;
}

/** Everything a cacheable page's document depends on: the path, the place, the consent choice. */
export function pageCacheKey(request: PageCacheRequest, geo: Geo): string {
  const path = attributedPath(request.url)?.path ?? request.url;
  return JSON.stringify([path, geo, request.cookies[adConsentCookie.name] ?? null]);
}

export type CachedPage = {
  status: number;
  /** The render's own headers (content type), never Set-Cookie. */
  headers: Record<string, string>;
  document: SplicedDocument;
  /** The funnel steps the page's loaders recorded, recorded again for each response. */
  steps: readonly (readonly string[])[];
};

/** A bounded map of rendered pages that each live `ttlMs`; the oldest goes first when full. */
export class PageCache {
  readonly #entries = new Map<string, { page: CachedPage; expires: number }>();
  readonly #options: { ttlMs: number; maxEntries: number; now?: () => number };

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#options = options;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > this.#now()) return entry.page;
    this.#entries.delete(key);
    return undefined;
  }

  set(key: string, page: CachedPage): void {
    this.#entries.delete(key);
    this.#entries.set(key, { page, expires: this.#now() + this.#options.ttlMs });
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#options.maxEntries) break;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }
}

/** The compressed form a request takes that a spliced document has: br first, then gzip, else identity. */
export function splicedEncodingFor(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    accepted.set(name, quality ? Number(quality.slice(2)) : 1);
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (takes("br")) return "br";
  if (takes("gzip")) return "gzip";
  return "identity";
}
