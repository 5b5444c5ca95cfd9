import type { Transaction } from "@kinderready/db/open-db";
import { AppError, AppErrorCode } from "../app-error.ts";
import { emailKind } from "../email/email-kinds.ts";
import { insertParentEmail } from "../email/email-message-queries.server.ts";
import { soldProduct } from "../product.ts";
import { mayPause, type PausePeriods, pauseLimitSince, pauseWindow } from "../subscriptions/pause-rules.ts";
import { pauseScheduled, type SubscriptionRow } from "../subscriptions/subscription-state.ts";
import {
  countPausesSince,
  insertStateChange,
  lockSubscription,
  updateSubscriptionReturning,
} from "./billing-queries.server.ts";
import { insertLedgerEntry } from "./order-queries.server.ts";
import type { PaymentDeps } from "./orders.server.ts";
import { renewSubscription } from "./subscription-billing.server.ts";

// A pause instead of a cancellation: asked for now, it begins when the period paid for ends
// (the billing run begins it), and billing resumes on its own after one or two periods, or
// sooner when the parent resumes. Every pause is in the ledger; the limit counts them.

const cannotPause = () =>
  new AppError(
    AppErrorCode.Conflict,
    "subscription",
    "This subscription cannot be paused now",
    "profile.errors.cannotPause",
  );
const cannotResume = () =>
  new AppError(AppErrorCode.Conflict, "subscription", "This subscription is not paused", "profile.errors.cannotResume");

/**
 * Schedules a pause of `periods` from the end of the period paid for, and writes its
 * confirmation (its email id answered, to enqueue once committed). Refused when the
 * subscription may not pause (ended, ending, already pausing, or paused too often).
 */
export async function pauseSubscription(
  deps: { db: Transaction },
  input: { userId: string; periods: PausePeriods; now: Date },
): Promise<{ subscription: SubscriptionRow; messageId: string | undefined }> {
  const existing = await lockSubscription(deps.db, input.userId, soldProduct);
  if (!existing || !mayPause(existing, await countPausesSince(deps.db, existing.id, pauseLimitSince(input.now))))
    throw cannotPause();
  const window = pauseWindow(existing, input.periods);
  const paused = await updateSubscriptionReturning(deps.db, existing.id, {
    pauseFrom: window.from,
    resumesAt: window.resumesAt,
    updatedAt: input.now,
  });
  if (!paused) throw cannotPause();
  await insertLedgerEntry(deps.db, {
    userId: existing.userId,
    subscriptionId: existing.id,
    type: "pause_scheduled",
    details: { periods: input.periods, from: window.from.toISOString(), resumesAt: window.resumesAt.toISOString() },
    // The limit counts pauses by the clock the billing runs on.
    createdAt: input.now,
  });
  const messageId = await insertParentEmail(deps.db, {
    userId: input.userId,
    kind: emailKind("pause-started", existing.id, String(window.resumesAt.getTime())),
  });
  return { subscription: paused, messageId };
}

/**
 * Ends a pause at the parent's word: one not begun is dropped (renewals go on as before); one
 * under way ends now, with the next period charged at once on the card on file (a decline goes
 * to the usual retries, with access meanwhile).
 */
export async function resumeSubscription(deps: PaymentDeps, input: { userId: string }): Promise<SubscriptionRow> {
  const now = deps.now();
  const { resumed, chargeNow } = await deps.db.transaction(async (tx) => {
    const existing = await lockSubscription(tx, input.userId, soldProduct);
    if (existing && pauseScheduled(existing)) {
      const kept = await updateSubscriptionReturning(tx, existing.id, {
        pauseFrom: null,
        resumesAt: null,
        updatedAt: now,
      });
      await insertLedgerEntry(tx, {
        userId: existing.userId,
        subscriptionId: existing.id,
        type: "pause_dropped",
        details: { resumesAt: existing.resumesAt?.toISOString() ?? null },
        createdAt: now,
      });
      return { resumed: kept, chargeNow: false };
    }
    if (existing?.status !== "paused" || !existing.cardToken) throw cannotResume();
    const active = await updateSubscriptionReturning(tx, existing.id, {
      status: "active",
      currentPeriodEnd: now,
      nextAttemptAt: now,
      pauseFrom: null,
      resumesAt: null,
      updatedAt: now,
    });
    await insertStateChange(tx, existing, "active", { resumedEarly: true });
    return { resumed: active, chargeNow: true };
  });
  if (!resumed) throw cannotResume();
  if (chargeNow) await renewSubscription(deps, resumed);
  return resumed;
}
