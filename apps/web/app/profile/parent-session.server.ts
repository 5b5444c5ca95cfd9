import type { AppServices } from "@kinderready/domain/app-services";
import type { Parent } from "@kinderready/domain/parents/find-parent.server";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import {
  endParentSession,
  findSessionParent,
  type ParentSession,
  startParentSession,
} from "@kinderready/domain/profile/parent-sessions.server";
import { secureCookiesFor } from "../cookies.ts";
import { parentSessionSetCookie, readParentSession } from "./parent-session-cookie.ts";

// Who the parent is, for the pages. Signed in: the session cookie of this device, started only
// by a sign-in the server checked. A link with the user token (after paying, from an email) shows
// the page it opens, for that request, and signs nobody in.

/** The session id this device's cookie carries, checked or not. */
export const sessionId = (request: Request): string | undefined => readParentSession(request.headers.get("cookie"));

/** The parent signed in on this device, or nobody. */
export function sessionParent(request: Request, services: Pick<AppServices, "account">): Promise<Parent | undefined> {
  return findSessionParent(services.account, { sessionId: sessionId(request) });
}

/** The token in the address (`?token=`), else the signed-in parent's. */
export async function parentToken(
  request: Request,
  url: URL,
  services: Pick<AppServices, "account">,
): Promise<string | undefined> {
  const query = userTokenSchema.safeParse(url.searchParams.get("token"));
  return query.success ? query.data : (await sessionParent(request, services))?.token;
}

/** Signs this parent in on this device (a new session, the device's old one ended): the Set-Cookie. */
export async function signInCookie(
  request: Request,
  services: Pick<AppServices, "account" | "appUrl">,
  userId: string,
): Promise<{ "set-cookie": string }> {
  const session = await startParentSession(services.account, { userId, replacing: sessionId(request) });
  return sessionCookie(services.appUrl, session);
}

/** Set-Cookie that hands this session to the browser, or ends the device's session without one. */
export function sessionCookie(appUrl: string, session: ParentSession | undefined): { "set-cookie": string } {
  return { "set-cookie": parentSessionSetCookie(session?.id, secureCookiesFor(appUrl)) };
}

/** Signs this device out: the session ends on the server too. The Set-Cookie that clears it. */
export async function signOutCookie(
  request: Request,
  services: Pick<AppServices, "account" | "appUrl">,
): Promise<{ "set-cookie": string }> {
  await endParentSession(services.account, { sessionId: sessionId(request) });
  return sessionCookie(services.appUrl, undefined);
}
