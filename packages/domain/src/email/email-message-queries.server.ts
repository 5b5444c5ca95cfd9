import type { Database, Transaction } from "@kinderready/db/open-db";
import { emailMessages, orders, users } from "@kinderready/db/schema";
import { and, eq, lt, sql } from "drizzle-orm";
import { emailKind } from "./email-kinds.ts";

// The queued emails (email_messages, the transactional outbox): written with the change they
// announce, read and marked by the email worker, their links' clicks counted.

/** A queued email with the parent it is about (their row gone: nulls). */
export async function findMessageToSend(db: Database | Transaction, messageId: string) {
  const [row] = await db
    .select({
      status: emailMessages.status,
      kind: emailMessages.kind,
      recipient: emailMessages.recipient,
      userId: emailMessages.userId,
      token: users.token,
      locale: users.locale,
      kidName: users.kidName,
      countryCode: users.countryCode,
      topics: users.topics,
      purchasePath: users.purchasePath,
      isForbiddenToMailing: users.isForbiddenToMailing,
    })
    .from(emailMessages)
    .leftJoin(users, eq(users.id, emailMessages.userId))
    .where(eq(emailMessages.id, messageId));
  return row;
}

export async function markEmailFailed(db: Database | Transaction, messageId: string, lastError: string): Promise<void> {
  await db.update(emailMessages).set({ status: "failed", lastError }).where(eq(emailMessages.id, messageId));
}

export async function markEmailSkipped(db: Database | Transaction, messageId: string): Promise<void> {
  await db.update(emailMessages).set({ status: "skipped" }).where(eq(emailMessages.id, messageId));
}

export async function incrementEmailAttempts(db: Database | Transaction, messageId: string): Promise<void> {
  await db
    .update(emailMessages)
    .set({ attempts: sql`${emailMessages.attempts} + 1` })
    .where(eq(emailMessages.id, messageId));
}

export async function markEmailSent(
  db: Database | Transaction,
  messageId: string,
  sent: { sentAt: Date; providerMessageId: string },
): Promise<void> {
  await db
    .update(emailMessages)
    .set({ status: "sent", sentAt: sent.sentAt, providerMessageId: sent.providerMessageId, lastError: null })
    .where(eq(emailMessages.id, messageId));
}

export async function recordEmailError(
  db: Database | Transaction,
  messageId: string,
  lastError: string,
): Promise<void> {
  await db.update(emailMessages).set({ lastError }).where(eq(emailMessages.id, messageId));
}

/**
 * Writes an email to the parent's own address inside the caller's transaction (the outbox), once
 * per kind; answers its id, to enqueue once committed, or undefined when the parent has no
 * address or it was written before.
 */
export async function insertParentEmail(
  db: Database | Transaction,
  input: { userId: string; kind: string },
): Promise<string | undefined> {
  const [parent] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!parent?.email) return undefined;
  const [message] = await db
    .insert(emailMessages)
    .values({ userId: input.userId, kind: input.kind, recipient: parent.email })
    .onConflictDoNothing()
    .returning({ id: emailMessages.id });
  return message?.id;
}

/**
 * Writes an order's email inside the transaction that settles the order: the receipt for an
 * approved charge, the payment-failed email for a declined renewal (one of each per order: the
 * kind carries the order id). Answers its id, to enqueue once committed. Not enqueued here:
 * pg-boss may look its queue up on its own connection, which on PGlite (one connection) waits for
 * this transaction and never returns. A crash before the enqueue leaves the row to the sweep.
 */
export async function insertOrderEmail(
  db: Database | Transaction,
  order: { orderId: string; userId: string },
  kind: "receipt" | "payment-failed",
): Promise<string | undefined> {
  const [user] = await db
    .select({ email: users.email, refundReason: orders.refundReason })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.orderId, order.orderId));
  // A charge the product refunds by itself (a duplicate) is no purchase to confirm.
  if (!user?.email || user.refundReason) return undefined;
  const [message] = await db
    .insert(emailMessages)
    .values({ userId: order.userId, kind: emailKind(kind, order.orderId), recipient: user.email })
    .onConflictDoNothing()
    .returning({ id: emailMessages.id });
  return message?.id;
}

/** Queued emails older than a few minutes, with attempts left, whose job may have been lost. */
export async function listStaleEmails(
  db: Database | Transaction,
  olderThanMinutes: number,
  attemptsBelow: number,
): Promise<{ id: string }[]> {
  return db
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.status, "queued"),
        lt(emailMessages.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
        lt(emailMessages.attempts, attemptsBelow),
      ),
    )
    .limit(500);
}

/** Counts a followed link on its message; the first click keeps its time. */
export async function countEmailClick(db: Database | Transaction, messageId: string, now: Date): Promise<void> {
  await db
    .update(emailMessages)
    .set({
      clicks: sql`${emailMessages.clicks} + 1`,
      firstClickedAt: sql`coalesce(${emailMessages.firstClickedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(emailMessages.id, messageId));
}
