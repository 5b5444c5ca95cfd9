import type { Locale } from "@kinderready/i18n/locales";
import { AppError, AppErrorCode } from "../app-error.ts";
import { planTitle } from "../pricing/plan-title.server.ts";
import { canPayWithAnotherCard } from "../subscriptions/subscription-state.ts";
import {
  findRenewalOrderOfUser,
  findSubscriptionWithPlan,
  updateOrderViaPaymentPage,
  updatePastDueNextAttempt,
} from "./order-queries.server.ts";
import { type OrderRow, openPaymentPage, type PaymentDeps, syncOrder, withOrderId } from "./orders.server.ts";
import { isFinalStatus } from "./solidgate-protocol.ts";
import { ensureReactivationOrder, ensureRenewalOrder } from "./subscription-billing.server.ts";

/**
 * A renewal the card on file declined is paid with another card, typed on the gateway's hosted
 * page (never on ours), from the signed-in profile the payment-failed email leads to. The page
 * pays the very order the next retry would charge, so the parent and the retry job can never both
 * charge the period; the retries also wait an hour while the page is open. The card typed there
 * becomes the one charged from then on. An expired subscription is renewed the same way, for a
 * new period from today.
 */

/** How long the retries wait once the parent has gone to pay on the gateway's page. */
const retryHoldMs = 60 * 60 * 1000;

const nothingOverdue = () =>
  new AppError(
    AppErrorCode.Conflict,
    "subscription",
    "No payment to make with another card",
    "profile.errors.nothingOverdue",
  );

export async function startPaymentWithAnotherCard(
  deps: PaymentDeps,
  input: {
    userId: string;
    locale: Locale;
    /** The page to come back to; the gateway's page returns with `order_id`. */
    returnUrl: string;
    /** The session (its digest) of the signed-in device that goes to pay. */
    payingSession: string;
  },
): Promise<{ orderId: string; redirectUrl: string }> {
  const found = await findSubscriptionWithPlan(deps.db, input.userId);
  if (!found?.email || !canPayWithAnotherCard(found.subscription)) throw nothingOverdue();
  const { subscription, plan } = found;
  const now = deps.now();

  const order =
    subscription.status === "past_due"
      ? await ensureRenewalOrder(deps, subscription, plan)
      : await ensureReactivationOrder(deps, subscription, plan);
  // Already being charged (a retry under way, or this page paid a moment ago): its result, never a second payment.
  if (order.status !== "created")
    return { orderId: order.orderId, redirectUrl: withOrderId(input.returnUrl, order.orderId) };

  await updateOrderViaPaymentPage(deps.db, order.orderId);
  if (subscription.status === "past_due") {
    const held = new Date(now.getTime() + retryHoldMs);
    if (!subscription.nextAttemptAt || subscription.nextAttemptAt < held) {
      await updatePastDueNextAttempt(deps.db, { subscriptionId: subscription.id, until: held, now });
    }
  }
  return openPaymentPage(deps, order, {
    description: planTitle(plan, input.locale),
    customerEmail: found.email,
    language: input.locale,
    back: input.returnUrl,
    payingSession: async () => input.payingSession,
  });
}

export type AnotherCardResult = { status: "approved" | "declined" | "pending"; errorCode: string | null };

/** How the parent's payment with another card went; asks the gateway while it is not final. */
export async function getPaymentWithAnotherCard(
  deps: PaymentDeps,
  input: { userId: string; orderId: string },
): Promise<AnotherCardResult> {
  const found = await findRenewalOrderOfUser(deps.db, { orderId: input.orderId, userId: input.userId });
  // Someone else's order is as unknown as a made-up one.
  if (!found) throw new AppError(AppErrorCode.NotFound, "order_id", "No such payment for this parent");
  const order: OrderRow = isFinalStatus(found.status) ? found : await syncOrder(deps, found.orderId);
  if (order.status === "approved") return { status: "approved", errorCode: null };
  if (isFinalStatus(order.status)) return { status: "declined", errorCode: order.errorCode };
  return { status: "pending", errorCode: null };
}
