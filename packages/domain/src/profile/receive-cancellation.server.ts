import type { Database } from "@kinderready/db/open-db";
import { AppError, AppErrorCode } from "../app-error.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { lockSubscription } from "../payments/billing-queries.server.ts";
import { type CancellationOutcome, recordCancellation } from "../payments/cancellations.server.ts";
import { stopRenewals } from "../payments/subscription-billing.server.ts";
import { soldProduct } from "../product.ts";
import { allowAttempt, throttleKey } from "../request-throttle.server.ts";
import { updateSubscriptionCancelAt } from "../subscriptions/subscription-queries.server.ts";
import { endOfPeriodHolding, renews } from "../subscriptions/subscription-state.ts";
import { findParentIdByEmail } from "./parent-queries.server.ts";
import type { CancellationNotice } from "./profile-schema.ts";

// The public cancel page: anyone may declare a cancellation with an email address, without
// signing in. It is recorded at once, takes effect as declared, and is confirmed to the account's
// own address (with a way to take it back), so a stranger's cancellation cannot go unnoticed.
// The answer is the same whether or not the address has a subscription: the page tells nobody
// who subscribes.

export type ReceiveCancellationDeps = { db: Database; emails: EmailQueue; now: () => Date };

const perClient = { max: 10, windowMinutes: 60 };
const perEmail = { max: 3, windowMinutes: 60 };
export async function receiveCancellation(
  deps: ReceiveCancellationDeps,
  input: { notice: CancellationNotice; clientAddress: string },
): Promise<{ receivedAt: Date }> {
  const { notice } = input;
  const receivedAt = deps.now();
  const requestedEnd =
    notice.kind === "ordinary" && notice.end === "date" && notice.endDate
      ? new Date(`${notice.endDate}T23:59:59Z`)
      : null;
  if (requestedEnd && requestedEnd.getTime() < receivedAt.getTime()) {
    throw new AppError(AppErrorCode.Invalid, "endDate", "The end date has passed", "legalCancel.endDatePast");
  }
  const allowed = await allowAttempt(
    deps,
    [
      { key: throttleKey("cancel-page-client", input.clientAddress), ...perClient },
      { key: throttleKey("cancel-page-email", notice.email), ...perEmail },
    ],
    receivedAt,
  );
  if (!allowed) {
    throw new AppError(
      AppErrorCode.RateLimited,
      "email",
      "Too many cancellations from this address",
      "legalCancel.tooMany",
      {
        retryAfterSeconds: perEmail.windowMinutes * 60,
      },
    );
  }
  const messageId = await deps.db.transaction(async (tx) => {
    const parent = await findParentIdByEmail(tx, notice.email);
    const existing = parent ? await lockSubscription(tx, parent.id, soldProduct) : undefined;
    const reason = notice.kind === "extraordinary" ? (notice.reason ?? null) : null;
    const record = (outcome: CancellationOutcome, endsAt: Date | null) =>
      recordCancellation(
        { db: tx },
        {
          userId: parent?.id ?? null,
          channel: "cancel-page",
          kind: notice.kind,
          reason,
          email: notice.email,
          requestedEnd,
          outcome,
          endsAt,
          receivedAt,
        },
      );

    if (!parent || !existing || !(renews(existing) || existing.status === "cancelled")) {
      return (await record("no-subscription", null)).messageId;
    }
    if (notice.kind === "extraordinary") {
      // Ends at once, whether it was renewing or already running out its paid period.
      const ended = await stopRenewals({ db: tx }, existing, {
        now: receivedAt,
        reason: null,
        comment: reason,
        endsAt: receivedAt,
      });
      return (await record("cancelled", ended.currentPeriodEnd)).messageId;
    }
    if (!renews(existing)) return (await record("already-cancelled", existing.currentPeriodEnd)).messageId;
    const endsAt = requestedEnd ? endOfPeriodHolding(existing, requestedEnd) : existing.currentPeriodEnd;
    if (endsAt.getTime() > existing.currentPeriodEnd.getTime()) {
      await updateSubscriptionCancelAt(tx, { id: existing.id, cancelAt: requestedEnd, now: receivedAt });
      return (await record("scheduled", endsAt)).messageId;
    }
    await stopRenewals({ db: tx }, existing, { now: receivedAt, reason: null, comment: null });
    return (await record("cancelled", endsAt)).messageId;
  });
  if (messageId) await enqueueEmail(deps.emails, messageId);
  return { receivedAt };
}
