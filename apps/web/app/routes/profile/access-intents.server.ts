import { requestAccessLink, signInWithAccessLink } from "@kinderready/domain/profile/access-links.server";
import { endOtherParentSessions } from "@kinderready/domain/profile/parent-sessions.server";
import { accessLinkRequestSchema } from "@kinderready/domain/profile/profile-schema";
import { localizePath } from "@kinderready/i18n/locales";
import { redirect } from "react-router";
import { sessionCookie, sessionId, signOutCookie } from "../../session/parent-session.server.ts";
import { failure, othersParam, type ProfileActionResult } from "./profile-actions.server.ts";
import type { IntentHandler, ParentPost } from "./profile-intent-context.server.ts";

// Signing in and out: the emailed link that signs a device in, and the sessions it starts.

/** Emails a sign-in link to the address, when it is a parent's. */
export const requestSignInLink: IntentHandler<"request-link"> = async (body, { services, clientAddress }) => {
  const parsed = accessLinkRequestSchema.safeParse({ email: body.email });
  if (!parsed.success) return failure(body.intent, "validation.messages.email", 400, "email");
  await requestAccessLink(services.account, {
    email: parsed.data.email,
    clientAddress,
  });
  return { intent: body.intent, ok: true, email: parsed.data.email } satisfies ProfileActionResult;
};

/** Signs this device in with an emailed link's code; a code that does not sign in is shown as such. */
export const signInWithLink: IntentHandler<"sign-in"> = async (body, { request, services, locale }) => {
  const session = await signInWithAccessLink(services.account, {
    secret: services.account.accessLinkSecret,
    code: body.code,
    replacing: sessionId(request),
  });
  const here = localizePath("/profile/", locale);
  if (!session) return redirect(`${here}?access=${encodeURIComponent(body.code)}`, { status: 303 });
  return redirect(here, { status: 303, headers: sessionCookie(services.appUrl, session) });
};

/** Signs this device out. */
export const signOut: IntentHandler<"sign-out"> = async (_body, { request, services, locale }) =>
  redirect(localizePath("/profile/", locale), {
    status: 303,
    headers: await signOutCookie(request, services),
  });

/** Ends the parent's sessions on every other device, and says so on the profile. */
export const signOutOtherDevices: IntentHandler<"sign-out-others", ParentPost> = async (
  _body,
  { services, signedIn, current, locale },
) => {
  await endOtherParentSessions(services.account, { userId: signedIn.id, keep: current });
  return redirect(`${localizePath("/profile/", locale)}?${othersParam}=signed-out`, { status: 303 });
};
