import type { Database } from "@kinderready/db/open-db";
import { emailKind } from "../email/email-kinds.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { chargeAfterNotice, noticeLeadHours } from "../subscriptions/charge-notice.ts";
import { pauseReminderLeadHours } from "../subscriptions/pause-rules.ts";
import {
  findParentEmail,
  insertEmailMessage,
  listChargeNoticesDue,
  lockSubscriptionById,
  updateSubscription,
} from "./billing-queries.server.ts";
import { insertLedgerEntry } from "./order-queries.server.ts";

export type ChargeNoticeDeps = { db: Database; emails: EmailQueue; now: () => Date };

const hour = 60 * 60 * 1000;

/**
 * Writes the notice before the next charge for every subscription whose trial or period ends
 * within the notice lead and will be charged then (a trial's first full charge: `trial-ending`; a
 * renewal: `renewal-upcoming`; the end of a pause, three days ahead: `pause-ending`), once per
 * charge (the subscription records the period end it was sent for), and enqueues them. A notice
 * going out late moves the charge on, so the parent keeps their full time to cancel. A
 * cancellation for a later date still leaves the charges before it noticed; a period followed by
 * a pause is not charged, so it gets none. Runs before each billing run.
 */
export async function queueChargeNotices(deps: ChargeNoticeDeps): Promise<number> {
  const now = deps.now();
  const within = (hours: number) => new Date(now.getTime() + hours * hour);
  const due = await listChargeNoticesDue(deps.db, {
    now,
    noticeBy: within(noticeLeadHours),
    pauseReminderBy: within(pauseReminderLeadHours),
  });
  let queued = 0;
  for (const { id } of due) {
    const messageId = await deps.db.transaction(async (tx) => {
      const subscription = await lockSubscriptionById(tx, id);
      // Re-read under the lock: cancelled, charged or already noticed meanwhile.
      if (!subscription || !["trialing", "active", "paused"].includes(subscription.status)) return undefined;
      if (subscription.status !== "paused" && subscription.pauseFrom) return undefined;
      const chargeAt = subscription.currentPeriodEnd;
      if (chargeAt <= now || subscription.chargeNoticeFor?.getTime() === chargeAt.getTime()) return undefined;
      if (subscription.cancelAt && subscription.cancelAt <= chargeAt) return undefined;
      const parent = await findParentEmail(tx, subscription.userId);
      if (!parent?.email) return undefined;
      const trial = subscription.status === "trialing";
      const movedTo = chargeAfterNotice(chargeAt, now);
      await updateSubscription(tx, id, {
        chargeNoticeFor: movedTo,
        currentPeriodEnd: movedTo,
        nextAttemptAt: movedTo,
        ...(trial && { trialEndsAt: movedTo }),
        ...(subscription.status === "paused" && { resumesAt: movedTo }),
        updatedAt: now,
      });
      if (movedTo.getTime() !== chargeAt.getTime()) {
        await insertLedgerEntry(tx, {
          userId: subscription.userId,
          subscriptionId: id,
          type: trial ? "trial_extended" : "period_extended",
          details: { reason: "notice sent late", from: chargeAt.toISOString(), to: movedTo.toISOString() },
        });
      }
      return insertEmailMessage(tx, {
        userId: subscription.userId,
        kind: emailKind(
          trial ? "trial-ending" : subscription.status === "paused" ? "pause-ending" : "renewal-upcoming",
          id,
          String(movedTo.getTime()),
        ),
        recipient: parent.email,
      });
    });
    if (messageId) {
      await enqueueEmail(deps.emails, messageId);
      queued += 1;
    }
  }
  return queued;
}
