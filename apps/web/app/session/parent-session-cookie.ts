import { parentSessionDays } from "@kinderready/domain/profile/profile-rules";
import { cookieString, readCookie } from "../cookies.ts";

// The parent's session on this device: an HttpOnly cookie holding a random session id
// (parent-sessions.server.ts), never the user token, set only by a sign-in the server checked.
// Scripts cannot read it; the profile, printables, contact and legal pages know the parent by it.

export const parentSessionCookie = { name: "kr_session", maxAgeSeconds: parentSessionDays * 24 * 60 * 60 } as const;

export const readParentSession = (cookieHeader: string | null): string | undefined =>
  readCookie(cookieHeader, parentSessionCookie.name);

/** Set-Cookie for a session with this id; without one, the header that ends the session. */
export function parentSessionSetCookie(sessionId: string | undefined, secure: boolean): string {
  return cookieString(parentSessionCookie.name, sessionId ?? "", {
    maxAgeSeconds: sessionId ? parentSessionCookie.maxAgeSeconds : 0,
    secure,
    httpOnly: true,
  });
}
