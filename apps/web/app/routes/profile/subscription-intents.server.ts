import { startPaymentWithAnotherCard } from "@kinderready/domain/payments/pay-with-another-card.server";
import { sessionDigest } from "@kinderready/domain/profile/parent-sessions.server";
import {
  renewSubscriptionByParent,
  restoreSubscriptionByParent,
  resumeSubscriptionByParent,
} from "@kinderready/domain/profile/profile.server";
import { localizePath } from "@kinderready/i18n/locales";
import { redirect } from "react-router";
import type { ProfileActionResult } from "./profile-actions.server.ts";
import type { IntentHandler, ParentPost } from "./profile-intent-context.server.ts";

// The subscription page's posts: resume a pause, restore a cancelled one, renew an expired one,
// or pay with another card.

/** Ends a pause early: billing resumes. */
export const resumeSubscription: IntentHandler<"resume", ParentPost> = async (body, { services, parent }) => {
  const subscription = await resumeSubscriptionByParent(services.payments, parent);
  return { intent: body.intent, ok: true, subscription } satisfies ProfileActionResult;
};

/** Takes back a cancellation (or a scheduled end) before the period ends. */
export const restoreSubscription: IntentHandler<"restore", ParentPost> = async (body, { services, parent }) => {
  const subscription = await restoreSubscriptionByParent(services.account, parent);
  return { intent: body.intent, ok: true, subscription } satisfies ProfileActionResult;
};

/** Renews an expired subscription with the card on file. */
export const renewSubscription: IntentHandler<"renew", ParentPost> = async (body, { services, parent }) =>
  ({
    intent: body.intent,
    ok: true,
    ...(await renewSubscriptionByParent(services.payments, parent)),
  }) satisfies ProfileActionResult;

/**
 * Sends the parent to the gateway's page to pay with another card. Only a signed-in device goes
 * there, since the card it pays with becomes the account's card.
 */
export const payWithAnotherCard: IntentHandler<"another-card", ParentPost> = async (
  _body,
  { services, signedIn, current, locale },
) => {
  const { redirectUrl } = await startPaymentWithAnotherCard(services.payments, {
    userId: signedIn.id,
    locale,
    returnUrl: new URL(localizePath("/profile/subscription/", locale), services.appUrl).toString(),
    payingSession: sessionDigest(current),
  });
  return redirect(redirectUrl, { status: 303 });
};
