import { cancelDeadline } from "../subscriptions/charge-notice.ts";
import { findPricePlan, findSoldSubscription } from "../subscriptions/subscription-queries.server.ts";
import { canRestore, renews } from "../subscriptions/subscription-state.ts";
import { type ComposeDeps, cancelPageUrl, type ParentMessage, parentUrl } from "./email-composing.server.ts";
import { findCancellationRequest, findOrderWithPlan, findParentOrder } from "./email-composing-queries.server.ts";
import { renderReceiptEmail } from "./receipt-email.server.ts";
import {
  renderCancellationConfirmedEmail,
  renderPauseEndingEmail,
  renderPauseStartedEmail,
  renderPaymentFailedEmail,
  renderRenewalUpcomingEmail,
  renderTrialEndingEmail,
} from "./subscription-emails.server.ts";

// The emails about a parent's payments and subscription, composed from what holds when they are
// sent: a notice whose moment has passed (the subscription cancelled, charged or moved since) is
// not sent at all.

export async function receiptMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  const found = await findOrderWithPlan(deps.db, args[0] ?? "");
  if (!found) return undefined;
  const { order, plan } = found;
  const subscription = plan.kind === "subscription" ? await findSoldSubscription(deps.db, parent.userId) : undefined;
  const renewing = subscription && renews(subscription);
  return renderReceiptEmail({
    locale: parent.locale,
    to: recipient,
    orderId: order.orderId,
    amount: order.amount,
    currency: order.currency,
    paidAt: order.fulfilledAt ?? order.updatedAt,
    immediateAccessConsentAt: order.immediateAccessConsentAt,
    subscription:
      plan.kind === "subscription"
        ? {
            trialDays: order.purpose === "subscription" ? plan.trialDays : null,
            renewalAmount: subscription?.renewalAmount ?? plan.renewalAmount ?? plan.amount,
            periodDays: subscription?.periodDays ?? plan.periodDays ?? 30,
            nextChargeAt: renewing ? subscription.currentPeriodEnd : null,
          }
        : undefined,
    siteHost: new URL(deps.appUrl).host,
    profileUrl: parentUrl(deps, parent, "/profile/"),
    cancelPageUrl: cancelPageUrl(deps, parent.locale),
    supportEmail: deps.supportEmail,
  });
}

/**
 * What a notice before a charge says, while the charge is still to come: the notice's kind
 * carries the moment it was written for. A subscription cancelled, charged or moved meanwhile
 * needs no notice.
 */
async function chargeNotice(
  deps: ComposeDeps,
  { parent, recipient, args }: ParentMessage,
  status: "trialing" | "active" | "paused",
) {
  const subscription = await findSoldSubscription(deps.db, parent.userId);
  const chargeAt = subscription?.currentPeriodEnd;
  if (subscription?.status !== status || String(chargeAt?.getTime()) !== args[1] || !chargeAt) return undefined;
  if (subscription.cancelAt && subscription.cancelAt <= chargeAt) return undefined;
  return {
    pricePlanId: subscription.pricePlanId,
    notice: {
      locale: parent.locale,
      to: recipient,
      terms: subscription,
      chargeAt,
      cancelBy: cancelDeadline(chargeAt),
      siteHost: new URL(deps.appUrl).host,
      subscriptionUrl: parentUrl(deps, parent, "/profile/subscription/"),
      cancelPageUrl: cancelPageUrl(deps, parent.locale),
      supportEmail: deps.supportEmail,
    },
  };
}

export async function trialEndingMail(deps: ComposeDeps, message: ParentMessage) {
  const found = await chargeNotice(deps, message, "trialing");
  if (!found) return undefined;
  const plan = await findPricePlan(deps.db, found.pricePlanId);
  return renderTrialEndingEmail({ ...found.notice, trialDays: plan?.trialDays ?? 0 });
}

export async function renewalUpcomingMail(deps: ComposeDeps, message: ParentMessage) {
  const found = await chargeNotice(deps, message, "active");
  return found && renderRenewalUpcomingEmail(found.notice);
}

export async function pauseEndingMail(deps: ComposeDeps, message: ParentMessage) {
  const found = await chargeNotice(deps, message, "paused");
  return found && renderPauseEndingEmail(found.notice);
}

/** The pause as it was set, while it still is: resumed or cancelled since, nothing goes out. */
export async function pauseStartedMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  const subscription = await findSoldSubscription(deps.db, parent.userId);
  if (!subscription?.resumesAt || String(subscription.resumesAt.getTime()) !== args[1]) return undefined;
  return renderPauseStartedEmail({
    locale: parent.locale,
    to: recipient,
    terms: subscription,
    // Once begun, the period's end has moved to the resume date: the pause began where it was.
    from: subscription.pauseFrom ?? subscription.currentPeriodEnd,
    resumesAt: subscription.resumesAt,
    siteHost: new URL(deps.appUrl).host,
    subscriptionUrl: parentUrl(deps, parent, "/profile/subscription/"),
    cancelPageUrl: cancelPageUrl(deps, parent.locale),
    supportEmail: deps.supportEmail,
  });
}

/**
 * After a declined renewal: the amount and the day, then the next try (access goes on meanwhile)
 * or the end of the subscription. Nothing once it was paid after all, or cancelled since.
 */
export async function paymentFailedMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  const order = await findParentOrder(deps.db, { orderId: args[0] ?? "", userId: parent.userId });
  const subscription = await findSoldSubscription(deps.db, parent.userId);
  if (!order || !subscription) return undefined;
  const retryAt = subscription.status === "past_due" ? subscription.nextAttemptAt : null;
  if (!retryAt && subscription.status !== "expired") return undefined;
  return renderPaymentFailedEmail({
    locale: parent.locale,
    to: recipient,
    amount: order.amount,
    currency: order.currency,
    failedAt: order.updatedAt,
    retryAt,
    subscriptionUrl: parentUrl(deps, parent, "/profile/subscription/"),
    supportEmail: deps.supportEmail,
  });
}

export async function cancellationConfirmedMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  const request = await findCancellationRequest(deps.db, args[0] ?? "");
  const subscription = await findSoldSubscription(deps.db, parent.userId);
  if (!request?.endsAt || !subscription) return undefined;
  return renderCancellationConfirmedEmail({
    locale: parent.locale,
    to: recipient,
    terms: subscription,
    receivedAt: request.receivedAt,
    endsAt: request.endsAt,
    chargedUntilEnd: request.outcome === "scheduled",
    canUndo: canRestore(subscription, deps.now()),
    subscriptionUrl: parentUrl(deps, parent, "/profile/subscription/"),
    supportEmail: deps.supportEmail,
  });
}
