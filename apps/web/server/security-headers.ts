import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { AppEnv } from "@kinderready/config/config.server";

/**
 * Powerful browser features the product never uses, switched off for the page and anything it
 * embeds: an injected script cannot reach the camera, the location or the Payment Request API.
 */
export const permissionsPolicy = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/**
 * Helmet's headers. HSTS only in prod: a developer's or a test's plain-http localhost must not be
 * pinned to https for a year.
 */
export function helmetOptions(appEnv: AppEnv): FastifyHelmetOptions {
  return {
    // The page policy needs a per-request nonce; it is set with the pages.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: appEnv === "prod" ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A form post or fetch that another site's page made the parent's browser send. Browsers say so
 * in `Sec-Fetch-Site` and `Origin`; a request with neither is not from a browser, so it carries
 * no victim's cookies to abuse. This backs up SameSite cookies and the console's CSRF tokens.
 */
export function isCrossSiteWrite(
  method: string,
  headers: { origin?: string | undefined; "sec-fetch-site"?: string | string[] | undefined },
  host: string,
  appOrigin: string,
): boolean {
  if (safeMethods.has(method)) return false;
  if (headers["sec-fetch-site"] === "cross-site") return true;
  const { origin } = headers;
  if (origin === undefined) return false;
  // The same rule as the console's isSameOrigin: this request's host, or the public origin.
  if (origin === appOrigin) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    // "null" (sandboxed frames, some redirects) or garbage: not provably this site.
    return true;
  }
}
