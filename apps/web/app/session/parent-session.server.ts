import type { AppServices } from "@kinderready/domain/app-services";
import type { Parent } from "@kinderready/domain/parents/find-parent.server";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import {
  endParentSession,
  findSessionParent,
  type ParentSession,
  type SessionParent,
  sessionDigest,
  startParentSession,
} from "@kinderready/domain/profile/parent-sessions.server";
import { secureCookiesFor } from "../cookies.ts";
import { parentSessionSetCookie, readParentSession } from "./parent-session-cookie.ts";

// Who the parent is, for the pages. Signed in: the session cookie of this device, started only
// where the device created the parent (the quiz's last post), went to pay their first payment,
// or proved it is theirs (an emailed link), and verified by that link or by a payment this session
// started. A link with the user token (after paying, from an email) shows the page it opens, for
// that request, and signs nobody in; it never spends money or changes the account: that takes
// this device's verified session.

/** The session id this device's cookie carries, checked or not. */
export const sessionId = (request: Request): string | undefined => readParentSession(request.headers.get("cookie"));

/** The parent signed in on this device (verified or not), or nobody. */
export function sessionParent(
  request: Request,
  services: Pick<AppServices, "account">,
): Promise<SessionParent | undefined> {
  return findSessionParent(services.account, { sessionId: sessionId(request) });
}

/**
 * The parent this device proved it is (a verified session); with `token`, only when the session
 * is that token's parent. What every post that spends money or changes the account asks for.
 */
export async function verifiedParent(
  request: Request,
  services: Pick<AppServices, "account">,
  token?: string,
): Promise<Parent | undefined> {
  const signedIn = await sessionParent(request, services);
  if (!signedIn?.verified) return undefined;
  return token === undefined || signedIn.parent.token === token ? signedIn.parent : undefined;
}

/** The token in the address (`?token=`), else the signed-in parent's. */
export async function parentToken(
  request: Request,
  url: URL,
  services: Pick<AppServices, "account">,
): Promise<string | undefined> {
  const query = userTokenSchema.safeParse(url.searchParams.get("token"));
  return query.success ? query.data : (await sessionParent(request, services))?.parent.token;
}

/**
 * Signs this parent in on this device (a new session, the device's old one ended): the
 * Set-Cookie. `verified`: the device proved it is the parent's.
 */
export async function signInCookie(
  request: Request,
  services: Pick<AppServices, "account" | "appUrl">,
  userId: string,
  verified: boolean,
): Promise<{ "set-cookie": string }> {
  const session = await startParentSession(services.account, { userId, replacing: sessionId(request), verified });
  return sessionCookie(services.appUrl, session);
}

/**
 * The session a device goes to pay with, for the payment to verify once it settles (an order
 * keeps only its digest). `digest` is called once the gateway's page is ready, so a refused
 * checkout signs nobody in or out: it answers the device's own session when that is already
 * this parent's. Otherwise only a first payment (`firstPayment`) gives the device a new,
 * unverified session, since the card typed there becomes the account's stored card; a device
 * that came by a link and pays an upsell is verified by nothing, as paying with some card is no
 * proof of being the parent whose stored card one click would charge. `headers` hands a new
 * session to the browser.
 */
export function payingSession(
  request: Request,
  services: Pick<AppServices, "account" | "appUrl">,
  token: string,
  { firstPayment }: { firstPayment: boolean },
): { digest: (userId: string) => Promise<string | undefined>; headers: () => { "set-cookie": string } | undefined } {
  let started: ParentSession | undefined;
  return {
    async digest(userId) {
      const current = sessionId(request);
      const signedIn = await sessionParent(request, services);
      if (current && signedIn?.parent.token === token) return sessionDigest(current);
      if (!firstPayment) return undefined;
      started = await startParentSession(services.account, { userId, replacing: current, verified: false });
      return sessionDigest(started.id);
    },
    headers: () => (started ? sessionCookie(services.appUrl, started) : undefined),
  };
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
