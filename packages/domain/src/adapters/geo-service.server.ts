import type { Logger } from "@kinderready/config/logger";
import { z } from "zod";
import { LruCache } from "../geo/lru-cache.ts";
import { type GeoLocation, type GeoLookup, normalizeCountry, normalizeRegion } from "../geo/resolve-geo.ts";

export type GeoServiceOptions = {
  /** GET URL with `{ip}` where the address goes, answering JSON { countryCode, regionName, query }. */
  urlTemplate: string;
  timeoutMs: number;
  cacheEntries?: number;
  now?: () => number;
  log: Logger;
};

/** An address's place changes rarely; a failed one is retried after a minute, not on every page. */
const foundTtlMs = 24 * 60 * 60 * 1000;
const failedTtlMs = 60 * 1000;
/** Longest pause a rate-limited service may ask for. */
const maxPauseMs = 10 * 60 * 1000;

const answerSchema = z.object({ countryCode: z.string(), regionName: z.string().optional() });

class LookupFailure extends Error {
  readonly reason: string;
  /** How long every lookup waits before the service is asked again. */
  readonly pauseMs: number;

  constructor(reason: string, pauseMs = 0) {
    super(reason);
    this.reason = reason;
    this.pauseMs = pauseMs;
  }
}

/**
 * An HTTP geolocation service, for deployments without a proxy that knows the
 * country. The page waits for it, so briefly: a short timeout, answers and failures cached by
 * address, and one request in flight per address however many pages ask at once.
 */
export function createGeoService(options: GeoServiceOptions): GeoLookup {
  const now = options.now ?? Date.now;
  const cache = new LruCache<GeoLocation | "failed">(options.cacheEntries ?? 10_000);
  const inFlight = new Map<string, Promise<GeoLocation | undefined>>();
  let pausedUntil = 0;

  async function request(address: string): Promise<GeoLocation> {
    const url = options.urlTemplate.replace("{ip}", encodeURIComponent(address));
    // The time limit covers reading the body too.
    const signal = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: "application/json" }, signal });
    } catch {
      throw new LookupFailure(signal.aborted ? "timeout" : "unreachable");
    }
    // ip-api.com's rate limit: X-Rl requests left in the window, X-Ttl seconds until it resets.
    const resetMs = Math.min(Number(response.headers.get("x-ttl") ?? 60) * 1000 || 60_000, maxPauseMs);
    if (response.status === 429) {
      await response.body?.cancel();
      throw new LookupFailure("rate_limited", resetMs);
    }
    if (response.headers.get("x-rl") === "0") pausedUntil = now() + resetMs;
    if (!response.ok) {
      await response.body?.cancel();
      throw new LookupFailure(`http_${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new LookupFailure(signal.aborted ? "timeout" : "bad_answer");
    }
    const answer = answerSchema.safeParse(body);
    if (!answer.success) throw new LookupFailure("bad_answer");
    const countryCode = normalizeCountry(answer.data.countryCode);
    if (!countryCode) throw new LookupFailure("no_country");
    return { countryCode, region: normalizeRegion(answer.data.regionName) };
  }

  async function lookupOnce(address: string): Promise<GeoLocation | undefined> {
    try {
      const found = await request(address);
      cache.set(address, found, now() + foundTtlMs);
      return found;
    } catch (error) {
      const failure = error instanceof LookupFailure ? error : new LookupFailure("error");
      if (failure.pauseMs > 0) pausedUntil = now() + failure.pauseMs;
      cache.set(address, "failed", now() + failedTtlMs);
      // No address in the log: it is personal data.
      options.log.error({ reason: failure.reason }, "geo_lookup_failed");
      return undefined;
    }
  }

  return (address) => {
    const cached = cache.get(address, now());
    if (cached) return Promise.resolve(cached === "failed" ? undefined : cached);
    const pending = inFlight.get(address);
    if (pending) return pending;
    if (now() < pausedUntil) return Promise.resolve(undefined);
    const lookup = lookupOnce(address).finally(() => inFlight.delete(address));
    inFlight.set(address, lookup);
    return lookup;
  };
}
