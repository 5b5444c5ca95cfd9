import type { Database } from "@kinderready/db/open-db";
import { AppError, AppErrorCode } from "../app-error.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { findParent, type Parent } from "../parents/find-parent.server.ts";
import type { PaymentDeps } from "../payments/orders.server.ts";
import {
  cancelAtPeriodEnd,
  renewExpiredSubscription,
  restoreSubscription,
} from "../payments/subscription-billing.server.ts";
import { resumeSubscription } from "../payments/subscription-pauses.server.ts";
import { findSoldSubscription } from "../subscriptions/subscription-queries.server.ts";
import type { SubscriptionRow } from "../subscriptions/subscription-state.ts";
import { upsellKind } from "../upsell-wire.ts";
import { updateAdSharingOptOut, updateParentConsent } from "./parent-queries.server.ts";
import type { CancelRequest, ConsentSettings, ProfileView, SubscriptionInfo } from "./profile-schema.ts";
import { describePurchase, describeSubscription, mayDeleteData } from "./profile-shaping.ts";
import { listEntitlementKinds, listPaidOrders } from "./purchase-queries.server.ts";

// The parent's profile: who they are to us, their subscription and purchases, their consent
// choices, and the subscription's management (cancel with a reason, restore, renew). Every
// function takes the parent's token; the transport found it in a link or the session cookie.

export type ProfileDeps = { db: Database; now: () => Date; emails: EmailQueue };

async function requireParent(deps: { db: Database }, input: { token: string }): Promise<Parent> {
  const user = await findParent(deps, input);
  if (!user)
    throw new AppError(AppErrorCode.NotFound, "token", "No parent with this token", "profile.errors.signedOut");
  return user;
}

/** The parent's subscription, if they ever had one. */
export async function subscriptionOf(deps: { db: Database }, userId: string): Promise<SubscriptionRow | undefined> {
  return findSoldSubscription(deps.db, userId);
}

/** Everything the profile pages show, for the holder of the token. */
export async function getProfile(deps: ProfileDeps, input: { token: string }): Promise<ProfileView> {
  const user = await requireParent(deps, input);
  const [subscription, paid, owned] = await Promise.all([
    findSoldSubscription(deps.db, user.id),
    listPaidOrders(deps.db, user.id),
    listEntitlementKinds(deps.db, user.id),
  ]);
  return {
    email: user.email,
    childName: user.kidName,
    childAge: user.kidAge,
    locale: user.locale,
    subscription: subscription ? describeSubscription(subscription, deps.now()) : null,
    purchases: paid.map(describePurchase),
    addOns: {
      packs: owned.some((entry) => entry.kind === upsellKind),
      lifetime: owned.some((entry) => entry.kind === "lifetime"),
    },
    consent: { mailing: !user.isForbiddenToMailing, adSharingOptOut: user.adSharingOptOutAt !== null },
    canDeleteData: mayDeleteData(subscription),
  };
}

/** The parent's choices: marketing email, and sharing with advertising platforms. */
export async function updateConsent(
  deps: ProfileDeps,
  input: { token: string; consent: ConsentSettings },
): Promise<void> {
  const user = await requireParent(deps, input);
  await updateParentConsent(deps.db, user.id, {
    isForbiddenToMailing: !input.consent.mailing,
    // The record of the first opt-out stays while it holds; giving consent again clears it.
    ...(input.consent.mailing
      ? { mailingOptOutAt: null, mailingOptOutVia: null }
      : !user.isForbiddenToMailing && { mailingOptOutAt: deps.now(), mailingOptOutVia: "profile" }),
    adSharingOptOutAt: input.consent.adSharingOptOut ? (user.adSharingOptOutAt ?? deps.now()) : null,
    updatedAt: deps.now(),
  });
}

/** "Do not sell or share" for the parent behind this browser (the button, or a GPC signal). */
export async function recordAdSharingOptOut(deps: ProfileDeps, input: { token: string }): Promise<boolean> {
  const updated = await updateAdSharingOptOut(deps.db, input.token, {
    adSharingOptOutAt: deps.now(),
    updatedAt: deps.now(),
  });
  return updated.length > 0;
}

const nothingToCancel = () =>
  new AppError(
    AppErrorCode.NothingToCancel,
    "subscription",
    "There is no renewing subscription to cancel",
    "profile.errors.nothingToCancel",
  );

/** Cancels renewals with the parent's reason; access stays until the period ends. */
export async function cancelSubscriptionByParent(
  deps: ProfileDeps,
  input: { token: string; request: CancelRequest },
): Promise<SubscriptionInfo> {
  const user = await requireParent(deps, input);
  const before = await findSoldSubscription(deps.db, user.id);
  if (!before || !["trialing", "active", "past_due", "paused", "cancelled"].includes(before.status)) {
    throw nothingToCancel();
  }
  const now = deps.now();
  const { subscription: after, confirmationId } = await cancelAtPeriodEnd(deps, {
    userId: user.id,
    reason: input.request.reason,
    comment: input.request.comment,
    now,
    channel: "profile",
  });
  if (!after) throw nothingToCancel();
  if (confirmationId) await enqueueEmail(deps.emails, confirmationId);
  return describeSubscription(after, now);
}

export async function restoreSubscriptionByParent(
  deps: ProfileDeps,
  input: { token: string },
): Promise<SubscriptionInfo> {
  const user = await requireParent(deps, input);
  const now = deps.now();
  return describeSubscription(await restoreSubscription(deps, { userId: user.id, now }), now);
}

/** Charges the card on file for a new period; answers the order as the gateway left it. */
export async function renewSubscriptionByParent(
  deps: PaymentDeps,
  input: { token: string },
): Promise<{ status: "approved" | "declined" | "processing"; errorCode: string | null }> {
  const user = await requireParent(deps, input);
  const order = await renewExpiredSubscription(deps, { userId: user.id });
  const status = order.status === "approved" || order.status === "declined" ? order.status : "processing";
  return { status, errorCode: order.errorCode };
}

/** Ends the parent's pause: one not begun is dropped, one under way ends with a charge now. */
export async function resumeSubscriptionByParent(
  deps: PaymentDeps,
  input: { token: string },
): Promise<SubscriptionInfo> {
  const user = await requireParent(deps, input);
  return describeSubscription(await resumeSubscription(deps, { userId: user.id }), deps.now());
}
