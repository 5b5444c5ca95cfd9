import type { DbHandle } from "@kinderready/db/open-db";
import {
  cancellationRequests,
  emailMessages,
  emailOutbox,
  ledgerEntries,
  orders,
  subscriptions,
} from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { issueCardToken } from "@kinderready/gateway-simulator/simulator-plugin";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BillingTestbed, openBillingTestbed } from "../../test/billing-testbed.server.ts";
import { seededPlan } from "../../test/price-plans.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { createOutboxSender } from "../adapters/mail-sender.server.ts";
import { AppError } from "../app-error.ts";
import { deliverEmail, type EmailDeps, type EmailQueue } from "../email/email-queue.server.ts";
import { type CancellationNotice, cancellationNoticeSchema } from "../profile/profile-schema.ts";
import { receiveCancellation } from "../profile/receive-cancellation.server.ts";
import { createRandomToken } from "../random-token.ts";
import { queueReminders } from "../reminders/reminders.server.ts";
import { hasAccess } from "../subscriptions/subscription-state.ts";
import { queueChargeNotices } from "./charge-notices.server.ts";
import { applyOrderUpdate, ensureOrder, type PaymentDeps } from "./orders.server.ts";
import { getPaymentWithAnotherCard, startPaymentWithAnotherCard } from "./pay-with-another-card.server.ts";
import { withPaymentEmails } from "./payment-emails.server.ts";
import { cancelAtPeriodEnd, restoreSubscription, runDueRenewals } from "./subscription-billing.server.ts";

// What a subscriber hears after the sale, under a clock the tests move: the notice before the
// trial's first charge (once, early enough to act on, the charge waiting when it went out late),
// and every cancellation confirmed to the account's own address, whichever way it came in.

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const start = new Date("2026-11-22T10:00:00Z");
let clock = start;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const approvingCard = "4067429974719265";

describe.each(testDatabases())("notices after the sale on $name", (target) => {
  let database: DbHandle;
  let testbed: BillingTestbed;
  let payments: PaymentDeps;
  let mail: EmailDeps;
  const reported: unknown[] = [];
  /** The job queue as the use cases see it: what they enqueued, delivered by the test. */
  const enqueued: string[] = [];
  const emails: EmailQueue = {
    send: (async (_name: string, data: { messageId: string }) => {
      enqueued.push(data.messageId);
      return null;
    }) as EmailQueue["send"],
  };

  beforeAll(async () => {
    testbed = await openBillingTestbed(target, () => clock);
    database = testbed.database;
    mail = {
      db: database.db,
      sender: createOutboxSender({ db: database.db }, "KinderReady <hello@example.com>"),
      appUrl: "https://kinderready.test",
      supportEmail: "help@example.com",
      accessLinkSecret: "a-test-secret-of-enough-length-000000",
      renderPdf: () => Promise.reject(new Error("no page expected")),
      errors: { name: "local", report: (error) => reported.push(error), close: async () => {} },
      now: () => clock,
    };
    // As the server settles orders: receipts and payment-failed emails with each settlement.
    payments = { ...testbed.payments, onSettled: withPaymentEmails(testbed.payments.onSettled, emails, mail.errors) };
  }, 60_000);
  afterAll(async () => {
    await testbed.close();
  });
  beforeEach(() => {
    clock = start;
    enqueued.length = 0;
  });

  /** A parent in a paid trial; addresses are kept in lower case, as the quiz keeps them. */
  async function subscribe(card = approvingCard) {
    const email = `${createRandomToken().toLowerCase()}@example.com`;
    const user = await insertTestParent(database.db, { email });
    await testbed.subscribe(user.id, card);
    return { ...user, email };
  }
  const subscriptionOf = async (userId: string) => {
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!row) throw new Error("no subscription");
    return row;
  };
  const messagesOf = (userId: string) =>
    database.db.select().from(emailMessages).where(eq(emailMessages.userId, userId)).orderBy(emailMessages.createdAt);
  const renewalsOf = (userId: string) =>
    database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.purpose, "renewal")));
  /** Delivers everything enqueued so far; answers the mail that reached `recipient`, oldest first. */
  async function deliveredTo(recipient: string) {
    for (const id of enqueued.splice(0)) await deliverEmail(mail, id);
    return database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, recipient))
      .orderBy(emailOutbox.createdAt);
  }
  /** Runs the notices as the billing job does; answers the notices written for one parent. */
  async function noticesAfterRun(userId: string) {
    await queueChargeNotices({ db: database.db, emails, now: () => clock });
    return (await messagesOf(userId)).filter((m) => /^(trial-ending|renewal-upcoming):/.test(m.kind));
  }
  /** A notice as the cancel page's form posts it, read by the page's schema. */
  const cancelPage = (notice: Partial<CancellationNotice> & { email: string }, clientAddress = "198.51.100.7") =>
    receiveCancellation(
      { db: database.db, emails, now: () => clock },
      { notice: cancellationNoticeSchema.parse({ kind: "ordinary", ...notice }), clientAddress },
    );

  it("sends the notice once, two days and more before the cancel deadline, with the charge and how to cancel", async () => {
    const parent = await subscribe();
    advance(18 * hour - 60_000);
    expect(await noticesAfterRun(parent.id)).toHaveLength(0);
    advance(60_000);
    expect(await noticesAfterRun(parent.id)).toHaveLength(1);
    advance(5 * 60_000);
    expect(await noticesAfterRun(parent.id)).toHaveLength(1);

    const [notice] = (await deliveredTo(parent.email)).filter((m) => m.subject.includes("trial"));
    expect(notice?.subject).toBe("Your trial ends on November 25, 2026: what happens next");
    expect(notice?.text).toContain("$29.99");
    expect(notice?.text).toContain("every 30 days");
    expect(notice?.text).toContain("November 24, 2026");
    expect(notice?.text).toContain("https://kinderready.test/cancel/");
    expect((await subscriptionOf(parent.id)).trialEndsAt?.toISOString()).toBe("2026-11-25T10:00:00.000Z");
  });

  it("moves the first charge on when the notice goes out late, so the parent keeps two days to act", async () => {
    const parent = await subscribe();
    advance(3 * day - hour);
    expect(await noticesAfterRun(parent.id)).toHaveLength(1);
    const moved = await subscriptionOf(parent.id);
    expect(moved.trialEndsAt?.toISOString()).toBe("2026-11-27T09:00:00.000Z");
    expect(moved.nextAttemptAt?.toISOString()).toBe("2026-11-27T09:00:00.000Z");

    advance(2 * hour);
    await runDueRenewals(payments);
    expect(await renewalsOf(parent.id)).toEqual([]);
    expect((await subscriptionOf(parent.id)).status).toBe("trialing");
    // The moved trial end has been noticed: no second notice for it.
    expect(await noticesAfterRun(parent.id)).toHaveLength(1);
    advance(2 * day);
    await runDueRenewals(payments);
    expect((await subscriptionOf(parent.id)).status).toBe("active");
    const ledger = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, parent.id));
    expect(ledger.find((entry) => entry.type === "trial_extended")?.details).toMatchObject({
      from: "2026-11-25T10:00:00.000Z",
      to: "2026-11-27T09:00:00.000Z",
    });
  });

  it("sends the notice before each renewal too, and none before a renewal that will not happen", async () => {
    const parent = await subscribe();
    const leaving = await subscribe();
    advance(3 * day);
    await runDueRenewals(payments);
    // Both paid until December 25; one asks to end on January 10, inside the period after it.
    await cancelPage({ email: leaving.email, end: "date", endDate: "2027-01-10" });
    enqueued.length = 0;
    advance(30 * day - 54 * hour - 60_000);
    expect(await noticesAfterRun(parent.id)).toHaveLength(0);
    advance(60_000);
    expect(await noticesAfterRun(parent.id)).toHaveLength(1);
    expect(await noticesAfterRun(leaving.id)).toHaveLength(1);
    const [notice] = (await deliveredTo(parent.email)).filter((m) => m.subject.includes("next"));
    expect(notice?.subject).toBe("Your next KinderReady payment is on December 25, 2026");
    expect(notice?.text).toContain("On December 25, 2026, KinderReady will charge $29.99 to your card");
    expect(notice?.text).toContain("Cancel before December 24, 2026");

    advance(54 * hour);
    await runDueRenewals(payments);
    advance(30 * day - 54 * hour);
    expect(await noticesAfterRun(parent.id)).toHaveLength(2);
    // Its last period ends on January 24 with no charge: nothing to announce.
    expect(await noticesAfterRun(leaving.id)).toHaveLength(1);
  });

  it("sends no notice for a trial cancelled before it was due, and drops one whose trial was cancelled before it left", async () => {
    const cancelledEarly = await subscribe();
    await cancelAtPeriodEnd(database, {
      userId: cancelledEarly.id,
      reason: "high_price",
      now: clock,
      channel: "profile",
    });
    const cancelledLater = await subscribe();
    advance(18 * hour);
    expect(await noticesAfterRun(cancelledLater.id)).toHaveLength(1);
    expect(await noticesAfterRun(cancelledEarly.id)).toHaveLength(0);
    await cancelAtPeriodEnd(database, {
      userId: cancelledLater.id,
      reason: "other",
      now: clock,
      channel: "profile",
    });
    await deliveredTo("");
    const kinds = (await messagesOf(cancelledLater.id)).map((m) => [m.kind.split(":")[0], m.status]);
    expect(kinds).toContainEqual(["trial-ending", "skipped"]);
    expect(kinds).toContainEqual(["cancellation-confirmed", "queued"]);
  });

  it("tells the parent when a renewal fails: the next try while access goes on, then the end", async () => {
    const parent = await subscribe("4000000000013021");
    const failures = async () =>
      (await deliveredTo(parent.email)).filter((m) => m.subject === "Your KinderReady payment didn't go through");
    advance(3 * day);
    await runDueRenewals(payments);
    const [first] = await failures();
    expect(first?.text).toContain(
      "We couldn't take your payment of $29.99 for your KinderReady subscription on November 25, 2026.",
    );
    expect(first?.text).toContain(
      "We'll try your card again on November 28, 2026, and you keep your printables until then.",
    );
    expect(first?.text).toContain("Write to us at help@example.com");
    advance(3 * day);
    await runDueRenewals(payments);
    advance(5 * day);
    await runDueRenewals(payments);
    const all = await failures();
    expect(all).toHaveLength(3);
    expect(all[2]?.text).toContain("Your subscription has now ended and we won't try your card again.");
  });

  it("confirms a cancellation from the profile with the day access ends", async () => {
    const parent = await subscribe();
    advance(hour);
    const { confirmationId } = await cancelAtPeriodEnd(database, {
      userId: parent.id,
      reason: "unable_to_get_content",
      now: clock,
      channel: "profile",
    });
    expect(await deliverEmail(mail, confirmationId ?? "")).toBe("sent");
    const [confirmation] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, parent.email));
    expect(confirmation?.subject).toBe("Your KinderReady subscription is cancelled");
    expect(confirmation?.text).toContain("November 25, 2026");
    expect(confirmation?.text).toContain("No further payments will be taken");
    expect(confirmation?.text).toContain("Cancelled by mistake? You can keep your subscription");
  });

  it("cancels from the public page without a sign-in, and confirms it to the account's address", async () => {
    const parent = await subscribe();
    advance(3 * day);
    await runDueRenewals(payments);
    advance(day);
    await cancelPage({ email: parent.email.toUpperCase() });
    const cancelled = await subscriptionOf(parent.id);
    expect(cancelled).toMatchObject({ status: "cancelled", cancelAt: null });
    expect(hasAccess(cancelled, clock)).toBe(true);
    const [request] = await database.db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.userId, parent.id));
    expect(request).toMatchObject({ channel: "cancel-page", kind: "ordinary", outcome: "cancelled" });
    expect(request?.endsAt?.toISOString()).toBe("2026-12-25T10:00:00.000Z");
    const [confirmation] = (await deliveredTo(parent.email)).filter((m) => m.subject.includes("is cancelled"));
    expect(confirmation?.text).toContain("December 25, 2026");
  });

  it("answers an address without a subscription the same way, and mails nobody", async () => {
    const stranger = `nobody-${Date.now()}@example.com`;
    expect(await cancelPage({ email: stranger })).toEqual({ receivedAt: clock });
    expect(enqueued).toEqual([]);
    const [request] = await database.db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.email, stranger));
    expect(request).toMatchObject({ outcome: "no-subscription", userId: null });
  });

  it("ends an extraordinary cancellation at once, with its reason kept", async () => {
    const parent = await subscribe();
    advance(3 * day);
    await runDueRenewals(payments);
    await cancelPage({ email: parent.email, kind: "extraordinary", reason: "We moved abroad" });
    const ended = await subscriptionOf(parent.id);
    expect(ended).toMatchObject({ status: "cancelled", cancelComment: "We moved abroad" });
    expect(hasAccess(ended, clock)).toBe(false);
    const [request] = await database.db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.userId, parent.id));
    expect(request).toMatchObject({ kind: "extraordinary", reason: "We moved abroad", outcome: "cancelled" });
  });

  it("keeps renewing until the period holding a later end date is over, unless the parent takes it back", async () => {
    const parent = await subscribe();
    advance(3 * day);
    await runDueRenewals(payments);
    // Paid until December 25; asked to end on January 10, inside the period ending January 24.
    await cancelPage({ email: parent.email, end: "date", endDate: "2027-01-10" });
    expect(await subscriptionOf(parent.id)).toMatchObject({ status: "active" });
    const [request] = await database.db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.userId, parent.id));
    expect(request).toMatchObject({ outcome: "scheduled" });
    expect(request?.endsAt?.toISOString()).toBe("2027-01-24T10:00:00.000Z");

    advance(30 * day);
    await runDueRenewals(payments);
    expect((await subscriptionOf(parent.id)).currentPeriodEnd.toISOString()).toBe("2027-01-24T10:00:00.000Z");
    advance(30 * day);
    await runDueRenewals(payments);
    expect(await subscriptionOf(parent.id)).toMatchObject({ status: "expired" });
    expect(await renewalsOf(parent.id)).toHaveLength(2);

    const keeper = await subscribe();
    advance(day);
    await cancelPage({ email: keeper.email, end: "date", endDate: "2027-03-01" });
    await restoreSubscription(database, { userId: keeper.id, now: clock });
    expect(await subscriptionOf(keeper.id)).toMatchObject({ status: "trialing", cancelAt: null });
  });

  it("refuses an end date already past, naming the field, and a fourth notice for one address within the hour", async () => {
    const parent = await subscribe();
    const refusal = await cancelPage({ email: parent.email, end: "date", endDate: "2026-11-01" }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "invalid", field: "endDate" });

    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      await cancelPage({ email: parent.email }, address);
    }
    await expect(cancelPage({ email: parent.email }, "198.51.100.4")).rejects.toMatchObject({
      code: "rate-limited",
      field: "email",
    });
  });

  it("runs a whole life: notices, charges, a decline paid with another card, a cancellation taken back, the end, a win-back and a return", async () => {
    const parent = await subscribe();
    const subjects = async () => (await deliveredTo(parent.email)).map((m) => m.subject);
    const at = (iso: string) => {
      clock = new Date(iso);
    };
    // The billing job, then the email worker at once, as they run in the product.
    const billingRun = async () => {
      await queueChargeNotices({ db: database.db, emails, now: () => clock });
      await runDueRenewals(payments);
      await deliveredTo(parent.email);
    };
    const giveCard = async (card: string) =>
      database.db
        .update(subscriptions)
        .set({ cardToken: await issueCardToken(database.db, card) })
        .where(eq(subscriptions.userId, parent.id));

    at("2026-11-23T04:00:00Z");
    await billingRun();
    at("2026-11-25T10:00:00Z");
    await billingRun();
    expect(await subscriptionOf(parent.id)).toMatchObject({ status: "active" });
    at("2026-12-23T04:00:00Z");
    await billingRun();
    // The card stops working before the renewal; the parent hears, keeps access, and pays the
    // renewal with another card on the gateway's page, which is charged from then on.
    await giveCard("4000000000013021");
    at("2026-12-25T10:00:00Z");
    await billingRun();
    const declined = await subscriptionOf(parent.id);
    expect(declined).toMatchObject({ status: "past_due", failedRenewals: 1 });
    expect(hasAccess(declined, clock)).toBe(true);
    at("2026-12-25T19:00:00Z");
    const page = await startPaymentWithAnotherCard(payments, {
      userId: parent.id,
      locale: "en",
      returnUrl: "https://kinderready.test/profile/subscription/",
      payingSession: "b".repeat(64),
    });
    const paid = await fetch(page.redirectUrl, {
      method: "POST",
      body: new URLSearchParams({ method: "card", number: approvingCard, expiry: "12/30", cvv: "123" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect((await getPaymentWithAnotherCard(payments, { userId: parent.id, orderId: page.orderId })).status).toBe(
      "approved",
    );
    const recovered = await subscriptionOf(parent.id);
    expect(recovered).toMatchObject({ status: "active", failedRenewals: 0 });
    expect(recovered.cardToken).not.toBe(declined.cardToken);
    // The retry's day comes: nothing is left to charge.
    at("2026-12-28T10:00:00Z");
    await billingRun();
    // Cancelled from the public page, then kept from the profile, then cancelled for good.
    await cancelPage({ email: parent.email });
    await deliveredTo(parent.email);
    await restoreSubscription(database, { userId: parent.id, now: clock });
    const { confirmationId } = await cancelAtPeriodEnd(database, {
      userId: parent.id,
      reason: "other",
      now: clock,
      channel: "profile",
    });
    await deliverEmail(mail, confirmationId ?? "");
    const { currentPeriodEnd } = await subscriptionOf(parent.id);
    clock = new Date(currentPeriodEnd.getTime() - hour);
    await billingRun();
    expect(hasAccess(await subscriptionOf(parent.id), clock)).toBe(true);
    clock = new Date(currentPeriodEnd.getTime() + hour);
    await billingRun();
    expect(await subscriptionOf(parent.id)).toMatchObject({ status: "expired" });
    expect(hasAccess(await subscriptionOf(parent.id), clock)).toBe(false);

    // A week after the kit closed, one win-back (the parent allows mail); they come back and pay.
    clock = new Date(currentPeriodEnd.getTime() + 7 * day + hour);
    await queueReminders({ db: database.db, emails, now: () => clock });
    await queueReminders({ db: database.db, emails, now: () => clock });
    await deliveredTo(parent.email);
    const trial = await seededPlan(database.db, "subscription");
    const again = await ensureOrder(database, {
      userId: parent.id,
      purpose: "subscription",
      idempotencyKey: "subscription:again",
      plan: trial,
      amount: trial.amount,
      gatewayName: "simulator",
    });
    await applyOrderUpdate(payments, {
      orderId: again.orderId,
      status: "approved",
      amount: again.amount,
      currency: again.currency,
      cardToken: await issueCardToken(database.db, approvingCard),
    });
    expect(hasAccess(await subscriptionOf(parent.id), clock)).toBe(true);
    clock = new Date(clock.getTime() + 7 * day);
    await queueReminders({ db: database.db, emails, now: () => clock });

    expect(await subjects()).toEqual([
      "Your trial ends on November 25, 2026: what happens next",
      "Your KinderReady receipt",
      "Your next KinderReady payment is on December 25, 2026",
      "Your KinderReady payment didn't go through",
      "Your KinderReady receipt",
      "Your KinderReady subscription is cancelled",
      "Your KinderReady subscription is cancelled",
      "The next level for your child is waiting",
      "Your KinderReady receipt",
    ]);
    // Each charge once: the renewal, the declined try, and the overdue renewal paid on the page.
    const renewals = await renewalsOf(parent.id);
    expect(renewals.map((order) => order.status)).toEqual(["approved", "declined", "approved"]);
  });

  it("marks an email of a kind it does not know failed, and reports it", async () => {
    const parent = await subscribe();
    const [message] = await database.db
      .insert(emailMessages)
      .values({ userId: parent.id, kind: "newsletter:1", recipient: parent.email })
      .returning({ id: emailMessages.id });
    expect(await deliverEmail(mail, message?.id ?? "")).toBe("skipped");
    const [row] = await database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.id, message?.id ?? ""));
    expect(row).toMatchObject({ status: "failed" });
    expect(reported.at(-1)).toMatchObject({ name: "UnknownEmailKind" });
  });
});
