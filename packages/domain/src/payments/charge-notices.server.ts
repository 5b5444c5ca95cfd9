import type { Database } from "@kinderready/db/open-db";
import { emailMessages, ledgerEntries, subscriptions, users } from "@kinderready/db/schema";
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { emailKind } from "../email/email-kinds.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { chargeAfterNotice, noticeLeadHours } from "../subscriptions/charge-notice.ts";
import { pauseReminderLeadHours } from "../subscriptions/pause-rules.ts";

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
  const due = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        gt(subscriptions.currentPeriodEnd, now),
        or(
          and(
            inArray(subscriptions.status, ["trialing", "active"]),
            isNull(subscriptions.pauseFrom),
            lte(subscriptions.currentPeriodEnd, within(noticeLeadHours)),
          ),
          and(eq(subscriptions.status, "paused"), lte(subscriptions.currentPeriodEnd, within(pauseReminderLeadHours))),
        ),
        or(isNull(subscriptions.cancelAt), gt(subscriptions.cancelAt, subscriptions.currentPeriodEnd)),
        or(
          isNull(subscriptions.chargeNoticeFor),
          sql`${subscriptions.chargeNoticeFor} <> ${subscriptions.currentPeriodEnd}`,
        ),
        isNotNull(users.email),
        isNull(users.erasedAt),
      ),
    )
    .limit(500);
  let queued = 0;
  for (const { id } of due) {
    const messageId = await deps.db.transaction(async (tx) => {
      const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
      // Re-read under the lock: cancelled, charged or already noticed meanwhile.
      if (!subscription || !["trialing", "active", "paused"].includes(subscription.status)) return undefined;
      if (subscription.status !== "paused" && subscription.pauseFrom) return undefined;
      const chargeAt = subscription.currentPeriodEnd;
      if (chargeAt <= now || subscription.chargeNoticeFor?.getTime() === chargeAt.getTime()) return undefined;
      if (subscription.cancelAt && subscription.cancelAt <= chargeAt) return undefined;
      const [parent] = await tx.select({ email: users.email }).from(users).where(eq(users.id, subscription.userId));
      if (!parent?.email) return undefined;
      const trial = subscription.status === "trialing";
      const movedTo = chargeAfterNotice(chargeAt, now);
      await tx
        .update(subscriptions)
        .set({
          chargeNoticeFor: movedTo,
          currentPeriodEnd: movedTo,
          nextAttemptAt: movedTo,
          ...(trial && { trialEndsAt: movedTo }),
          ...(subscription.status === "paused" && { resumesAt: movedTo }),
          updatedAt: now,
        })
        .where(eq(subscriptions.id, id));
      if (movedTo.getTime() !== chargeAt.getTime()) {
        await tx.insert(ledgerEntries).values({
          userId: subscription.userId,
          subscriptionId: id,
          type: trial ? "trial_extended" : "period_extended",
          details: { reason: "notice sent late", from: chargeAt.toISOString(), to: movedTo.toISOString() },
        });
      }
      const [message] = await tx
        .insert(emailMessages)
        .values({
          userId: subscription.userId,
          kind: emailKind(
            trial ? "trial-ending" : subscription.status === "paused" ? "pause-ending" : "renewal-upcoming",
            id,
            String(movedTo.getTime()),
          ),
          recipient: parent.email,
        })
        .onConflictDoNothing()
        .returning({ id: emailMessages.id });
      return message?.id;
    });
    if (messageId) {
      await enqueueEmail(deps.emails, messageId);
      queued += 1;
    }
  }
  return queued;
}
