import { createHmac, timingSafeEqual } from "node:crypto";

// The code in an emailed link: an id and an HMAC of it, for one purpose, under a server key, so the
// database holds no usable secret and the email job can rebuild the link from the id. A sign-in
// link's code names the link; an unsubscribe link's names the parent.

/** How long a sign-in link works. */
export const accessLinkMinutes = 30;

type Purpose = "access-link" | "unsubscribe";

function mac(secret: string, purpose: Purpose, id: string): string {
  return createHmac("sha256", secret).update(`${purpose}|${id}`).digest("base64url");
}

function signedCode(secret: string, purpose: Purpose, id: string): string {
  return `${id}.${mac(secret, purpose, id)}`;
}

/** The id a genuine code for `purpose` names; undefined for anything forged, malformed or for another purpose. */
function verifySignedCode(secret: string, purpose: Purpose, code: string): string | undefined {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(code);
  if (!match) return undefined;
  const [, id, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(mac(secret, purpose, id));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? id : undefined;
}

/** The code a sign-in link carries: the link's id and its HMAC. */
export const accessCode = (secret: string, linkId: string) => signedCode(secret, "access-link", linkId);
/** The sign-in link a genuine code names. */
export const verifyAccessCode = (secret: string, code: string) => verifySignedCode(secret, "access-link", code);
/** The code an unsubscribe link carries: the parent's id and its HMAC. */
export const unsubscribeCode = (secret: string, userId: string) => signedCode(secret, "unsubscribe", userId);
/** The parent a genuine unsubscribe code names. */
export const verifyUnsubscribeCode = (secret: string, code: string) => verifySignedCode(secret, "unsubscribe", code);
