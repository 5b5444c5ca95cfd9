import type { Database, Transaction } from "@kinderready/db/open-db";
import { emailMessages, orders, pricePlans, users } from "@kinderready/db/schema";
import { eachJobInBursts } from "@kinderready/db/start-jobs";
import { isLocale, type Locale, localizePath } from "@kinderready/i18n/locales";
import { itemTitle } from "@kinderready/kit/item-text.server";
import { previewItems } from "@kinderready/kit/kit-preview";
import { paperFor, type RenderRequest } from "@kinderready/kit/render.server";
import { and, eq, lt, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { ErrorReporter } from "../error-reporting/error-reporter.ts";
import { accessCode, accessLinkKindPrefix, accessLinkMinutes } from "./access-code.server.ts";
import { renderAccessLinkEmail } from "./account-emails.server.ts";
import type { MailAttachment, MailSender, OutgoingMail } from "./mail.ts";
import { operatorLinkKindPrefix, renderOperatorLinkEmail } from "./operator-sign-in-email.server.ts";
import { renderReceiptEmail } from "./receipt-email.server.ts";
import { renderReviewRequestEmail, reviewPageUrl, reviewRequestKind } from "./review-request-email.server.ts";
import { renderSupportRequestMail, supportKindPrefix } from "./support-request-email.server.ts";
import { renderWelcomeEmail } from "./welcome-email.server.ts";

/**
 * Email is a transactional outbox: the row in `email_messages` is written with the lead, and a
 * pg-boss job delivers it. A sweep re-queues rows whose job was lost (a crash between the commit
 * and the enqueue), so no email is dropped and, as the row records delivery, none is sent twice.
 */
const sendJob = "email-send";
const sweepJob = "email-sweep";
const retry = { retryLimit: 6, retryDelay: 30, retryBackoff: true } as const;

export type EmailQueue = Pick<PgBoss, "send">;

export type EmailDeps = {
  db: Database;
  sender: MailSender;
  appUrl: string;
  supportEmail: string;
  /** Signs the code in sign-in links, the parents' and (through a key derived from it) operators'. */
  accessLinkSecret: string;
  /** Draws a kit page as a PDF (on the render threads, off the event loop). */
  renderPdf: (request: RenderRequest) => Promise<Buffer>;
  errors: ErrorReporter;
};

export async function enqueueEmail(queue: EmailQueue, messageId: string): Promise<void> {
  await queue.send(sendJob, { messageId }, { singletonKey: messageId, ...retry });
}

/** Sends one queued email. Returns "skipped" when it was already sent or no longer exists. */
export async function deliverEmail(deps: EmailDeps, messageId: string): Promise<"sent" | "skipped"> {
  const [row] = await deps.db
    .select({
      status: emailMessages.status,
      kind: emailMessages.kind,
      recipient: emailMessages.recipient,
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
  if (!row || row.status === "sent") return "skipped";

  const mail = await composeMail(deps, row);
  if (!mail) return "skipped";

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
  row: {
    kind: string;
    recipient: string;
    token: string | null;
    locale: string | null;
    kidName: string | null;
    countryCode: string | null;
    topics: string[] | null;
    purchasePath: string | null;
    isForbiddenToMailing: boolean | null;
  },
): Promise<OutgoingMail | undefined> {
  if (row.kind.startsWith(supportKindPrefix)) {
    return renderSupportRequestMail(deps.db, row.kind.slice(supportKindPrefix.length), row.recipient);
  }
  if (row.kind.startsWith(operatorLinkKindPrefix)) {
    return renderOperatorLinkEmail({ kind: row.kind, to: row.recipient, ...deps });
  }
  // Every other email is to a parent, about their account.
  if (row.token === null || row.purchasePath === null || row.isForbiddenToMailing === null) return undefined;
  const parent = {
    ...row,
    token: row.token,
    purchasePath: row.purchasePath,
    isForbiddenToMailing: row.isForbiddenToMailing,
    topics: row.topics ?? [],
    locale: isLocale(row.locale ?? "") ? (row.locale as Locale) : "en",
  };
  if (row.kind.startsWith(receiptKindPrefix)) {
    return receiptMail(deps, { ...parent, orderId: row.kind.slice(receiptKindPrefix.length) });
  }
  if (row.kind.startsWith(accessLinkKindPrefix)) {
    return accessLinkMail(deps, { ...parent, linkId: row.kind.slice(accessLinkKindPrefix.length) });
  }
  if (row.kind === reviewRequestKind) {
    // A parent who stopped allowing mail since the request was queued is not asked.
    if (parent.isForbiddenToMailing) return undefined;
    return renderReviewRequestEmail({
      locale: parent.locale,
      to: parent.recipient,
      kidName: parent.kidName,
      reviewUrl: reviewPageUrl(deps.appUrl, parent.locale, parent.token),
      supportEmail: deps.supportEmail,
    });
  }
  return welcomeMail(deps, parent);
}

type MessageRow = {
  recipient: string;
  token: string;
  locale: Locale;
  kidName: string | null;
  countryCode: string | null;
  topics: string[];
  purchasePath: string;
  isForbiddenToMailing: boolean;
};

async function welcomeMail(deps: EmailDeps, row: MessageRow): Promise<OutgoingMail> {
  const confirmUrl = new URL(localizePath(row.purchasePath, row.locale), deps.appUrl);
  confirmUrl.search = new URLSearchParams({
    email: row.recipient,
    token: row.token,
    isForbiddenToMailing: String(row.isForbiddenToMailing),
  }).toString();
  return renderWelcomeEmail({
    locale: row.locale,
    to: row.recipient,
    kidName: row.kidName ?? "",
    confirmUrl: confirmUrl.toString(),
    supportEmail: deps.supportEmail,
    firstPage: await firstPageFor(deps, row),
  });
}

/**
 * The child's first personalised worksheet, the one the offer leads its previews with, on the
 * paper of the parent's country. A page that cannot be drawn is reported and left out: the
 * confirmation link matters more than the gift, and a retry would draw the same page.
 */
async function firstPageFor(deps: EmailDeps, row: MessageRow): Promise<MailAttachment | undefined> {
  const childName = row.kidName?.trim();
  const [item] = previewItems(row.topics, 1);
  if (!childName || !item) return undefined;
  try {
    const content = await deps.renderPdf({
      document: { kind: "item", id: item.id },
      locale: row.locale,
      paper: paperFor(row.countryCode),
      childName,
      title: itemTitle(item, row.locale),
    });
    return { filename: `kinderready-${item.id}-${row.locale}.pdf`, contentType: "application/pdf", content };
  } catch (error) {
    deps.errors.report(error, { msg: "welcome email: first worksheet not drawn" });
    return undefined;
  }
}

function accessLinkMail(deps: EmailDeps, row: MessageRow & { linkId: string }): OutgoingMail {
  const signInUrl = new URL(localizePath("/profile/", row.locale), deps.appUrl);
  signInUrl.searchParams.set("access", accessCode(deps.accessLinkSecret, row.linkId));
  return renderAccessLinkEmail({
    locale: row.locale,
    to: row.recipient,
    signInUrl: signInUrl.toString(),
    minutes: accessLinkMinutes,
    supportEmail: deps.supportEmail,
  });
}

async function receiptMail(deps: EmailDeps, row: MessageRow & { orderId: string }): Promise<OutgoingMail | undefined> {
  const [found] = await deps.db
    .select({ order: orders, plan: pricePlans })
    .from(orders)
    .innerJoin(pricePlans, eq(pricePlans.id, orders.pricePlanId))
    .where(eq(orders.orderId, row.orderId));
  if (!found) return undefined;
  const { order, plan } = found;
  const profileUrl = new URL(localizePath("/profile/", row.locale), deps.appUrl);
  profileUrl.searchParams.set("token", row.token);
  return renderReceiptEmail({
    locale: row.locale,
    to: row.recipient,
    orderId: order.orderId,
    amount: order.amount,
    currency: order.currency,
    paidAt: order.fulfilledAt ?? order.updatedAt,
    subscription:
      plan.kind === "subscription"
        ? {
            trialDays: order.purpose === "subscription" ? plan.trialDays : null,
            renewalAmount: plan.renewalAmount ?? plan.amount,
            periodDays: plan.periodDays ?? 30,
          }
        : undefined,
    profileUrl: profileUrl.toString(),
    supportEmail: deps.supportEmail,
  });
}

export const receiptKindPrefix = "receipt:";

/**
 * Writes the receipt for an approved order inside the transaction that records the approval
 * (one per order: the kind carries the order id) and answers its id, to enqueue once committed.
 * Not enqueued here: pg-boss may look its queue up on its own connection, which on PGlite (one
 * connection) waits for this transaction and never returns. A crash before the enqueue leaves
 * the row to the sweep.
 */
export async function queueReceipt(
  tx: Transaction,
  order: { orderId: string; userId: string },
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
    .values({ userId: order.userId, kind: `${receiptKindPrefix}${order.orderId}`, recipient: user.email })
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
