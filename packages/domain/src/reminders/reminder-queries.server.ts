import type { Database, Transaction } from "@kinderready/db/open-db";
import { emailMessages, offerStates, subscriptions, users } from "@kinderready/db/schema";
import { and, between, eq, not, notExists, type SQL, sql } from "drizzle-orm";
import { mayReceiveMarketing } from "../consent/marketing-audience-queries.server.ts";
import { soldProduct } from "../product.ts";

// The reminders' reads and their outbox rows (reminders.server.ts says who hears what). The
// outbox row is the record that a reminder went, so none goes twice.

const notSent = (kind: SQL) =>
  notExists(
    sql`(select 1 from ${emailMessages} where ${emailMessages.userId} = ${users.id} and ${emailMessages.kind} = ${kind})`,
  );

/**
 * Parents whose offer's countdown ended within the window, who never subscribed and may receive
 * marketing, not yet sent `kind`; with `after`, only those sent `after.kind` by `after.sentBy`.
 */
export async function listDueCheckoutReminders(
  db: Database | Transaction,
  input: { from: Date; to: Date; kind: string; after: { kind: string; sentBy: Date } | undefined; limit: number },
): Promise<{ userId: string; email: string | null }[]> {
  const afterFirst = input.after
    ? sql`exists (select 1 from ${emailMessages} where ${emailMessages.userId} = ${users.id}
            and ${emailMessages.kind} = ${input.after.kind}
            and ${emailMessages.createdAt} <= ${input.after.sentBy})`
    : undefined;
  return db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .innerJoin(offerStates, eq(offerStates.userId, users.id))
    .where(
      and(
        eq(users.product, soldProduct),
        mayReceiveMarketing(),
        not(users.isManualAccess),
        between(offerStates.offerDeadlineAt, input.from, input.to),
        notExists(db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, users.id))),
        notSent(sql`${input.kind}`),
        afterFirst,
      ),
    )
    .limit(input.limit);
}

/** Subscriptions that expired within the window, of parents who may receive marketing and were not sent its win-back. */
export async function listDueWinBacks(
  db: Database | Transaction,
  input: { from: Date; to: Date; limit: number },
): Promise<{ userId: string; email: string | null; subscriptionId: string }[]> {
  return db
    .select({ userId: users.id, email: users.email, subscriptionId: subscriptions.id })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.product, soldProduct),
        eq(subscriptions.status, "expired"),
        between(subscriptions.currentPeriodEnd, input.from, input.to),
        mayReceiveMarketing(),
        notSent(sql`'win-back:' || ${subscriptions.id}`),
      ),
    )
    .limit(input.limit);
}

/** Writes the reminders to the outbox, skipping any written meanwhile; answers the ids written. */
export async function insertReminderEmails(
  db: Database | Transaction,
  rows: { userId: string; kind: string; recipient: string }[],
  now: Date,
): Promise<{ id: string }[]> {
  return db
    .insert(emailMessages)
    .values(rows.map((row) => ({ ...row, createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: emailMessages.id });
}
