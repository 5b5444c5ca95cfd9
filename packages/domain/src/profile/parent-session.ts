import { cookieString, readCookie } from "../cookies.ts";

// The parent's session on this device: an HttpOnly cookie holding their user token, set when
// they arrive with the token in a link (after paying, from a receipt) or sign in by an emailed
// link, so the profile and printables open from the menu without the token in the address.
// Scripts cannot read it, and the token then leaves the address bar (and every Referer) for good.

export const parentSessionCookie = { name: "kr_session", maxAgeSeconds: 180 * 24 * 60 * 60 } as const;

export const readParentSession = (cookieHeader: string | null): string | undefined =>
  readCookie(cookieHeader, parentSessionCookie.name);

/** Set-Cookie for a session with this token; without one, the header that ends the session. */
export function parentSessionSetCookie(token: string | undefined, secure: boolean): string {
  return cookieString(parentSessionCookie.name, token ?? "", {
    maxAgeSeconds: token ? parentSessionCookie.maxAgeSeconds : 0,
    secure,
    httpOnly: true,
  });
}
