import type { Database } from "@kinderready/db/open-db";
import type { PgBoss } from "pg-boss";
import { emailKind } from "../email/email-kinds.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { insertReminderEmails, listDueCheckoutReminders, listDueWinBacks } from "./reminder-queries.server.ts";
import { checkoutReminders, dueWindow, secondAfterFirst, winBack } from "./reminder-rules.ts";

// Every hour, the reminders that are due: to parents who reached the offer and never subscribed
// (two at most) and to parents whose subscription ended a week ago (once). Marketing mail: only
// to parents who allow it (a mail queued before they stopped allowing it is not sent either); the
// outbox row is the record that a reminder went, so none goes twice.

const remindersJob = "reminders";
/** Reminders written per kind and run at most; the next run takes the rest. */
const perRun = 500;

export type ReminderDeps = { db: Database; emails: EmailQueue; now: () => Date };

/** Writes the due reminders to the outbox and enqueues them; answers how many were queued. */
export async function queueReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.now();
  const rows: { userId: string; kind: string; recipient: string }[] = [];
  for (const reminder of checkoutReminders) {
    const window = dueWindow(now, reminder);
    const kind = emailKind("checkout-abandoned", String(reminder.number));
    // The second follows the first by most of a day at least, never in the same run.
    const after =
      reminder.number === 2
        ? { kind: emailKind("checkout-abandoned", "1"), sentBy: new Date(now.getTime() - secondAfterFirst) }
        : undefined;
    const due = await listDueCheckoutReminders(deps.db, { ...window, kind, after, limit: perRun });
    for (const { userId, email } of due) if (email) rows.push({ userId, kind, recipient: email });
  }
  const window = dueWindow(now, winBack);
  const ended = await listDueWinBacks(deps.db, { ...window, limit: perRun });
  for (const { userId, email, subscriptionId } of ended) {
    if (email) rows.push({ userId, kind: emailKind("win-back", subscriptionId), recipient: email });
  }
  if (rows.length === 0) return 0;
  const queued = await insertReminderEmails(deps.db, rows, now);
  // A lost enqueue is not lost mail: the email sweep re-queues rows still queued.
  for (const { id } of queued) await enqueueEmail(deps.emails, id);
  return queued.length;
}

/** Every hour (at :25), on whichever worker takes it. */
export async function startReminderJob(boss: PgBoss, deps: Omit<ReminderDeps, "emails">): Promise<void> {
  await boss.createQueue(remindersJob, { policy: "singleton" });
  await boss.work(remindersJob, async () => {
    await queueReminders({ ...deps, emails: boss });
  });
  await boss.schedule(remindersJob, "25 * * * *");
}
