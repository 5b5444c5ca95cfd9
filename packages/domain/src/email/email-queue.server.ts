import type { Database, Transaction } from "@kinderready/db/open-db";
import { cancellationRequests, emailMessages, orders, pricePlans, subscriptions, users } from "@kinderready/db/schema";
import { eachJobInBursts } from "@kinderready/db/start-jobs";
import { isLocale, type Locale, localizePath } from "@kinderready/i18n/locales";
import { itemTitle } from "@kinderready/kit/item-text.server";
import { previewItems } from "@kinderready/kit/kit-preview";
import { paperFor, type RenderRequest } from "@kinderready/kit/render.server";
import { and, eq, lt, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { ErrorReporter } from "../error-reporting/error-reporter.ts";
import { soldProduct } from "../product.ts";
import { cancelDeadline } from "../subscriptions/charge-notice.ts";
import { canRestore, renews } from "../subscriptions/subscription-state.ts";
import { accessCode, accessLinkMinutes } from "./access-code.server.ts";
import { renderAccessLinkEmail } from "./account-emails.server.ts";
import { type EmailKindId, emailClassOf, emailKind, parseEmailKind } from "./email-kinds.ts";
import { trackedLink } from "./email-links.server.ts";
import type { MailAttachment, MailSender, OutgoingMail } from "./mail.ts";
import { renderOperatorLinkEmail } from "./operator-sign-in-email.server.ts";
import { renderReceiptEmail } from "./receipt-email.server.ts";
import { renderCheckoutAbandonedEmail, renderWinBackEmail } from "./reminder-emails.server.ts";
import { renderReviewRequestEmail, reviewPageUrl } from "./review-request-email.server.ts";
import {
  renderCancellationConfirmedEmail,
  renderPauseEndingEmail,
  renderPauseStartedEmail,
  renderPaymentFailedEmail,
  renderRenewalUpcomingEmail,
  renderTrialEndingEmail,
} from "./subscription-emails.server.ts";
import { renderSupportRequestMail } from "./support-request-email.server.ts";
import { unsubscribeUrl } from "./unsubscribe.server.ts";
import { renderWelcomeEmail } from "./welcome-email.server.ts";

/** The public cancel page, which works without signing in (the cancel button in every page's footer). */
const cancelPagePath = "/cancel/";

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
  /** What an email says of a subscription (whether it can still be kept) holds at this moment. */
  now: () => Date;
};

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

/** The parent a queued email is about, as the composers read them. */
type ParentRow = {
  userId: string;
  token: string;
  locale: Locale;
  kidName: string | null;
  countryCode: string | null;
  topics: string[];
  purchasePath: string;
  isForbiddenToMailing: boolean;
};
type MessageRow = { recipient: string; args: string[]; parent: ParentRow | undefined };
/** What a composer works with: the worker's dependencies, and this message's counted link to a page. */
type ComposeDeps = EmailDeps & { track: (url: string) => string };
type Composer = (
  deps: ComposeDeps,
  message: MessageRow,
) => Promise<OutgoingMail | undefined> | OutgoingMail | undefined;

/** A composer for a mail to a parent about their account: nothing to send once the parent is gone. */
const toParent =
  (compose: (deps: ComposeDeps, message: MessageRow & { parent: ParentRow }) => ReturnType<Composer>): Composer =>
  (deps, message) =>
    message.parent ? compose(deps, { ...message, parent: message.parent }) : undefined;

/** One composer per kind: adding a kind without its composer does not compile. */
const composers: { [Id in EmailKindId]: Composer } = {
  welcome: toParent(welcomeMail),
  receipt: toParent(receiptMail),
  "access-link": toParent(accessLinkMail),
  "operator-sign-in": (deps, { args, recipient }) => renderOperatorLinkEmail({ args, to: recipient, ...deps }),
  support: (deps, { args, recipient }) => renderSupportRequestMail(deps.db, args[0] ?? "", recipient),
  "review-request": toParent((deps, { parent, recipient }) =>
    renderReviewRequestEmail({
      locale: parent.locale,
      to: recipient,
      kidName: parent.kidName,
      reviewUrl: deps.track(reviewPageUrl(deps.appUrl, parent.locale, parent.token)),
      supportEmail: deps.supportEmail,
      unsubscribeUrl: unsubscribeUrl(deps.appUrl, deps.accessLinkSecret, parent.locale, parent.userId),
    }),
  ),
  "trial-ending": toParent(trialEndingMail),
  "renewal-upcoming": toParent(renewalUpcomingMail),
  "payment-failed": toParent(paymentFailedMail),
  "cancellation-confirmed": toParent(cancellationConfirmedMail),
  "pause-started": toParent(pauseStartedMail),
  "pause-ending": toParent(pauseEndingMail),
  "checkout-abandoned": toParent(checkoutAbandonedMail),
  "win-back": toParent(winBackMail),
};

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

type ParentMessage = MessageRow & { parent: ParentRow };

async function welcomeMail(deps: ComposeDeps, { parent, recipient }: ParentMessage): Promise<OutgoingMail> {
  const confirmUrl = new URL(localizePath(parent.purchasePath, parent.locale), deps.appUrl);
  confirmUrl.search = new URLSearchParams({
    email: recipient,
    token: parent.token,
    isForbiddenToMailing: String(parent.isForbiddenToMailing),
  }).toString();
  return renderWelcomeEmail({
    locale: parent.locale,
    to: recipient,
    kidName: parent.kidName ?? "",
    confirmUrl: deps.track(confirmUrl.toString()),
    supportEmail: deps.supportEmail,
    firstPage: await childPageFor(deps, parent),
  });
}

/**
 * One of the child's personalised worksheets, in the order the offer leads its previews with (the
 * first for the welcome, the next for a reminder), on the paper of the parent's country. A page
 * that cannot be drawn is reported and left out: the link matters more than the gift, and a
 * retry would draw the same page.
 */
async function childPageFor(deps: EmailDeps, parent: ParentRow, index = 0): Promise<MailAttachment | undefined> {
  const childName = parent.kidName?.trim();
  const item = previewItems(parent.topics, index + 1)[index];
  if (!childName || !item) return undefined;
  try {
    const content = await deps.renderPdf({
      document: { kind: "item", id: item.id },
      locale: parent.locale,
      paper: paperFor(parent.countryCode),
      childName,
      title: itemTitle(item, parent.locale),
    });
    return { filename: `kinderready-${item.id}-${parent.locale}.pdf`, contentType: "application/pdf", content };
  } catch (error) {
    deps.errors.report(error, { msg: "email: the child's worksheet not drawn" });
    return undefined;
  }
}

function accessLinkMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage): OutgoingMail {
  const signInUrl = new URL(localizePath("/profile/", parent.locale), deps.appUrl);
  signInUrl.searchParams.set("access", accessCode(deps.accessLinkSecret, args[0] ?? ""));
  return renderAccessLinkEmail({
    locale: parent.locale,
    to: recipient,
    signInUrl: signInUrl.toString(),
    minutes: accessLinkMinutes,
    supportEmail: deps.supportEmail,
  });
}

/** The page a parent's link opens, signed in by their token as every emailed link is. */
/** A page of the parent's, with their token (and `query`), through the message's counted link. */
function parentUrl(deps: ComposeDeps, parent: ParentRow, path: string, query: Record<string, string> = {}): string {
  const url = new URL(localizePath(path, parent.locale), deps.appUrl);
  url.search = new URLSearchParams({ token: parent.token, ...query }).toString();
  return deps.track(url.toString());
}

// Written out in a sentence (how to cancel without signing in), so it stays the plain address.
const cancelPageUrl = (deps: ComposeDeps, locale: Locale) =>
  new URL(localizePath(cancelPagePath, locale), deps.appUrl).toString();

async function subscriptionOf(deps: EmailDeps, userId: string): Promise<typeof subscriptions.$inferSelect | undefined> {
  const [subscription] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, soldProduct)));
  return subscription;
}

async function receiptMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  const [found] = await deps.db
    .select({ order: orders, plan: pricePlans })
    .from(orders)
    .innerJoin(pricePlans, eq(pricePlans.id, orders.pricePlanId))
    .where(eq(orders.orderId, args[0] ?? ""));
  if (!found) return undefined;
  const { order, plan } = found;
  const subscription = plan.kind === "subscription" ? await subscriptionOf(deps, parent.userId) : undefined;
  const renewing = subscription && renews(subscription);
  return renderReceiptEmail({
    locale: parent.locale,
    to: recipient,
    orderId: order.orderId,
    amount: order.amount,
    currency: order.currency,
    paidAt: order.fulfilledAt ?? order.updatedAt,
    immediateAccessConsentAt: order.immediateAccessConsentAt,
    subscription:
      plan.kind === "subscription"
        ? {
            trialDays: order.purpose === "subscription" ? plan.trialDays : null,
            renewalAmount: subscription?.renewalAmount ?? plan.renewalAmount ?? plan.amount,
            periodDays: subscription?.periodDays ?? plan.periodDays ?? 30,
            nextChargeAt: renewing ? subscription.currentPeriodEnd : null,
          }
        : undefined,
    siteHost: new URL(deps.appUrl).host,
    profileUrl: parentUrl(deps, parent, "/profile/"),
    cancelPageUrl: cancelPageUrl(deps, parent.locale),
    supportEmail: deps.supportEmail,
  });
}

/**
 * What a notice before a charge says, while the charge is still to come: the notice's kind
 * carries the moment it was written for. A subscription cancelled, charged or moved meanwhile
 * needs no notice.
 */
async function chargeNotice(
  deps: ComposeDeps,
  { parent, recipient, args }: ParentMessage,
  status: "trialing" | "active" | "paused",
) {
  const subscription = await subscriptionOf(deps, parent.userId);
  const chargeAt = subscription?.currentPeriodEnd;
  if (subscription?.status !== status || String(chargeAt?.getTime()) !== args[1] || !chargeAt) return undefined;
  if (subscription.cancelAt && subscription.cancelAt <= chargeAt) return undefined;
  return {
    pricePlanId: subscription.pricePlanId,
    notice: {
      locale: parent.locale,
      to: recipient,
      terms: subscription,
      chargeAt,
      cancelBy: cancelDeadline(chargeAt),
      siteHost: new URL(deps.appUrl).host,
      subscriptionUrl: parentUrl(deps, parent, "/profile/subscription/"),
      cancelPageUrl: cancelPageUrl(deps, parent.locale),
      supportEmail: deps.supportEmail,
    },
  };
}

async function trialEndingMail(deps: ComposeDeps, message: ParentMessage) {
  const found = await chargeNotice(deps, message, "trialing");
  if (!found) return undefined;
  const [plan] = await deps.db.select().from(pricePlans).where(eq(pricePlans.id, found.pricePlanId));
  return renderTrialEndingEmail({ ...found.notice, trialDays: plan?.trialDays ?? 0 });
}

async function renewalUpcomingMail(deps: ComposeDeps, message: ParentMessage) {
  const found = await chargeNotice(deps, message, "active");
  return found && renderRenewalUpcomingEmail(found.notice);
}

/** A reminder about the plan, while the parent still has not subscribed. */
async function checkoutAbandonedMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  if (await subscriptionOf(deps, parent.userId)) return undefined;
  const number = args[0] === "2" ? 2 : 1;
  return renderCheckoutAbandonedEmail({
    locale: parent.locale,
    to: recipient,
    kidName: parent.kidName,
    number,
    url: parentUrl(deps, parent, parent.purchasePath, { offer: "1" }),
    page: number === 1 ? await childPageFor(deps, parent, 1) : undefined,
    supportEmail: deps.supportEmail,
    unsubscribeUrl: unsubscribeUrl(deps.appUrl, deps.accessLinkSecret, parent.locale, parent.userId),
  });
}

/** The win-back, while the subscription it is about is still over. */
async function winBackMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  const subscription = await subscriptionOf(deps, parent.userId);
  if (!subscription || subscription.id !== args[0] || subscription.status !== "expired") return undefined;
  return renderWinBackEmail({
    locale: parent.locale,
    to: recipient,
    kidName: parent.kidName,
    url: parentUrl(deps, parent, parent.purchasePath),
    supportEmail: deps.supportEmail,
    unsubscribeUrl: unsubscribeUrl(deps.appUrl, deps.accessLinkSecret, parent.locale, parent.userId),
  });
}

async function pauseEndingMail(deps: ComposeDeps, message: ParentMessage) {
  const found = await chargeNotice(deps, message, "paused");
  return found && renderPauseEndingEmail(found.notice);
}

/** The pause as it was set, while it still is: resumed or cancelled since, nothing goes out. */
async function pauseStartedMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  const subscription = await subscriptionOf(deps, parent.userId);
  if (!subscription?.resumesAt || String(subscription.resumesAt.getTime()) !== args[1]) return undefined;
  return renderPauseStartedEmail({
    locale: parent.locale,
    to: recipient,
    terms: subscription,
    // Once begun, the period's end has moved to the resume date: the pause began where it was.
    from: subscription.pauseFrom ?? subscription.currentPeriodEnd,
    resumesAt: subscription.resumesAt,
    siteHost: new URL(deps.appUrl).host,
    subscriptionUrl: parentUrl(deps, parent, "/profile/subscription/"),
    cancelPageUrl: cancelPageUrl(deps, parent.locale),
    supportEmail: deps.supportEmail,
  });
}

/**
 * After a declined renewal: the amount and the day, then the next try (access goes on meanwhile)
 * or the end of the subscription. Nothing once it was paid after all, or cancelled since.
 */
async function paymentFailedMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, args[0] ?? ""), eq(orders.userId, parent.userId)));
  const subscription = await subscriptionOf(deps, parent.userId);
  if (!order || !subscription) return undefined;
  const retryAt = subscription.status === "past_due" ? subscription.nextAttemptAt : null;
  if (!retryAt && subscription.status !== "expired") return undefined;
  return renderPaymentFailedEmail({
    locale: parent.locale,
    to: recipient,
    amount: order.amount,
    currency: order.currency,
    failedAt: order.updatedAt,
    retryAt,
    subscriptionUrl: parentUrl(deps, parent, "/profile/subscription/"),
    supportEmail: deps.supportEmail,
  });
}

async function cancellationConfirmedMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  const [request] = await deps.db
    .select()
    .from(cancellationRequests)
    .where(eq(cancellationRequests.id, args[0] ?? ""));
  const subscription = await subscriptionOf(deps, parent.userId);
  if (!request?.endsAt || !subscription) return undefined;
  return renderCancellationConfirmedEmail({
    locale: parent.locale,
    to: recipient,
    terms: subscription,
    receivedAt: request.receivedAt,
    endsAt: request.endsAt,
    chargedUntilEnd: request.outcome === "scheduled",
    canUndo: canRestore(subscription, deps.now()),
    subscriptionUrl: parentUrl(deps, parent, "/profile/subscription/"),
    supportEmail: deps.supportEmail,
  });
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
