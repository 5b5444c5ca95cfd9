import { AppErrorCode } from "@kinderready/domain/app-error";
import { failureCode } from "@kinderready/domain/known-failure";
import { findParent } from "@kinderready/domain/parents/find-parent.server";
import {
  type AnotherCardResult,
  getPaymentWithAnotherCard,
} from "@kinderready/domain/payments/pay-with-another-card.server";
import { checkAccessLink } from "@kinderready/domain/profile/access-links.server";
import { getProfile, recordAdSharingOptOut } from "@kinderready/domain/profile/profile.server";
import type { ProfileView } from "@kinderready/domain/profile/profile-schema";
import { type Locale, localeFromPath, localizePath } from "@kinderready/i18n/locales";
import { data, redirect } from "react-router";
import { requestContext } from "#load-context";
import { failedAction } from "../../action-failure.server.ts";
import { adSharingOptOut } from "../../consent/ad-sharing-opt-out.ts";
import { refusedField } from "../../post-body.server.ts";
import { sessionCookie, sessionId, sessionParent } from "../../session/parent-session.server.ts";
import type { Route } from "./+types/profile";
import { actionBody, failure, othersParam, type ProfileActionResult } from "./profile-actions.server.ts";
import { answerIntent } from "./profile-intents.server.ts";

export type { ProfileActionResult } from "./profile-actions.server.ts";

// Server side of the three profile pages (/profile/, /profile/subscription/,
// /profile/cancel-subscription/): who is signed in on this device, what they see, and their posts.

export type ProfileLoaderData =
  | {
      state: "signed-out";
      locale: Locale;
      accessLink: "none" | "valid" | "invalid";
      /** This device knows the parent (it typed the email, or went to pay) but has not proved it is theirs. */
      confirmDevice: boolean;
    }
  | {
      state: "signed-in";
      locale: Locale;
      profile: ProfileView;
      gpc: boolean;
      othersSignedOut: boolean;
      /** Back from the gateway's page where the parent paid with another card: how it went. */
      anotherCard: AnotherCardResult | null;
    };

/** The three pages' arguments are alike: no params, the same context. */
type Args = Pick<Route.LoaderArgs, "request" | "url" | "context">;

export async function loadProfile({ request, url, context }: Args) {
  const { services } = context.get(requestContext);
  const locale = localeFromPath(url.pathname);

  // A link with the token (a receipt, the printables menu) signs nobody in: anyone may hold a
  // link. The token leaves the address; this device's own session, if any, decides what shows,
  // else the sign-in panel offers an emailed link. A token nobody has any more (data deleted)
  // leads to the quiz.
  const linked = url.searchParams.get("token");
  if (linked !== null) {
    const parent = await findParent(services, { token: linked });
    const clean = new URL(url);
    clean.searchParams.delete("token");
    if (!parent) return redirect(localizePath("/onboarding/", locale));
    return redirect(`${clean.pathname}${clean.search}`);
  }

  // The profile shows and changes the account: only to a device that proved it is the parent's.
  const signedIn = await sessionParent(request, services);
  const parent = signedIn?.verified ? signedIn.parent : undefined;
  const code = url.searchParams.get("access");
  // A cookie whose session ended (signed out, expired, data deleted) is cleared.
  const stale = !signedIn && sessionId(request) !== undefined ? sessionCookie(services.appUrl, undefined) : undefined;
  if (!parent || code !== null) {
    const accessLink =
      code === null
        ? "none"
        : (await checkAccessLink(services.account, { secret: services.account.accessLinkSecret, code }))
          ? "valid"
          : "invalid";
    return data<ProfileLoaderData>(
      { state: "signed-out", locale, accessLink, confirmDevice: signedIn !== undefined },
      stale && { headers: stale },
    );
  }

  // A Global Privacy Control signal is the parent saying "do not sell or share": record it (once:
  // the update matches nothing after the first time).
  const token = parent.token;
  const gpc = adSharingOptOut({ cookieHeader: null, gpcHeader: request.headers.get("sec-gpc") }) === "gpc";
  if (gpc) await recordAdSharingOptOut(services.account, { token });
  // Back from paying with another card: asked first, so the profile read after it shows what it paid.
  const paidOrder = url.searchParams.get("order_id");
  const anotherCard = paidOrder
    ? await getPaymentWithAnotherCard(services.payments, { userId: parent.id, orderId: paidOrder }).catch(
        (error: unknown) => {
          // Someone else's or a made-up order id in the address shows nothing.
          if (failureCode(error) === AppErrorCode.NotFound) return null;
          throw error;
        },
      )
    : null;
  const profile = await getProfile(services.account, { token }).catch((error: unknown) => {
    if (failureCode(error) === AppErrorCode.NotFound) return undefined;
    throw error;
  });
  if (!profile) {
    return data<ProfileLoaderData>(
      { state: "signed-out", locale, accessLink: "none", confirmDevice: false },
      { headers: sessionCookie(services.appUrl, undefined) },
    );
  }
  const othersSignedOut = url.searchParams.get(othersParam) === "signed-out";
  return data<ProfileLoaderData>({ state: "signed-in", locale, profile, gpc, othersSignedOut, anotherCard });
}

/** A post of one of the three pages: its body checked, then answered by its intent's handler. */
export async function handleProfileAction({ request, url, context }: Args) {
  const { services, clientAddress, errors, geo } = context.get(requestContext);
  const locale = localeFromPath(url.pathname);
  const body = actionBody.safeParse(Object.fromEntries(await request.formData()));
  // Which field was refused (a pass's session, a pause's length), for the caller to name.
  if (!body.success) return failure("unknown", "profile.errors.internal", 400, refusedField(body.error));
  const input = body.data;

  try {
    return await answerIntent(input.intent, input, { request, locale, services, clientAddress, geo });
  } catch (error) {
    return failedAction(error, {
      errors,
      msg: "profile action failed",
      extra: { intent: input.intent },
      fallbackKey: "profile.errors.internal",
      answer: (errorKey, { field }): ProfileActionResult => ({
        intent: input.intent,
        ok: false,
        errorKey,
        ...(field ? { field } : {}),
      }),
    });
  }
}
