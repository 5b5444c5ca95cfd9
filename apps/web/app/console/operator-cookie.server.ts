import { sessionLifetime } from "@kinderready/domain/console/operator-accounts.server";
import { cookieString, readCookie } from "../cookies.ts";

// The console's session cookie: HttpOnly, SameSite=Strict (no other site can make the browser
// send it), and on https `__Host-` prefixed, which browsers accept only with Secure, Path=/ and
// no Domain, so a sibling subdomain cannot plant or overwrite it.

const baseName = "kr_operator";

export function operatorCookieName(secure: boolean): string {
  return secure ? `__Host-${baseName}` : baseName;
}

export const readOperatorCookie = (cookieHeader: string | null, secure: boolean): string | undefined =>
  readCookie(cookieHeader, operatorCookieName(secure));

/** Set-Cookie for a signed-in operator; without a token, the header that ends the session. */
export function operatorSetCookie(token: string | undefined, secure: boolean): string {
  return cookieString(operatorCookieName(secure), token ?? "", {
    maxAgeSeconds: token ? sessionLifetime.absoluteHours * 3600 : 0,
    secure,
    httpOnly: true,
    sameSite: "Strict",
  });
}
