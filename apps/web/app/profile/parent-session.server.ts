import { userTokenSchema } from "@kinderready/domain/onboarding/onboarding-schema";
import { parentSessionSetCookie, readParentSession } from "@kinderready/domain/profile/parent-session";

// Who the parent is, for the pages: the token a link carries (after paying, from an email) or,
// without one, the session cookie of this device.

/** The token of this device's session, when it looks like a token. */
export function sessionToken(request: Request): string | undefined {
  const parsed = userTokenSchema.safeParse(readParentSession(request.headers.get("cookie")));
  return parsed.success ? parsed.data : undefined;
}

/** The token in the address (`?token=`), else the session's. */
export function parentToken(request: Request, url: URL): string | undefined {
  const query = userTokenSchema.safeParse(url.searchParams.get("token"));
  return query.success ? query.data : sessionToken(request);
}

/** Set-Cookie that starts a session for this token, or ends the session without one. */
export function sessionCookie(appUrl: string, token: string | undefined): { "set-cookie": string } {
  return { "set-cookie": parentSessionSetCookie(token, appUrl.startsWith("https:")) };
}
