import type { Database, Transaction } from "@kinderready/db/open-db";
import { emailMessages, orders, users } from "@kinderready/db/schema";
import { eachJobInBursts } from "@kinderready/db/start-jobs";
import { isLocale, type Locale } from "@kinderready/i18n/locales";
import { and, eq, lt, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { composers } from "./email-composers.server.ts";
import type { ComposerDeps } from "./email-composing.server.ts";
import { type EmailKindId, emailClassOf, emailKind, parseEmailKind } from "./email-kinds.ts";
import { trackedLink } from "./email-links.server.ts";
import type { MailSender, OutgoingMail } from "./mail.ts";

/**
 * Email is a transactional outbox: the row in `email_messages` is written with the lead, and a
 * pg-boss job delivers it. A sweep re-queues rows whose job was lost (a crash between the commit
 * and the enqueue), so no email is dropped and, as the row records delivery, none is sent twice.
 */
const sendJob = "email-send";
const sweepJob = "email-sweep";
const retry = { retryLimit: 6, retryDelay: 30, retryBackoff: true } as const;

export type EmailQueue = Pick<PgBoss, "send">;

/** The email worker's dependencies: what the composers need, and the sender that delivers. */
export type EmailDeps = ComposerDeps & { sender: MailSender };

export async function enqueueEmail(queue: EmailQueue, messageId: string): Promise<void> {
  await queue.send(sendJob, { messageId }, { singletonKey: messageId, ...retry });
}

type StoredMessage = {
  kind: string;
  recipient: string;
  userId: string | null;
  token: string | null;
  locale: string | null;
  kidName: string | null;
  countryCode: string | null;
  topics: string[] | null;
  purchasePath: string | null;
  isForbiddenToMailing: boolean | null;
};

/**
 * Sends one queued email. Returns "skipped" when it was already sent, no longer exists or has
 * nothing left to say (the parent gone, the trial it announced cancelled): such a row is marked
 * skipped, so the sweep leaves it. A row of an unknown kind is marked failed and reported.
 */
export async function deliverEmail(deps: EmailDeps, messageId: string): Promise<"sent" | "skipped"> {
  const [row] = await deps.db
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
  if (row?.status !== "queued") return "skipped";

  const kind = parseEmailKind(row.kind);
  if (!kind) {
    const refused = new UnknownEmailKind(row.kind);
    deps.errors.report(refused, { msg: "email of an unknown kind refused", extra: { messageId } });
    await deps.db
      .update(emailMessages)
      .set({ status: "failed", lastError: refused.message })
      .where(eq(emailMessages.id, messageId));
    return "skipped";
  }
  const mail = await composeMail(deps, row, kind, messageId);
  if (!mail) {
    await deps.db.update(emailMessages).set({ status: "skipped" }).where(eq(emailMessages.id, messageId));
    return "skipped";
  }

  await deps.db
    .update(emailMessages)
    .set({ attempts: sql`${emailMessages.attempts} + 1` })
    .where(eq(emailMessages.id, messageId));
  try {
    const { messageId: providerMessageId } = await deps.sender.send(mail);
    await deps.db
      .update(emailMessages)
      .set({ status: "sent", sentAt: new Date(), providerMessageId, lastError: null })
      .where(eq(emailMessages.id, messageId));
    return "sent";
  } catch (error) {
    // The job retries with backoff; the row shows the operator why.
    await deps.db
      .update(emailMessages)
      .set({ lastError: String(error).slice(0, 500) })
      .where(eq(emailMessages.id, messageId));
    throw error;
  }
}

async function composeMail(
  deps: EmailDeps,
  row: StoredMessage,
  kind: { id: EmailKindId; args: string[] },
  messageId: string,
): Promise<OutgoingMail | undefined> {
  const parent =
    row.userId !== null && row.token !== null && row.purchasePath !== null && row.isForbiddenToMailing !== null
      ? {
          userId: row.userId,
          token: row.token,
          locale: isLocale(row.locale ?? "") ? (row.locale as Locale) : "en",
          kidName: row.kidName,
          countryCode: row.countryCode,
          topics: row.topics ?? [],
          purchasePath: row.purchasePath,
          isForbiddenToMailing: row.isForbiddenToMailing,
        }
      : undefined;
  // A parent who stopped allowing marketing mail since it was queued is not sent it.
  if (emailClassOf[kind.id] === "marketing" && parent?.isForbiddenToMailing) return undefined;
  const track = (target: string) =>
    trackedLink({ appUrl: deps.appUrl, secret: deps.accessLinkSecret, messageId, target });
  return composers[kind.id]({ ...deps, track }, { recipient: row.recipient, args: kind.args, parent });
}

/** A queued row whose kind nobody registered: refused and reported, never sent as some other email. */
class UnknownEmailKind extends Error {
  constructor(kind: string) {
    super(`unknown email kind: ${kind.slice(0, 80)}`);
    this.name = "UnknownEmailKind";
  }
}

/**
 * Writes an email to the parent's own address inside the caller's transaction (the outbox), once
 * per kind; answers its id, to enqueue once committed, or undefined when the parent has no
 * address or it was written before.
 */
export async function writeParentEmail(
  tx: Transaction,
  input: { userId: string; kind: string },
): Promise<string | undefined> {
  const [parent] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!parent?.email) return undefined;
  const [message] = await tx
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
export async function queueOrderEmail(
  tx: Transaction,
  order: { orderId: string; userId: string },
  kind: "receipt" | "payment-failed",
): Promise<string | undefined> {
  const [user] = await tx
    .select({ email: users.email, refundReason: orders.refundReason })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.orderId, order.orderId));
  // A charge the product refunds by itself (a duplicate) is no purchase to confirm.
  if (!user?.email || user.refundReason) return undefined;
  const [message] = await tx
    .insert(emailMessages)
    .values({ userId: order.userId, kind: emailKind(kind, order.orderId), recipient: user.email })
    .onConflictDoNothing()
    .returning({ id: emailMessages.id });
  return message?.id;
}

/** Queued emails older than a few minutes whose job may have been lost. */
export async function requeueStaleEmails(db: Database, queue: EmailQueue, olderThanMinutes = 5): Promise<number> {
  const stale = await db
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.status, "queued"),
        lt(emailMessages.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
        lt(emailMessages.attempts, retry.retryLimit + 1),
      ),
    )
    .limit(500);
  for (const { id } of stale) await enqueueEmail(queue, id);
  return stale.length;
}

/** The email queues, so a web process can enqueue before any worker has started. */
export async function createEmailQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(sendJob, { policy: "stately" });
  await boss.createQueue(sweepJob, { policy: "singleton" });
}

/** Creates the queues and starts delivering; the sweep runs every five minutes. */
export async function startEmailWorker(boss: PgBoss, deps: EmailDeps): Promise<void> {
  await createEmailQueues(boss);
  const delivery = eachJobInBursts<{ messageId: string }>((data) => deliverEmail(deps, data.messageId));
  await boss.work(sendJob, delivery.options, delivery.handler);
  await boss.work(sweepJob, async () => {
    await requeueStaleEmails(deps.db, boss);
  });
  await boss.schedule(sweepJob, "*/5 * * * *");
}
