import { createHash } from "node:crypto";
import type { Database, Transaction } from "@kinderready/db/open-db";
import type { orders, pricePlans } from "@kinderready/db/schema";
import type { upsellKind } from "../upsell-wire.ts";
import {
  claimOrderForCharge,
  findOrder,
  insertEntitlement,
  insertLedgerEntry,
  insertOrderIfAbsent,
  listCreatedOrdersIn,
  listOrdersOwedBack,
  listStaleProcessingOrders,
  lockOrder,
  reopenProcessingOrder,
  updateOrderFulfilled,
  updateOrderStatus,
  updatePayingSession,
  updateSessionVerified,
} from "./order-queries.server.ts";
import { GatewayError, type GatewayOrder, GatewayUnavailableError, type PaymentGateway } from "./payment-gateway.ts";
import { isFinalStatus } from "./solidgate-protocol.ts";

export type PricePlanRow = typeof pricePlans.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
/** subscription: the first payment; reactivation: an expired subscription renewed from the profile. */
export type OrderPurpose = "subscription" | "renewal" | "reactivation" | typeof upsellKind | "lifetime";

/**
 * What a settled order means for the parent (a subscription starts or renews, a renewal
 * failure is counted, a refund is recorded for the platforms). Runs once per outcome of an
 * order (its approval or decline, then perhaps its refund), inside the transaction that records it;
 * work that must wait for the commit (enqueueing a job on another connection) goes to `afterCommit`.
 */
export type SettleHook = (
  tx: Transaction,
  order: OrderRow,
  gatewayOrder: GatewayOrder,
  afterCommit: (work: () => Promise<void>) => void,
) => Promise<void>;

export type PaymentDeps = {
  db: Database;
  gateway: PaymentGateway;
  /** The adapter's name, stored on each order ("simulator" or "solidgate"). */
  gatewayName: string;
  now: () => Date;
  onSettled: SettleHook;
};

/**
 * The order id for one logical charge: the same user and key always give the same id, so a
 * retried request, a double click or a restarted job can never create a second charge.
 */
export function orderIdFor(userId: string, idempotencyKey: string): string {
  return `kr_${createHash("sha256").update(`${userId}\n${idempotencyKey}`).digest("hex").slice(0, 32)}`;
}

/** Finds or creates the order for a charge, before any attempt is made. */
export async function ensureOrder(
  deps: { db: Database },
  input: {
    userId: string;
    purpose: OrderPurpose;
    idempotencyKey: string;
    plan: PricePlanRow;
    amount: number;
    gatewayName: string;
  },
): Promise<OrderRow> {
  const orderId = orderIdFor(input.userId, input.idempotencyKey);
  await insertOrderIfAbsent(deps.db, {
    orderId,
    userId: input.userId,
    purpose: input.purpose,
    idempotencyKey: input.idempotencyKey,
    pricePlanId: input.plan.id,
    amount: input.amount,
    currency: input.plan.currency,
    gateway: input.gatewayName,
  });
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new Error(`order ${orderId} vanished`);
  return order;
}

/** Where the gateway's page (or the product, for a payment already under way) sends the parent back to. */
export function withOrderId(url: string, orderId: string): string {
  const next = new URL(url);
  next.searchParams.set("order_id", orderId);
  return next.toString();
}

/**
 * The gateway's hosted page to pay an order on, coming back to `back` (with `order_id`) paid or
 * not. Once the page is ready, the device that goes to it (its session's digest, or none) is the
 * one the payment will verify: once the order is approved and kept, that session is verified. Only
 * an order not yet paid takes it; the last device that went to pay wins, so a session is verified
 * only by a payment it started last.
 */
export async function openPaymentPage(
  deps: PaymentDeps,
  order: OrderRow,
  input: {
    description: string;
    customerEmail: string;
    language: string;
    back: string;
    payingSession: () => Promise<string | undefined>;
  },
): Promise<{ orderId: string; redirectUrl: string }> {
  const back = withOrderId(input.back, order.orderId);
  const page = await deps.gateway.createPaymentPage({
    orderId: order.orderId,
    amount: order.amount,
    currency: order.currency,
    description: input.description,
    customerEmail: input.customerEmail,
    language: input.language,
    successUrl: back,
    failUrl: back,
  });
  await updatePayingSession(deps.db, { orderId: order.orderId, sessionDigest: await input.payingSession() });
  return { orderId: order.orderId, redirectUrl: page.url };
}

/**
 * Charges a stored card for an order, at most once whatever the concurrency: only the caller
 * that moves the order from created to processing talks to the gateway; everyone else, and
 * every later retry, asks the gateway for the order's status instead.
 */
export async function chargeStoredCard(
  deps: PaymentDeps,
  order: OrderRow,
  input: { cardToken: string; description: string },
): Promise<OrderRow> {
  const claimed = await claimOrderForCharge(deps.db, { orderId: order.orderId, now: deps.now() });
  if (!claimed) return isFinalStatus(order.status) ? order : syncOrder(deps, order.orderId);
  try {
    const result = await deps.gateway.chargeRecurring({
      orderId: order.orderId,
      amount: order.amount,
      currency: order.currency,
      description: input.description,
      recurringToken: input.cardToken,
    });
    return applyOrderUpdate(deps, result);
  } catch (error) {
    // A reused id means an earlier attempt reached the gateway: its status is the answer.
    if (error instanceof GatewayError && error.code === "5.06") return syncOrder(deps, order.orderId);
    if (error instanceof GatewayError) {
      return applyOrderUpdate(deps, {
        orderId: order.orderId,
        status: "declined",
        amount: order.amount,
        currency: order.currency,
        errorCode: error.code,
      });
    }
    // No usable answer (a time-out, a lost connection, a 5xx): the order stays processing until
    // its status is known.
    return claimed;
  }
}

/** Asks the gateway where an order stands and records it. Unknown to the gateway: unchanged. */
export async function syncOrder(deps: PaymentDeps, orderId: string): Promise<OrderRow> {
  try {
    return await applyOrderUpdate(deps, await deps.gateway.orderStatus(orderId));
  } catch (error) {
    if (!(error instanceof GatewayError) && !(error instanceof GatewayUnavailableError)) throw error;
    const order = await findOrder(deps.db, orderId);
    if (!order) throw new Error(`unknown order ${orderId}`);
    return order;
  }
}

/**
 * A gateway report whose amount or currency is not the order's: nothing in it is believed (a
 * forged or misrouted event, or a gateway bug). The order stays as it was, reconciliation keeps
 * asking the gateway, and the report goes to the error reporter.
 */
export class OrderMismatchError extends Error {
  override name = "OrderMismatchError";
}

/**
 * Records what the gateway says about an order: from the synchronous answer, a status poll or
 * a webhook, in any order and any number of times. A final status is never overwritten, and an
 * approval fulfils the order exactly once (the entitlement's primary key is the order id). A
 * report for another amount or currency is refused (OrderMismatchError).
 */
export async function applyOrderUpdate(deps: PaymentDeps, reported: GatewayOrder): Promise<OrderRow> {
  // A settlement follows an approval; when it is the first word the product hears (the approval's
  // webhook lost or late), the money was taken all the same, and the order is approved.
  const update = reported.status === "settle_ok" ? { ...reported, status: "approved" as const } : reported;
  const afterCommit: (() => Promise<void>)[] = [];
  const schedule = (work: () => Promise<void>) => {
    afterCommit.push(work);
  };
  // This very approval made the charge one the product owes back: refunded once committed.
  let owedNow = false;
  const recorded = await deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, update.orderId);
    if (!current) throw new Error(`unknown order ${update.orderId}`);
    if (update.amount !== current.amount || update.currency.toUpperCase() !== current.currency) {
      throw new OrderMismatchError(
        `order ${update.orderId} is ${current.amount} ${current.currency}, the gateway reported ${update.amount} ${update.currency} (${update.status})`,
      );
    }
    const refundLater = current.status === "approved" && update.status === "refunded";
    if (isFinalStatus(current.status) && !refundLater) return current;
    if (!isFinalStatus(update.status) && current.status === "processing") return current;

    const order = await updateOrderStatus(tx, {
      orderId: update.orderId,
      status: update.status,
      errorCode: update.errorCode ?? null,
      now: deps.now(),
    });
    if (!order) throw new Error(`order ${update.orderId} vanished`);
    const entry = { userId: order.userId, orderId: order.orderId, amount: order.amount, currency: order.currency };

    if (update.status === "approved") {
      const granted = await insertEntitlement(tx, {
        orderId: order.orderId,
        userId: order.userId,
        kind: order.purpose,
      });
      if (granted) {
        await insertLedgerEntry(tx, { ...entry, type: "charge", details: { purpose: order.purpose } });
        await updateOrderFulfilled(tx, { orderId: order.orderId, now: deps.now() });
        await deps.onSettled(tx, order, update, schedule);
        // The hook may have found the charge owed back (a duplicate, a price past its time): the row as it now stands.
        const settled = await findOrder(tx, order.orderId);
        owedNow = settled?.refundReason != null;
        if (order.checkoutSessionHash && !owedNow) {
          // The parent's own device that went to pay a charge the product keeps: its session may
          // now spend and change the account.
          await updateSessionVerified(tx, { idHash: order.checkoutSessionHash, userId: order.userId, now: deps.now() });
        }
        return settled ?? order;
      }
    } else if (update.status === "declined") {
      await insertLedgerEntry(tx, { ...entry, type: "decline", details: { code: update.errorCode ?? null } });
      await deps.onSettled(tx, order, update, schedule);
    } else if (update.status === "refunded") {
      await insertLedgerEntry(tx, { ...entry, type: "refund", amount: -order.amount });
      await deps.onSettled(tx, order, update, schedule);
    }
    return order;
  });
  for (const work of afterCommit) await work();
  if (owedNow) return (await refundOwed(deps, recorded)) ?? recorded;
  return recorded;
}

/**
 * Refunds in full a paid charge the product owes back (`refund_reason`), as soon as it is known
 * and again from reconciliation until the gateway has done it: undefined when it did not answer
 * or refused this time. A refund already made answers with the order refunded (its status).
 */
async function refundOwed(deps: PaymentDeps, order: OrderRow): Promise<OrderRow | undefined> {
  try {
    return await applyOrderUpdate(deps, await deps.gateway.refund({ orderId: order.orderId, amount: order.amount }));
  } catch (error) {
    if (!(error instanceof GatewayError) && !(error instanceof GatewayUnavailableError)) throw error;
    const current = await syncOrder(deps, order.orderId);
    return current.status === "refunded" ? current : undefined;
  }
}

/** Ages, in minutes, at which an order still `created` is looked up (see reconcileOrders). */
const createdCheckpointMinutes = [1, 5, 15, 60, 6 * 60, 24 * 60];

/**
 * Orders left processing (a time-out, a crash): ask the gateway until they settle; charges the
 * product owes back (a duplicate first payment) are refunded until the gateway has done it. One the
 * gateway has never heard of, this long after our call gave up, was never charged: it is open
 * again (`created`), and the next attempt reuses its id, which the gateway would refuse (5.06)
 * had the lost call reached it after all, so it can never be charged twice.
 *
 * An order still `created` may have been paid on the hosted page while every webhook was lost
 * and the parent never came back. Most are abandoned pages, so each is asked about only as it
 * passes a few ages in its first day (this runs every minute), not on every run.
 */
export async function reconcileOrders(deps: PaymentDeps, olderThanMs = 30_000): Promise<number> {
  const now = deps.now().getTime();
  const minute = 60_000;
  const stale = await listStaleProcessingOrders(deps.db, new Date(now - olderThanMs));
  const unsettled = await listCreatedOrdersIn(
    deps.db,
    createdCheckpointMinutes.map((age) => ({
      from: new Date(now - (age + 1) * minute),
      until: new Date(now - age * minute),
    })),
  );
  const owed = await listOrdersOwedBack(deps.db);
  // A refund that fails in a way the gateway did not explain does not hold the orders back: it
  // is raised once they are done, for the job's log, and tried again on the next run.
  let refundFailure: unknown;
  for (const order of owed) {
    await refundOwed(deps, order).catch((error: unknown) => {
      refundFailure ??= error;
    });
  }
  for (const { orderId } of [...stale, ...unsettled]) {
    try {
      await applyOrderUpdate(deps, await deps.gateway.orderStatus(orderId));
    } catch (error) {
      if (error instanceof GatewayError && error.code === "2.05") {
        await reopenProcessingOrder(deps.db, { orderId, now: deps.now() });
      } else if (!(error instanceof GatewayError) && !(error instanceof GatewayUnavailableError)) {
        throw error;
      }
    }
  }
  if (refundFailure !== undefined) throw refundFailure;
  return stale.length + unsettled.length + owed.length;
}
