import type { Database } from "@kinderready/db/open-db";
import { entitlements, orders, subscriptions, users } from "@kinderready/db/schema";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { AppError, AppErrorCode } from "../app-error.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { findParent, type Parent } from "../parents/find-parent.server.ts";
import type { CancelReason } from "../payments/cancel-reasons.ts";
import type { OrderRow, PaymentDeps } from "../payments/orders.server.ts";
import {
  cancelAtPeriodEnd,
  renewExpiredSubscription,
  restoreSubscription,
} from "../payments/subscription-billing.server.ts";
import { resumeSubscription } from "../payments/subscription-pauses.server.ts";
import { soldProduct } from "../product.ts";
import {
  canPayWithAnotherCard,
  canRenew,
  canRestore,
  pauseScheduled,
  renews,
  type SubscriptionRow,
  scheduledEnd,
} from "../subscriptions/subscription-state.ts";
import { upsellKind } from "../upsell-wire.ts";
import type { CancelRequest, ConsentSettings, ProfileView, PurchaseView, SubscriptionInfo } from "./profile-schema.ts";

// The parent's profile: who they are to us, their subscription and purchases, their consent
// choices, and the subscription's management (cancel with a reason, restore, renew). Every
// function takes the parent's token; the transport found it in a link or the session cookie.

export type ProfileDeps = { db: Database; now: () => Date; emails: EmailQueue };

async function requireParent(db: Database, input: { token: string }): Promise<Parent> {
  const user = await findParent(db, input);
  if (!user)
    throw new AppError(AppErrorCode.NotFound, "token", "No parent with this token", "profile.errors.signedOut");
  return user;
}

export async function subscriptionOf(db: Database, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, soldProduct)));
  return row;
}

/** Nothing renews any more: data may be deleted without leaving a charge running. */
export function mayDeleteData(subscription: Pick<SubscriptionRow, "status"> | undefined): boolean {
  return !subscription || ["cancelled", "expired", "lifetime"].includes(subscription.status);
}

export function describeSubscription(row: SubscriptionRow, now: Date): SubscriptionInfo {
  const pausing = row.status === "paused" || pauseScheduled(row);
  return {
    status: row.status as SubscriptionInfo["status"],
    expired_at: row.status === "lifetime" ? null : row.currentPeriodEnd.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    trial_ends_at: row.status === "trialing" ? (row.trialEndsAt?.toISOString() ?? null) : null,
    renewal:
      row.status === "lifetime"
        ? null
        : { amount: row.renewalAmount, currency: row.currency, periodDays: row.periodDays },
    cancelReason: (row.cancelReason as CancelReason | null) ?? null,
    ends_on: scheduledEnd(row)?.toISOString() ?? null,
    pause:
      pausing && row.resumesAt
        ? { from: (row.pauseFrom ?? row.currentPeriodEnd).toISOString(), resumes_at: row.resumesAt.toISOString() }
        : null,
    canRestore: canRestore(row, now),
    canRenew: canRenew(row),
    canPayWithAnotherCard: canPayWithAnotherCard(row),
    canCancel: renews(row),
  };
}

/** Everything the profile pages show, for the holder of the token. */
export async function getProfile(deps: ProfileDeps, input: { token: string }): Promise<ProfileView> {
  const user = await requireParent(deps.db, input);
  const [subscription, paid, owned] = await Promise.all([
    subscriptionOf(deps.db, user.id),
    deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), inArray(orders.status, ["approved", "refunded"])))
      .orderBy(asc(orders.createdAt)),
    deps.db.select({ kind: entitlements.kind }).from(entitlements).where(eq(entitlements.userId, user.id)),
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

function describePurchase(order: OrderRow): PurchaseView {
  return {
    orderId: order.orderId,
    kind: order.purpose as PurchaseView["kind"],
    amount: order.amount,
    currency: order.currency,
    paidAt: (order.fulfilledAt ?? order.createdAt).toISOString(),
    refunded: order.status === "refunded",
  };
}

/** The parent's choices: marketing email, and sharing with advertising platforms. */
export async function updateConsent(
  deps: ProfileDeps,
  input: { token: string; consent: ConsentSettings },
): Promise<void> {
  const user = await requireParent(deps.db, input);
  await deps.db
    .update(users)
    .set({
      isForbiddenToMailing: !input.consent.mailing,
      // The record of the first opt-out stays while it holds; giving consent again clears it.
      ...(input.consent.mailing
        ? { mailingOptOutAt: null, mailingOptOutVia: null }
        : !user.isForbiddenToMailing && { mailingOptOutAt: deps.now(), mailingOptOutVia: "profile" }),
      adSharingOptOutAt: input.consent.adSharingOptOut ? (user.adSharingOptOutAt ?? deps.now()) : null,
      updatedAt: deps.now(),
    })
    .where(eq(users.id, user.id));
}

/** "Do not sell or share" for the parent behind this browser (the button, or a GPC signal). */
export async function recordAdSharingOptOut(deps: ProfileDeps, input: { token: string }): Promise<boolean> {
  const updated = await deps.db
    .update(users)
    .set({ adSharingOptOutAt: deps.now(), updatedAt: deps.now() })
    .where(
      and(
        eq(users.token, input.token),
        eq(users.product, soldProduct),
        isNull(users.erasedAt),
        isNull(users.adSharingOptOutAt),
      ),
    )
    .returning({ id: users.id });
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
  const user = await requireParent(deps.db, input);
  const before = await subscriptionOf(deps.db, user.id);
  if (!before || !["trialing", "active", "past_due", "paused", "cancelled"].includes(before.status)) {
    throw nothingToCancel();
  }
  const now = deps.now();
  const { subscription: after, confirmationId } = await cancelAtPeriodEnd(deps.db, {
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
  const user = await requireParent(deps.db, input);
  const now = deps.now();
  return describeSubscription(await restoreSubscription(deps.db, { userId: user.id, now }), now);
}

/** Charges the card on file for a new period; answers the order as the gateway left it. */
export async function renewSubscriptionByParent(
  deps: PaymentDeps,
  input: { token: string },
): Promise<{ status: "approved" | "declined" | "processing"; errorCode: string | null }> {
  const user = await requireParent(deps.db, input);
  const order = await renewExpiredSubscription(deps, { userId: user.id });
  const status = order.status === "approved" || order.status === "declined" ? order.status : "processing";
  return { status, errorCode: order.errorCode };
}

/** Ends the parent's pause: one not begun is dropped, one under way ends with a charge now. */
export async function resumeSubscriptionByParent(
  deps: PaymentDeps,
  input: { token: string },
): Promise<SubscriptionInfo> {
  const user = await requireParent(deps.db, input);
  return describeSubscription(await resumeSubscription(deps, { userId: user.id }), deps.now());
}
