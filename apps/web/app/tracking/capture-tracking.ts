import type { TrackingData } from "@kinderready/domain/onboarding/onboarding-schema";
import { readCookie } from "../cookies.ts";

const clickKeys = ["utm_campaign", "utm_medium", "utm_source", "utm_content", "gclid", "fbclid", "af_sub1", "ttclid"];

const present = (value: string | null | undefined) => (value ? value : undefined);

/**
 * Attribution of a landing: UTM labels, Google and Meta click ids and cookies,
 * TikTok's click id. `undefined` when the address carries no attribution, so an earlier
 * landing's attribution is kept for the session instead of being wiped by an inner link.
 */
export function trackingFromLanding(input: { search: string; cookies: string; now: number }): TrackingData | undefined {
  const query = new URLSearchParams(input.search);
  const keys = [...query.keys()];
  if (!keys.some((key) => clickKeys.includes(key) || key.startsWith("utm"))) return undefined;
  const get = (key: string) => present(query.get(key));
  const fbclid = get("fbclid") ?? get("af_sub1");
  // GA's cookie is GA1.1.<random>.<timestamp>; the client id is the last two parts.
  const gaCookie = readCookie(input.cookies, "_ga");
  const gaClientId = gaCookie?.split(".").slice(-2).join(".");
  return {
    utmLabels: {
      utm_campaign: get("utm_campaign"),
      utm_medium: get("utm_medium"),
      utm_source: get("utm_source"),
      utm_content: get("utm_content"),
    },
    googleAnalytics: { gclid: get("gclid"), client_id: get("client_id") ?? present(gaClientId) },
    fbAnalytics: {
      fb_pixel_id: get("fb_pixel_id"),
      // Meta's format for a click id the pixel has not stored yet.
      fbc: readCookie(input.cookies, "_fbc") ?? (fbclid ? `fb.1.${input.now}.${fbclid}` : undefined),
      fbp: readCookie(input.cookies, "_fbp"),
      fbclid,
    },
    ttclid: get("ttclid"),
    organic: !keys.some((key) => key.startsWith("utm")),
  };
}
