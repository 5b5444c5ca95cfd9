import { createHmac, timingSafeEqual } from "node:crypto";

// The code in an emailed sign-in link: the link's id and an HMAC of it under a server key, so the
// database holds no usable secret and the email job can rebuild the link from the id.

/** How long a sign-in link works. */
export const accessLinkMinutes = 30;

function mac(secret: string, id: string): string {
  return createHmac("sha256", secret).update(`access-link|${id}`).digest("base64url");
}

/** The code a link carries: the link's id and its HMAC. */
export function accessCode(secret: string, id: string): string {
  return `${id}.${mac(secret, id)}`;
}

/** The link id a genuine code names; undefined for anything forged or malformed. */
export function verifyAccessCode(secret: string, code: string): string | undefined {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(code);
  if (!match) return undefined;
  const [, id, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(mac(secret, id));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? id : undefined;
}
