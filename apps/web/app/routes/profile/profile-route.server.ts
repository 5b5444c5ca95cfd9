import { AppErrorCode } from "@kinderready/domain/app-error";
import { withdrawalRightApplies } from "@kinderready/domain/consent/withdrawal-right";
import { failureCode } from "@kinderready/domain/known-failure";
import { findParent } from "@kinderready/domain/parents/find-parent.server";
import {
  type AnotherCardResult,
  getPaymentWithAnotherCard,
  startPaymentWithAnotherCard,
} from "@kinderready/domain/payments/pay-with-another-card.server";
import {
  checkAccessLink,
  requestAccessLink,
  signInWithAccessLink,
} from "@kinderready/domain/profile/access-links.server";
import {
  buyLifetimeInsteadOfCancelling,
  cancelAfterOffer,
  keepAfterHelp,
  pauseInsteadOfCancelling,
  type SaveOfferView,
  startCancelFlow,
} from "@kinderready/domain/profile/cancel-flow.server";
import { eraseParentData } from "@kinderready/domain/profile/erase-parent-data.server";
import { endOtherParentSessions, sessionDigest } from "@kinderready/domain/profile/parent-sessions.server";
import {
  cancelSubscriptionByParent,
  getProfile,
  recordAdSharingOptOut,
  renewParentSubscription,
  restoreSubscriptionByParent,
  resumeSubscriptionByParent,
  updateConsent,
} from "@kinderready/domain/profile/profile.server";
import {
  accessLinkRequestSchema,
  cancelRequestSchema,
  type ProfileView,
  type SubscriptionInfo,
} from "@kinderready/domain/profile/profile-schema";
import { type Locale, localeFromPath, localizePath } from "@kinderready/i18n/locales";
import { data, redirect } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { failedAction } from "../../action-failure.server.ts";
import { adSharingOptOut } from "../../consent/ad-sharing-opt-out.ts";
import { refusedField } from "../../post-body.server.ts";
import {
  sessionCookie,
  sessionId,
  sessionParent,
  signOutCookie,
  verifiedParent,
} from "../../session/parent-session.server.ts";
import type { Route } from "./+types/profile";

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
    const parent = await findParent(services.db, { token: linked });
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

/** Where signing out the other devices sends the parent back to, to say it is done. */
const othersParam = "others";

const checkbox = z
  .enum(["on", "true"])
  .optional()
  .transform((value) => value !== undefined);

const actionBody = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request-link"), email: z.string() }),
  z.object({ intent: z.literal("sign-in"), code: z.string().max(200) }),
  z.object({ intent: z.literal("sign-out") }),
  z.object({ intent: z.literal("sign-out-others") }),
  z.object({ intent: z.literal("consent"), mailing: checkbox, adSharingOptOut: checkbox }),
  // The reason, answered with the offer that fits it (or cancelled at once when none does).
  z.object({ intent: z.literal("cancel-reason"), reason: z.string().optional(), comment: z.string().optional() }),
  // The answer to the offer: take it, or cancel anyway (a pass of the flow names its session).
  z.object({ intent: z.literal("pause"), session: z.uuid(), periods: z.enum(["1", "2"]) }),
  z.object({ intent: z.literal("lifetime"), session: z.uuid(), immediate_access: checkbox }),
  z.object({ intent: z.literal("help-worked"), session: z.uuid() }),
  z.object({
    intent: z.literal("cancel"),
    session: z.uuid().optional(),
    reason: z.string().optional(),
    comment: z.string().optional(),
  }),
  z.object({ intent: z.literal("restore") }),
  z.object({ intent: z.literal("resume") }),
  z.object({ intent: z.literal("renew") }),
  z.object({ intent: z.literal("another-card") }),
  z.object({ intent: z.literal("delete"), confirm: z.literal("yes") }),
]);
type Intent = z.infer<typeof actionBody>["intent"];

/** One answer per intent that leaves the subscription changed (distributed, so each can be picked out). */
type ChangedSubscription<I extends Intent> = I extends Intent
  ? { intent: I; ok: true; subscription: SubscriptionInfo }
  : never;

export type ProfileActionResult =
  | { intent: "request-link"; ok: true; email: string }
  | { intent: "consent"; ok: true }
  | ChangedSubscription<"cancel" | "restore" | "resume" | "pause" | "help-worked">
  | {
      intent: "cancel-reason";
      ok: true;
      session: string;
      save: SaveOfferView;
      /** Where the right of withdrawal applies, buying lifetime access asks for access at once. */
      withdrawalConsent: boolean;
    }
  | { intent: "lifetime"; ok: true; status: "approved" | "processing" }
  | { intent: "renew"; ok: true; status: "approved" | "declined" | "processing"; errorCode: string | null }
  | { intent: Intent | "unknown"; ok: false; errorKey: string; field?: string };

const failure = (intent: Intent | "unknown", errorKey: string, status: number, field?: string) =>
  data<ProfileActionResult>({ intent, ok: false, errorKey, ...(field ? { field } : {}) }, { status });

export async function handleProfileAction({ request, url, context }: Args) {
  const { services, clientAddress, errors, geo } = context.get(requestContext);
  const locale = localeFromPath(url.pathname);
  const body = actionBody.safeParse(Object.fromEntries(await request.formData()));
  // Which field was refused (a pass's session, a pause's length), for the caller to name.
  if (!body.success) return failure("unknown", "profile.errors.internal", 400, refusedField(body.error));
  const input = body.data;

  try {
    if (input.intent === "request-link") {
      const parsed = accessLinkRequestSchema.safeParse({ email: input.email });
      if (!parsed.success) return failure(input.intent, "validation.messages.email", 400, "email");
      await requestAccessLink(services.account, {
        email: parsed.data.email,
        clientAddress,
      });
      return { intent: input.intent, ok: true, email: parsed.data.email } satisfies ProfileActionResult;
    }
    if (input.intent === "sign-in") {
      const session = await signInWithAccessLink(services.account, {
        secret: services.account.accessLinkSecret,
        code: input.code,
        replacing: sessionId(request),
      });
      const here = localizePath("/profile/", locale);
      if (!session) return redirect(`${here}?access=${encodeURIComponent(input.code)}`, { status: 303 });
      return redirect(here, { status: 303, headers: sessionCookie(services.appUrl, session) });
    }
    if (input.intent === "sign-out") {
      return redirect(localizePath("/profile/", locale), {
        status: 303,
        headers: await signOutCookie(request, services),
      });
    }

    // Everything below changes the account or spends money: a link or an unverified device may not.
    const signedIn = await verifiedParent(request, services);
    const current = sessionId(request);
    if (!signedIn || !current) return failure(input.intent, "profile.errors.signedOut", 401);
    const parent = { token: signedIn.token };
    const flow = { ...services.payments, emails: services.emails };
    switch (input.intent) {
      case "sign-out-others":
        await endOtherParentSessions(services.account, { userId: signedIn.id, keep: current });
        return redirect(`${localizePath("/profile/", locale)}?${othersParam}=signed-out`, { status: 303 });
      case "consent":
        await updateConsent(services.account, {
          ...parent,
          consent: { mailing: input.mailing, adSharingOptOut: input.adSharingOptOut },
        });
        return { intent: input.intent, ok: true } satisfies ProfileActionResult;
      case "cancel-reason": {
        const parsed = cancelRequestSchema.safeParse({ reason: input.reason, comment: input.comment });
        if (!parsed.success) return failure(input.intent, "validation.messages.chooseReason", 400, "reason");
        const step = await startCancelFlow(flow, { ...parent, ...parsed.data });
        return "save" in step
          ? ({
              intent: input.intent,
              ok: true,
              session: step.sessionId,
              save: step.save,
              withdrawalConsent: withdrawalRightApplies(geo.countryCode),
            } satisfies ProfileActionResult)
          : ({ intent: "cancel", ok: true, subscription: step.cancelled } satisfies ProfileActionResult);
      }
      case "cancel": {
        if (input.session) {
          const subscription = await cancelAfterOffer(flow, { ...parent, sessionId: input.session });
          return { intent: input.intent, ok: true, subscription } satisfies ProfileActionResult;
        }
        const parsed = cancelRequestSchema.safeParse({ reason: input.reason, comment: input.comment });
        if (!parsed.success) return failure(input.intent, "validation.messages.chooseReason", 400, "reason");
        const subscription = await cancelSubscriptionByParent(services.account, { ...parent, request: parsed.data });
        return { intent: input.intent, ok: true, subscription } satisfies ProfileActionResult;
      }
      case "pause": {
        const periods = input.periods === "2" ? 2 : 1;
        const subscription = await pauseInsteadOfCancelling(flow, { ...parent, sessionId: input.session, periods });
        return { intent: input.intent, ok: true, subscription } satisfies ProfileActionResult;
      }
      case "lifetime": {
        const { status } = await buyLifetimeInsteadOfCancelling(flow, {
          ...parent,
          sessionId: input.session,
          countryCode: geo.countryCode,
          immediateAccessConsent: input.immediate_access,
        });
        return { intent: input.intent, ok: true, status } satisfies ProfileActionResult;
      }
      case "help-worked": {
        const subscription = await keepAfterHelp(flow, { ...parent, sessionId: input.session });
        return { intent: input.intent, ok: true, subscription } satisfies ProfileActionResult;
      }
      case "resume": {
        const subscription = await resumeSubscriptionByParent(services.payments, parent);
        return { intent: input.intent, ok: true, subscription } satisfies ProfileActionResult;
      }
      case "restore": {
        const subscription = await restoreSubscriptionByParent(services.account, parent);
        return { intent: input.intent, ok: true, subscription } satisfies ProfileActionResult;
      }
      case "renew":
        return {
          intent: input.intent,
          ok: true,
          ...(await renewParentSubscription(services.payments, parent)),
        } satisfies ProfileActionResult;
      case "another-card": {
        // The card is typed on the gateway's page; only a signed-in device goes there, since the
        // card it pays with becomes the account's card.
        const { redirectUrl } = await startPaymentWithAnotherCard(services.payments, {
          userId: signedIn.id,
          locale,
          returnUrl: new URL(localizePath("/profile/subscription/", locale), services.appUrl).toString(),
          payingSession: sessionDigest(current),
        });
        return redirect(redirectUrl, { status: 303 });
      }
      case "delete":
        // Ends the parent's sessions on every device, so this one's cookie goes too; then home.
        // The page cleared what this browser kept before it posted.
        await eraseParentData(services.account, parent);
        return redirect(localizePath("/", locale), { status: 303, headers: sessionCookie(services.appUrl, undefined) });
    }
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
