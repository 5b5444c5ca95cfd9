import type { Database, Transaction } from "@kinderready/db/open-db";
import { AppError, AppErrorCode } from "../app-error.ts";
import { forwardingDecision } from "../consent/forwarding-consent.ts";
import { paymentAllowanceSeconds } from "../pricing/offer-rules.ts";
import { soldProduct } from "../product.ts";
import { retryDelayAfter } from "../subscriptions/dunning-rules.ts";
import { findPricePlan, findSoldSubscription } from "../subscriptions/subscription-queries.server.ts";
import {
  canRenew,
  canRestore,
  hasAccess,
  renews,
  type SubscriptionRow,
  type SubscriptionStatus,
} from "../subscriptions/subscription-state.ts";
import {
  countRefusedReactivations,
  findLatestReactivation,
  insertStateChange,
  insertSubscription,
  listEndedCancellations,
  listPausesDue,
  listRenewalsDue,
  listScheduledCancellationsDue,
  lockParent,
  lockSubscription,
  updateOrderRefundReason,
  updatePauseBegun,
  updateSubscription,
  updateSubscriptionReturning,
} from "./billing-queries.server.ts";
import type { CancelReason } from "./cancel-reasons.ts";
import { type CancellationChannel, recordCancellation } from "./cancellations.server.ts";
import {
  findOrderParentConsent,
  findPurchaseConversion,
  insertConversion,
  updateConversionClient,
} from "./conversion-queries.server.ts";
import { insertLedgerEntry } from "./order-queries.server.ts";
import {
  chargeStoredCard,
  ensureOrder,
  type OrderRow,
  type PaymentDeps,
  type PricePlanRow,
  type SettleHook,
} from "./orders.server.ts";
import type { GatewayOrder } from "./payment-gateway.ts";

/**
 * Subscription billing: a trial, then a charge on the stored card every period. Failed renewals
 * are retried on a schedule (soft declines only) and the subscription expires after the last
 * one; a cancelled subscription keeps access until its period ends. `now` is injected, so the
 * tests drive trial ends, renewals and dunning with a fake clock.
 */

const day = 24 * 60 * 60 * 1000;

/** What a settled order does to the parent's subscription. */
export function settleSubscriptionOrder(deps: { now: () => Date }): SettleHook {
  return async (tx, order, update) => {
    if (update.status === "approved") await onApproved(tx, order, update, deps.now());
    else if (update.status === "declined" && order.purpose === "renewal")
      await onRenewalDeclined(tx, order, update, deps.now());
    else if (update.status === "refunded") await recordRefundConversion(tx, order, deps.now());
  };
}

/**
 * A refunded purchase the platforms were told about (a conversion row for its order) is told
 * to them as a refund, from the console or the gateway's webhook alike; once per order (the
 * unique (event, order) index). A charge they never heard of (a renewal) has nothing to undo.
 */
async function recordRefundConversion(tx: Transaction, order: OrderRow, now: Date) {
  const purchase = await findPurchaseConversion(tx, order.orderId);
  if (!purchase) return;
  await insertConversion(tx, {
    userId: order.userId,
    event: "refund",
    orderId: order.orderId,
    amount: order.amount,
    currency: order.currency,
    createdAt: now,
  });
}

/** The browser a purchase was made in, as the request that saw it paid knows it. */
export type PurchaseClient = { ip: string; userAgent: string | null };

/**
 * Keeps the address and browser the parent paid from on their purchase's conversion, for the
 * platforms that match on them, but only while their ad consent allows sharing (the rule the
 * forwarding job applies again at send time) and only before the conversion is forwarded.
 */
export async function recordConversionClient(
  deps: { db: Database },
  input: { orderId: string; client: PurchaseClient },
): Promise<void> {
  const parent = await findOrderParentConsent(deps.db, input.orderId);
  if (!forwardingDecision(parent ?? null, "ad-platform").send) return;
  await updateConversionClient(deps.db, input);
}

/** Why an approved charge is owed back, and what the ledger records of it. */
type OwedBack = { reason: string; entry: string; subscriptionId?: string; details: Record<string, unknown> };

/**
 * Marks an approved charge as owed back for `reason` (orders.server.ts refunds it once the
 * settlement commits) and records why in the ledger.
 */
async function oweBack(tx: Transaction, order: OrderRow, owed: OwedBack) {
  await updateOrderRefundReason(tx, { orderId: order.orderId, reason: owed.reason });
  await insertLedgerEntry(tx, {
    userId: order.userId,
    orderId: order.orderId,
    subscriptionId: owed.subscriptionId,
    type: owed.entry,
    amount: order.amount,
    currency: order.currency,
    details: owed.details,
  });
}

/** An approved charge being settled, and the parent's subscription of its product (locked), if any. */
type Approval = { order: OrderRow; update: GatewayOrder; existing: SubscriptionRow | undefined; now: Date };
/** An approved charge on a subscription the parent has. */
type ApprovalOnSubscription = Approval & { existing: SubscriptionRow };

async function onApproved(tx: Transaction, order: OrderRow, update: GatewayOrder, now: Date) {
  const plan = await findPricePlan(tx, order.pricePlanId);
  if (!plan) throw new Error(`order ${order.orderId} has no plan`);
  // One parent's approvals settle one at a time (the parent's row locked), so two first payments
  // arriving together see each other instead of both creating the subscription.
  const parent = await lockParent(tx, order.userId);
  if (parent?.erasedAt) {
    // Paid on a page opened before the parent erased their data: nobody is left to serve, so
    // the charge is owed back (orders.server.ts refunds it), with no receipt and no conversion.
    await oweBack(tx, order, { reason: "erased", entry: "erased_charge", details: { purpose: order.purpose } });
    return;
  }
  const existing = await lockSubscription(tx, order.userId, plan.product);
  if (order.purpose === "subscription") await settleFirstPayment(tx, { order, plan, update, existing, now });
  else if (existing) await settleLaterPayment(tx, { order, update, existing, now });
}

/** A first payment: the subscription starts (again), unless the charge is owed back. */
async function settleFirstPayment(tx: Transaction, settled: Approval & { plan: PricePlanRow }) {
  const refused = firstPaymentRefusal(settled.order, settled.existing, settled.now);
  if (refused) {
    await oweBack(tx, settled.order, refused);
    return;
  }
  await startSubscription(tx, settled);
  // The first purchase is the conversion the ad platforms optimise for (a job forwards it);
  // the unique (event, order) index keeps a replayed settlement from recording it twice.
  await insertConversion(tx, {
    userId: settled.order.userId,
    event: "subscription",
    orderId: settled.order.orderId,
    amount: settled.order.amount,
    currency: settled.order.currency,
  });
}

/** Why a first payment is owed back instead of starting a subscription, if it is. */
function firstPaymentRefusal(order: OrderRow, existing: SubscriptionRow | undefined, now: Date): OwedBack | undefined {
  if (existing && (hasAccess(existing, now) || existing.status === "paused")) {
    // Already subscribed when this payment settled (a second payment page, another currency, the
    // other side of the countdown): the parent keeps the one subscription, untouched, and this
    // charge is refunded by itself (orders.server.ts), with no receipt and no conversion.
    return {
      reason: "duplicate",
      entry: "duplicate_charge",
      subscriptionId: existing.id,
      details: { keptPlan: existing.pricePlanId, keptCurrency: existing.currency, status: existing.status },
    };
  }
  if (order.payableUntil && now.getTime() > order.payableUntil.getTime() + paymentAllowanceSeconds * 1000) {
    // An intro price paid on a page kept open past the countdown: the price had ended, so the
    // charge is owed back, and the parent starts again at today's price.
    return {
      reason: "offer_ended",
      entry: "late_charge",
      details: { payableUntil: order.payableUntil.toISOString() },
    };
  }
  return undefined;
}

/** The plan's trial (or first period) begins now, on the card that paid; a past subscription is reused. */
async function startSubscription(
  tx: Transaction,
  { order, plan, update, existing, now }: Approval & { plan: PricePlanRow },
) {
  const trialEnd = new Date(now.getTime() + (plan.trialDays ?? 0) * day);
  const values = {
    status: (plan.trialDays ? "trialing" : "active") as SubscriptionStatus,
    pricePlanId: plan.id,
    renewalAmount: plan.renewalAmount ?? plan.amount,
    currency: plan.currency,
    periodDays: plan.periodDays ?? 30,
    cardToken: update.cardToken ?? existing?.cardToken ?? null,
    trialEndsAt: trialEnd,
    currentPeriodEnd: trialEnd,
    nextAttemptAt: trialEnd,
    failedRenewals: 0,
    cancelledAt: null,
    cancelReason: null,
    cancelComment: null,
    cancelAt: null,
    pauseFrom: null,
    resumesAt: null,
    updatedAt: now,
  };
  const subscription = existing
    ? await updateSubscriptionReturning(tx, existing.id, values)
    : await insertSubscription(tx, { userId: order.userId, product: plan.product, ...values });
  if (subscription) await insertStateChange(tx, existing ?? { ...subscription, status: "expired" }, values.status);
}

/** A renewal, a reactivation or the lifetime upgrade paid on an existing subscription. */
async function settleLaterPayment(tx: Transaction, settled: ApprovalOnSubscription) {
  if (settled.order.purpose === "renewal") await renewPeriod(tx, settled);
  else if (settled.order.purpose === "reactivation") await reactivate(tx, settled);
  else if (settled.order.purpose === "lifetime") await makeLifetime(tx, settled);
}

async function renewPeriod(tx: Transaction, { update, existing, now }: ApprovalOnSubscription) {
  // After a pause, the period runs from the day billing resumed (its end was moved there).
  const currentPeriodEnd = new Date(existing.currentPeriodEnd.getTime() + existing.periodDays * day);
  await updateSubscription(tx, existing.id, {
    ...periodPaid(currentPeriodEnd, update, now),
    pauseFrom: null,
    resumesAt: null,
  });
  await insertStateChange(tx, existing, "active", { currentPeriodEnd: currentPeriodEnd.toISOString() });
}

async function reactivate(tx: Transaction, { update, existing, now }: ApprovalOnSubscription) {
  // A new period from today: the parent pays for access from now, not for the months it lapsed.
  const currentPeriodEnd = new Date(now.getTime() + existing.periodDays * day);
  await updateSubscription(tx, existing.id, {
    ...periodPaid(currentPeriodEnd, update, now),
    cancelledAt: null,
    cancelReason: null,
    cancelComment: null,
    cancelAt: null,
  });
  await insertStateChange(tx, existing, "active", {
    reactivated: true,
    currentPeriodEnd: currentPeriodEnd.toISOString(),
  });
}

async function makeLifetime(tx: Transaction, { existing, now }: ApprovalOnSubscription) {
  await updateSubscription(tx, existing.id, { status: "lifetime", nextAttemptAt: null, updatedAt: now });
  await insertStateChange(tx, existing, "lifetime");
}

async function onRenewalDeclined(tx: Transaction, order: OrderRow, update: GatewayOrder, now: Date) {
  const plan = await findPricePlan(tx, order.pricePlanId);
  const existing = plan ? await lockSubscription(tx, order.userId, plan.product) : undefined;
  if (!existing || existing.status === "cancelled" || existing.status === "lifetime") return;
  if (order.viaPaymentPage) {
    // The parent's own try with another card: the retries keep their schedule, and the next try
    // (the parent's or the retry's) is a new order for the period.
    await updateSubscription(tx, existing.id, { cardUpdateDeclines: existing.cardUpdateDeclines + 1, updatedAt: now });
    await insertStateChange(tx, existing, existing.status as SubscriptionStatus, {
      code: update.errorCode ?? null,
      cardUpdateDeclined: true,
    });
    return;
  }
  const failedRenewals = existing.failedRenewals + 1;
  const delay = retryDelayAfter(failedRenewals, update.errorCode);
  if (delay === undefined) {
    await updateSubscription(tx, existing.id, {
      status: "expired",
      failedRenewals,
      cardUpdateDeclines: 0,
      nextAttemptAt: null,
      pauseFrom: null,
      resumesAt: null,
      updatedAt: now,
    });
    await insertStateChange(tx, existing, "expired", { code: update.errorCode ?? null, failedRenewals });
    return;
  }
  await updateSubscription(tx, existing.id, {
    status: "past_due",
    failedRenewals,
    cardUpdateDeclines: 0,
    nextAttemptAt: new Date(now.getTime() + delay * day),
    pauseFrom: null,
    resumesAt: null,
    updatedAt: now,
  });
  await insertStateChange(tx, existing, "past_due", { code: update.errorCode ?? null, failedRenewals });
}

/**
 * One billing run (a pg-boss job runs it every few minutes): stop the subscriptions whose
 * cancellation for a later date has come due, begin the pauses whose period paid for has ended,
 * expire cancelled subscriptions whose period ended, then charge every subscription whose
 * renewal, retry or end of pause is due.
 */
export async function runDueRenewals(deps: PaymentDeps): Promise<{ charged: number; expired: number }> {
  const now = deps.now();
  await endScheduledCancellations(deps.db, now);
  await beginDuePauses(deps.db, now);
  const ended = await listEndedCancellations(deps.db, now);
  for (const subscription of ended) {
    await deps.db.transaction(async (tx) => {
      await updateSubscription(tx, subscription.id, { status: "expired", updatedAt: now });
      await insertStateChange(tx, subscription, "expired", { reason: "period ended after cancellation" });
    });
  }

  const due = await listRenewalsDue(deps.db, now);
  for (const subscription of due) await renewSubscription(deps, subscription);
  return { charged: due.length, expired: ended.length };
}

/**
 * A subscription asked to end on a later date renews until the period holding that date has
 * ended; at the renewal after it, it is cancelled instead of charged (and expires at once, its
 * period being over).
 */
async function endScheduledCancellations(db: Database, now: Date) {
  const due = await listScheduledCancellationsDue(db, now);
  for (const subscription of due) {
    await db.transaction(async (tx) => {
      await updateSubscription(tx, subscription.id, {
        status: "cancelled",
        cancelledAt: now,
        nextAttemptAt: null,
        updatedAt: now,
      });
      await insertStateChange(tx, subscription, "cancelled", { reason: "cancellation date reached" });
    });
  }
}

/**
 * A pause begins where the period paid for ends: nothing is charged then, the kit closes, and
 * the next charge (and the period's end) moves to the day billing resumes.
 */
async function beginDuePauses(db: Database, now: Date) {
  const due = await listPausesDue(db, now);
  for (const subscription of due) {
    const { resumesAt } = subscription;
    if (!resumesAt) continue;
    await db.transaction(async (tx) => {
      // Cancelled or resumed since it was read: the pause has nothing left to begin.
      const begun = await updatePauseBegun(tx, { subscriptionId: subscription.id, resumesAt, now });
      if (begun.length > 0) await insertStateChange(tx, subscription, "paused", { resumesAt: resumesAt.toISOString() });
    });
  }
}

/**
 * The order that pays the period now due: one per period and attempt, so a re-run of the job
 * finds the same order, never a new one. The parent paying it with another card on the gateway's
 * page pays this same order, so the two can never both charge the period.
 */
export function ensureRenewalOrder(
  deps: PaymentDeps,
  subscription: SubscriptionRow,
  plan: PricePlanRow,
): Promise<OrderRow> {
  const attempt = `renewal:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}:${subscription.failedRenewals}`;
  return ensureOrder(deps, {
    userId: subscription.userId,
    purpose: "renewal",
    idempotencyKey:
      subscription.cardUpdateDeclines > 0 ? `${attempt}:card-${subscription.cardUpdateDeclines}` : attempt,
    plan,
    amount: subscription.renewalAmount,
    gatewayName: deps.gatewayName,
  });
}

/**
 * A period paid for (a renewal, or an ended subscription renewed): active until `currentPeriodEnd`,
 * the dunning count cleared, and the card that paid is the one charged from then on (the stored
 * card again, or one the parent typed on the gateway's page).
 */
function periodPaid(currentPeriodEnd: Date, update: GatewayOrder, now: Date) {
  return {
    status: "active",
    currentPeriodEnd,
    nextAttemptAt: currentPeriodEnd,
    failedRenewals: 0,
    cardUpdateDeclines: 0,
    ...(update.cardToken ? { cardToken: update.cardToken } : {}),
    updatedAt: now,
  } as const;
}

/** Charges the next period on the stored card: one order per period and attempt. */
export async function renewSubscription(deps: PaymentDeps, subscription: SubscriptionRow) {
  const plan = await findPricePlan(deps.db, subscription.pricePlanId);
  if (!plan || !subscription.cardToken) return;
  const order = await ensureRenewalOrder(deps, subscription, plan);
  const result = await chargeStoredCard(deps, order, {
    cardToken: subscription.cardToken,
    description: `KinderReady subscription, ${subscription.periodDays} days`,
  });
  // Still processing: look again in an hour; reconciliation settles the order meanwhile.
  if (result.status === "processing") {
    await updateSubscription(deps.db, subscription.id, {
      nextAttemptAt: new Date(deps.now().getTime() + 60 * 60 * 1000),
    });
  }
}

const cannotRestore = () =>
  new AppError(AppErrorCode.Conflict, "subscription", "Cannot restore subscription", "profile.errors.cannotRestore");

/**
 * Stops renewals; access stays until the end of the period already paid for (or the trial).
 * The reason is kept for the operator, and the confirmation to the parent is written with it
 * (its email id answered, to enqueue once committed). Cancelling twice changes nothing.
 */
export async function cancelAtPeriodEnd(
  deps: { db: Database },
  input: {
    userId: string;
    reason: CancelReason;
    comment?: string | undefined;
    now: Date;
    channel: Exclude<CancellationChannel, "cancel-page">;
  },
): Promise<{ subscription: SubscriptionRow | undefined; confirmationId?: string | undefined }> {
  return deps.db.transaction(async (tx) => {
    const existing = await lockSubscription(tx, input.userId, soldProduct);
    if (!existing || !renews(existing)) return { subscription: existing };
    const cancelled = await stopRenewals({ db: tx }, existing, {
      now: input.now,
      reason: input.reason,
      comment: input.reason === "other" ? input.comment || null : null,
    });
    const { messageId } = await recordCancellation(
      { db: tx },
      {
        userId: input.userId,
        channel: input.channel,
        kind: "ordinary",
        reason: input.reason,
        outcome: "cancelled",
        endsAt: cancelled.currentPeriodEnd,
        receivedAt: input.now,
      },
    );
    return { subscription: cancelled, confirmationId: messageId };
  });
}

/**
 * Cancels a renewing subscription: no more charges; access until the period ends, or from `endsAt`
 * on when the cancellation ends it sooner (an extraordinary one, at once).
 */
export async function stopRenewals(
  deps: { db: Transaction },
  existing: SubscriptionRow,
  input: { now: Date; reason: string | null; comment: string | null; endsAt?: Date | undefined },
): Promise<SubscriptionRow> {
  // A paused subscription has no period paid for left: it ends now. A pause not begun is dropped.
  const endsAt = input.endsAt ?? (existing.status === "paused" ? input.now : undefined);
  const cancelled = await updateSubscriptionReturning(deps.db, existing.id, {
    status: "cancelled",
    cancelledAt: input.now,
    cancelReason: input.reason,
    cancelComment: input.comment,
    cancelAt: null,
    nextAttemptAt: null,
    pauseFrom: null,
    resumesAt: null,
    ...(endsAt && { currentPeriodEnd: endsAt }),
    updatedAt: input.now,
  });
  if (!cancelled) throw new Error(`subscription ${existing.id} vanished while cancelling`);
  await insertStateChange(deps.db, existing, "cancelled", { reason: input.reason, ...(endsAt && { endedAt: endsAt }) });
  return cancelled;
}

/**
 * Takes a cancellation back before the period ends: renewals resume on the date they would have
 * happened, on the card on file. Anything else (ended, never cancelled, no card) cannot be restored.
 */
export async function restoreSubscription(
  deps: { db: Database },
  input: { userId: string; now: Date },
): Promise<SubscriptionRow> {
  return deps.db.transaction(async (tx) => {
    const existing = await lockSubscription(tx, input.userId, soldProduct);
    if (!existing || !canRestore(existing, input.now)) throw cannotRestore();
    if (renews(existing)) {
      // Asked to end on a later date and still renewing: the date is simply forgotten.
      const kept = await updateSubscriptionReturning(tx, existing.id, { cancelAt: null, updatedAt: input.now });
      if (!kept) throw cannotRestore();
      await insertStateChange(tx, existing, existing.status as SubscriptionStatus, { restored: true, cancelAt: null });
      return kept;
    }
    const status: SubscriptionStatus =
      existing.trialEndsAt && existing.trialEndsAt > input.now && existing.failedRenewals === 0 ? "trialing" : "active";
    const restored = await updateSubscriptionReturning(tx, existing.id, {
      status,
      cancelledAt: null,
      cancelReason: null,
      cancelComment: null,
      nextAttemptAt: existing.currentPeriodEnd,
      updatedAt: input.now,
    });
    if (!restored) throw cannotRestore();
    await insertStateChange(tx, existing, status, { restored: true });
    return restored;
  });
}

/** How long a repeated "renew" (a double click, a retried request) is answered with the renewal it repeats. */
const repeatWindowMs = 60_000;

/** The reactivation approved in the last minute: a repeat arriving after it settled gets it back. */
async function recentReactivation(deps: PaymentDeps, userId: string): Promise<OrderRow | undefined> {
  const latest = await findLatestReactivation(deps.db, userId);
  const settledAt = latest?.fulfilledAt?.getTime();
  return settledAt !== undefined && deps.now().getTime() - settledAt < repeatWindowMs ? latest : undefined;
}

/**
 * Renews an expired subscription from the profile: one charge now on the card on file for a new
 * period. A double click finds the same order; after a decline, a new attempt is a new order.
 */
export async function renewExpiredSubscription(deps: PaymentDeps, input: { userId: string }): Promise<OrderRow> {
  const subscription = await findSoldSubscription(deps.db, input.userId);
  if (!subscription?.cardToken || !canRenew(subscription)) {
    const justRenewed = subscription && (await recentReactivation(deps, subscription.userId));
    if (justRenewed) return justRenewed;
    throw cannotRestore();
  }
  const plan = await findPricePlan(deps.db, subscription.pricePlanId);
  if (!plan) throw cannotRestore();
  const order = await ensureReactivationOrder(deps, subscription, plan);
  return chargeStoredCard(deps, order, {
    cardToken: subscription.cardToken,
    description: `KinderReady subscription, ${subscription.periodDays} days`,
  });
}

/**
 * The order that renews an expired subscription for a new period, on the card on file or on
 * another card typed on the gateway's page. One per ended period and refusal: an attempt in
 * flight, or one a concurrent request has just charged (this request read the subscription before
 * that renewal landed), is found again; only a refused attempt makes room for a new one.
 */
export async function ensureReactivationOrder(
  deps: PaymentDeps,
  subscription: SubscriptionRow,
  plan: PricePlanRow,
): Promise<OrderRow> {
  const refused = await countRefusedReactivations(deps.db, subscription.userId);
  return ensureOrder(deps, {
    userId: subscription.userId,
    purpose: "reactivation",
    idempotencyKey: `reactivation:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}:${refused}`,
    plan,
    amount: subscription.renewalAmount,
    gatewayName: deps.gatewayName,
  });
}
