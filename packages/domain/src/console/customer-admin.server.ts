import type { Database } from "@kinderready/db/open-db";
import type { cancellationRequests, emailMessages, ledgerEntries, users } from "@kinderready/db/schema";
import { z } from "zod";
import { AppError, AppErrorCode } from "../app-error.ts";
import { type CancelReason, cancelReasons } from "../payments/cancel-reasons.ts";
import { applyOrderUpdate, type OrderRow, type PaymentDeps, syncOrder } from "../payments/orders.server.ts";
import { GatewayError } from "../payments/payment-gateway.ts";
import { cancelAtPeriodEnd } from "../payments/subscription-billing.server.ts";
import { type AccessLinkDeps, requestAccessLink } from "../profile/access-links.server.ts";
import { renews, type SubscriptionRow } from "../subscriptions/subscription-state.ts";
import { isUuid } from "../uuid.ts";
import { type AuditEntry, listAuditLog } from "./audit-log.server.ts";
import { insertAuditEntry } from "./audit-log-queries.server.ts";
import {
  findCustomer,
  findCustomerEmail,
  findCustomerOrder,
  findCustomerRecords,
  listCustomersMatching,
  lockCustomerManualAccess,
  updateManualAccess,
} from "./customer-queries.server.ts";

/**
 * Customer support in the console: find a parent by email, token or order id; read their
 * answers, subscription, charges, ledger and what operators did; refund a charge within the
 * refund policy, cancel renewals, grant or take back manual access, and send a sign-in link.
 * Every change is written to the audit log with the operator and the parent.
 */

/** "Refund requests are accepted within 30 days of purchase" (the subscription terms). */
export const refundPolicyDays = 30;
const dayMs = 86_400_000;

export const customerQuerySchema = z.string().trim().min(3, "must have at least 3 characters").max(254);
/** The audit log's name for a parent, so their page can list what operators did to them. */
export const customerTarget = (userId: string) => `user:${userId}`;

export type CustomerMatch = {
  id: string;
  email: string | null;
  kidName: string | null;
  locale: string;
  createdAt: Date;
  subscriptionStatus: string | null;
};

/** Parents whose email begins with the query, or whose token, order id or id it is. */
export async function findCustomers(deps: { db: Database }, input: { query: string }): Promise<CustomerMatch[]> {
  return listCustomersMatching(deps.db, input.query.trim());
}

export type CustomerCharge = OrderRow & {
  /** The last moment the refund policy allows a refund; null when the charge cannot be refunded. */
  refundableUntil: Date | null;
};

export type CustomerDetail = {
  user: typeof users.$inferSelect;
  answers: { questionId: string; answer: unknown }[];
  subscription: SubscriptionRow | null;
  charges: CustomerCharge[];
  ledger: (typeof ledgerEntries.$inferSelect)[];
  /** What the product wrote to the parent, newest first: did the notice, the receipt, the confirmation go out? */
  emails: Pick<typeof emailMessages.$inferSelect, "id" | "kind" | "status" | "createdAt" | "sentAt">[];
  /** Every cancellation received for the parent, whichever way it came, newest first. */
  cancellations: (typeof cancellationRequests.$inferSelect)[];
  audit: AuditEntry[];
};

function refundableUntil(order: OrderRow, now: Date): Date | null {
  if (order.status !== "approved") return null;
  // Counted from the payment (fulfilment), not from when the order was first created.
  const until = new Date((order.fulfilledAt ?? order.createdAt).getTime() + refundPolicyDays * dayMs);
  return until > now ? until : null;
}

export async function getCustomer(
  deps: { db: Database },
  input: { userId: string; now: Date },
): Promise<CustomerDetail | undefined> {
  if (!isUuid(input.userId)) return undefined;
  const user = await findCustomer(deps.db, input.userId);
  if (!user) return undefined;
  const { answers, subscription, charges, ledger, emails, cancellations } = await findCustomerRecords(deps.db, user.id);
  const { entries: audit } = await listAuditLog(deps, { target: customerTarget(user.id) });
  return {
    user,
    answers,
    subscription: subscription ?? null,
    charges: charges.map((order) => ({ ...order, refundableUntil: refundableUntil(order, input.now) })),
    ledger,
    emails,
    cancellations,
    audit,
  };
}

type Actor = { operatorId: string };

/**
 * A change's parent, by the id the console's address carries: anything but a UUID names no
 * parent (and would make PostgreSQL fail on the uuid column instead of finding no row).
 */
function requireCustomerId(userId: string): void {
  if (!isUuid(userId))
    throw new AppError(AppErrorCode.NotFound, "userId", "No such parent", "customers.errors.noCustomer");
}

async function requireCustomerOrder(
  deps: { db: Database },
  input: { userId: string; orderId: string },
): Promise<OrderRow> {
  requireCustomerId(input.userId);
  const order = await findCustomerOrder(deps.db, input);
  if (!order)
    throw new AppError(AppErrorCode.NotFound, "orderId", "This parent has no such charge", "customers.errors.noCharge");
  return order;
}

/**
 * Refunds a charge in full through the gateway, within the refund policy. Safe to repeat: a
 * refunded charge is answered as it is, and when two refunds race the gateway refuses the
 * second, which then finds the order refunded by asking for its status.
 */
export async function refundCustomerCharge(
  deps: PaymentDeps,
  input: Actor & { userId: string; orderId: string },
): Promise<{ order: OrderRow; refundedNow: boolean }> {
  const order = await requireCustomerOrder(deps, input);
  if (order.status === "refunded") return { order, refundedNow: false };
  if (order.status !== "approved") {
    throw new AppError(
      AppErrorCode.Conflict,
      "orderId",
      "Only a paid charge can be refunded",
      "customers.errors.notPaid",
    );
  }
  if (!refundableUntil(order, deps.now())) {
    throw new AppError(
      AppErrorCode.Conflict,
      "orderId",
      `The refund policy allows refunds within ${refundPolicyDays} days of payment`,
      "customers.errors.outsidePolicy",
    );
  }
  let refunded: OrderRow;
  try {
    refunded = await applyOrderUpdate(
      deps,
      await deps.gateway.refund({ orderId: order.orderId, amount: order.amount }),
    );
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // Refused: perhaps because another refund of it won the race. Then that one is the refund.
    const current = await syncOrder(deps, order.orderId);
    if (current.status === "refunded") return { order: current, refundedNow: false };
    throw new AppError(
      AppErrorCode.Unavailable,
      "orderId",
      `The gateway refused the refund (${error.code})`,
      "customers.errors.gateway",
    );
  }
  if (refunded.status !== "refunded") {
    throw new AppError(
      AppErrorCode.Unavailable,
      "orderId",
      "The gateway has not refunded the charge yet",
      "customers.errors.gateway",
    );
  }
  await insertAuditEntry(deps.db, {
    operatorId: input.operatorId,
    action: "customer.refund",
    target: customerTarget(input.userId),
    details: { orderId: order.orderId, amount: order.amount, currency: order.currency, purpose: order.purpose },
  });
  return { order: refunded, refundedNow: true };
}

/** The subscription's own charges: refunding one of them without cancelling leaves the next renewal due. */
const subscriptionCharges: readonly string[] = ["subscription", "renewal", "reactivation"];

/**
 * Whether the refund confirmation offers to cancel the subscription ticked: the charge paid for
 * the subscription (its first payment or a renewal) and the subscription would still renew. A
 * refund alone would leave the trial running into a full-price renewal days later.
 */
export function refundCancelsByDefault(
  charge: Pick<OrderRow, "purpose">,
  subscription: SubscriptionRow | null,
): boolean {
  return subscriptionCharges.includes(charge.purpose) && subscriptionRenews(subscription);
}

export const subscriptionRenews = (subscription: SubscriptionRow | null): boolean =>
  subscription !== null && renews(subscription);

export type RefundOutcome = {
  order: OrderRow;
  refundedNow: boolean;
  /** not-asked; cancelled now; nothing left to cancel; or failed after the refund went through. */
  cancel: "not-asked" | "cancelled" | "nothing-to-cancel" | "failed";
  /** Why the cancel failed, for the caller to report: the refund stands either way. */
  cancelError?: unknown;
  /** The parent's cancellation confirmation, to enqueue. */
  confirmationId?: string | undefined;
};

/**
 * The console's confirmed refund: the charge refunded (refundCustomerCharge) and then, when the
 * operator kept the box ticked, renewals stopped in the same action. A refused refund throws
 * before anything is cancelled; a cancel that fails after the refund is answered, not thrown,
 * because the money has already gone back and the operator must be told so.
 */
export async function refundCustomerOrder(
  deps: PaymentDeps,
  input: Actor & { userId: string; orderId: string; cancelSubscription: boolean },
): Promise<RefundOutcome> {
  const refund = await refundCustomerCharge(deps, input);
  if (!input.cancelSubscription) return { ...refund, cancel: "not-asked" };
  try {
    const { confirmationId } = await cancelSubscriptionByOperator(deps, {
      operatorId: input.operatorId,
      userId: input.userId,
      reason: "other",
      refundedOrderId: input.orderId,
      now: deps.now(),
    });
    return { ...refund, cancel: "cancelled", confirmationId };
  } catch (error) {
    if (error instanceof AppError && error.code === AppErrorCode.NothingToCancel) {
      return { ...refund, cancel: "nothing-to-cancel" };
    }
    return { ...refund, cancel: "failed", cancelError: error };
  }
}

export const operatorCancelSchema = z.object({
  reason: z.enum(cancelReasons),
  comment: z.string().trim().max(500).optional(),
});

/**
 * Stops renewals for the parent (access stays until the period ends), with the reason they gave
 * support; answers the parent's confirmation email, to enqueue.
 */
export async function cancelSubscriptionByOperator(
  deps: { db: Database },
  input: Actor & {
    userId: string;
    reason: CancelReason;
    comment?: string | undefined;
    /** Set when the cancel comes with a refund of this charge, which the audit entry names. */
    refundedOrderId?: string;
    now: Date;
  },
): Promise<{ subscription: SubscriptionRow; confirmationId: string | undefined }> {
  requireCustomerId(input.userId);
  const { subscription: cancelled, confirmationId } = await cancelAtPeriodEnd(deps, { ...input, channel: "console" });
  // cancelAtPeriodEnd answers a subscription it could not cancel as it was: this call's
  // cancellation is the one stamped with this call's time.
  if (cancelled?.status !== "cancelled" || cancelled.cancelledAt?.getTime() !== input.now.getTime()) {
    throw new AppError(
      AppErrorCode.NothingToCancel,
      "subscription",
      "There is no renewing subscription to cancel",
      "customers.errors.nothingToCancel",
    );
  }
  await insertAuditEntry(deps.db, {
    operatorId: input.operatorId,
    action: "customer.cancel",
    target: customerTarget(input.userId),
    details: {
      reason: input.reason,
      ...(input.comment && { comment: input.comment }),
      ...(input.refundedOrderId && { refundedOrderId: input.refundedOrderId }),
    },
  });
  return { subscription: cancelled, confirmationId };
}

/** Opens (or closes) the printables whatever the subscription says: for support cases and partners. */
export async function setManualAccess(
  deps: { db: Database },
  input: Actor & { userId: string; granted: boolean; now: Date },
): Promise<void> {
  requireCustomerId(input.userId);
  await deps.db.transaction(async (tx) => {
    const user = await lockCustomerManualAccess(tx, input.userId);
    if (!user) throw new AppError(AppErrorCode.NotFound, "userId", "No such parent", "customers.errors.noCustomer");
    if (user.isManualAccess === input.granted) return;
    await updateManualAccess(tx, input);
    await insertAuditEntry(tx, {
      operatorId: input.operatorId,
      action: input.granted ? "customer.grant_access" : "customer.revoke_access",
      target: customerTarget(input.userId),
    });
  });
}

/**
 * Emails the parent a fresh sign-in link, under the same per-address limit as the parent's own
 * requests (an operator cannot flood an inbox either).
 */
export async function resendCustomerAccessLink(deps: AccessLinkDeps, input: Actor & { userId: string }): Promise<void> {
  requireCustomerId(input.userId);
  const user = await findCustomerEmail(deps.db, input.userId);
  if (!user?.email || user.erasedAt) {
    throw new AppError(
      AppErrorCode.Conflict,
      "userId",
      "This parent has no email to send to",
      "customers.errors.noEmail",
    );
  }
  await requestAccessLink(deps, { email: user.email, clientAddress: `operator:${input.operatorId}` });
  await insertAuditEntry(deps.db, {
    operatorId: input.operatorId,
    action: "customer.access_link",
    target: customerTarget(input.userId),
  });
}
