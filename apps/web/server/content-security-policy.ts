import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Origins beyond our own that configured services need: the ad pixel's image requests, the
 * error reports' ingest host (only when reporting is on).
 */
export type PolicyOrigins = { img?: readonly string[]; connect?: readonly string[] };

/**
 * A strict policy: scripts run only with this response's nonce (and what they load, via
 * 'strict-dynamic'); nothing may frame the page; forms post only to this origin.
 */
export function contentSecurityPolicy(nonce: string, origins: PolicyOrigins = {}): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    ["img-src 'self' data:", ...(origins.img ?? [])].join(" "),
    "font-src 'self'",
    ["connect-src 'self'", ...(origins.connect ?? [])].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}
