import type { DbHandle } from "@kinderready/db/open-db";
import { emailMessages, ledgerEntries, orders, subscriptions } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { gatewaySimulatorOrders } from "@kinderready/gateway-simulator/simulator-schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BillingTestbed, openBillingTestbed } from "../../test/billing-testbed.server.ts";
import { openMailTestbed } from "../../test/mail-testbed.server.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { hasAccess } from "../subscriptions/subscription-state.ts";
import type { PaymentDeps } from "./orders.server.ts";
import { getPaymentWithAnotherCard, startPaymentWithAnotherCard } from "./pay-with-another-card.server.ts";
import { withPaymentEmails } from "./payment-emails.server.ts";
import { cancelAtPeriodEnd, runDueRenewals, settleSubscriptionOrder } from "./subscription-billing.server.ts";

// A renewal the card on file declined, paid with another card typed on the simulator's hosted
// page over loopback HTTP, under a clock the tests move: the period is charged once whoever pays
// it (the parent or the retry job), the new card is charged from then on, and a card declined
// on the page is the parent's try, not a dunning retry.

const day = 24 * 60 * 60 * 1000;
const start = new Date("2026-11-22T10:00:00Z");
let clock = start;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** Approved first, then every merchant-initiated charge declines with insufficient funds (3.02). */
const failingCard = "4000000000013021";
const goodCard = "4067429974719265";
const declinedCard = "4553815318053315";

describe.each(testDatabases())("paying with another card on $name", (target) => {
  let database: DbHandle;
  let testbed: BillingTestbed;
  let deps: PaymentDeps;
  let mailbed: ReturnType<typeof openMailTestbed>;

  beforeAll(async () => {
    testbed = await openBillingTestbed(target, () => clock);
    database = testbed.database;
    mailbed = openMailTestbed(database.db, () => clock);
    deps = {
      ...testbed.payments,
      onSettled: withPaymentEmails(settleSubscriptionOrder({ now: () => clock }), mailbed.emails, mailbed.mail.errors),
    };
  }, 60_000);
  afterAll(async () => {
    await testbed.close();
  });
  beforeEach(() => {
    clock = start;
  });

  const current = async (userId: string) => {
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!row) throw new Error("no subscription");
    return row;
  };
  const kinds = async (userId: string) =>
    (await database.db.select().from(emailMessages).where(eq(emailMessages.userId, userId))).map(
      (message) => message.kind.split(":")[0],
    );
  const charges = async (userId: string) =>
    database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.type, "charge")));

  /** Subscribed on `failingCard`, its first renewal declined: past due, retried in 3 days. */
  async function pastDue() {
    const user = await insertTestParent(database.db);
    await testbed.subscribe(user.id, failingCard);
    advance(3 * day);
    await runDueRenewals(deps);
    const subscription = await current(user.id);
    expect(subscription).toMatchObject({ status: "past_due", failedRenewals: 1 });
    return { user, subscription };
  }

  const returnUrl = "https://kinderready.test/profile/subscription/";
  const openPage = (userId: string) =>
    startPaymentWithAnotherCard(deps, { userId, locale: "en", returnUrl, payingSession: "a".repeat(64) });

  /** The parent types `card` on the hosted page and submits it, as a browser without scripts would. */
  async function payOnPage(url: string, card: string) {
    const response = await fetch(url, {
      method: "POST",
      body: new URLSearchParams({ method: "card", number: card, expiry: "12/30", cvv: "123" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    return new URL(response.headers.get("location") ?? "");
  }

  it("pays the overdue renewal once, keeps the new card for the next ones, and a decline on the page is no retry", async () => {
    const { user, subscription } = await pastDue();
    const retryAt = subscription.nextAttemptAt;

    const declined = await openPage(user.id);
    expect(new URL(declined.redirectUrl).pathname).toMatch(/^\/pay\//);
    const back = await payOnPage(declined.redirectUrl, declinedCard);
    expect(back.searchParams.get("order_id")).toBe(declined.orderId);
    expect(await getPaymentWithAnotherCard(deps, { userId: user.id, orderId: declined.orderId })).toEqual({
      status: "declined",
      errorCode: "0.01",
    });
    // The parent's own try: the retries keep their date and count, and no payment-failed email.
    const afterDecline = await current(user.id);
    expect(afterDecline).toMatchObject({ status: "past_due", failedRenewals: 1, cardUpdateDeclines: 1 });
    expect(afterDecline.nextAttemptAt).toEqual(retryAt);
    expect(hasAccess(afterDecline, clock)).toBe(true);
    // (The first payment's receipt is the testbed's, written without the email hook.)
    expect(await kinds(user.id)).toEqual(["payment-failed"]);

    const paid = await openPage(user.id);
    expect(paid.orderId).not.toBe(declined.orderId);
    await payOnPage(paid.redirectUrl, goodCard);
    expect(await getPaymentWithAnotherCard(deps, { userId: user.id, orderId: paid.orderId })).toEqual({
      status: "approved",
      errorCode: null,
    });
    const renewed = await current(user.id);
    expect(renewed).toMatchObject({ status: "active", failedRenewals: 0, cardUpdateDeclines: 0 });
    // The period runs on from where the declined one ended, not from today.
    expect(renewed.currentPeriodEnd.toISOString()).toBe("2026-12-25T10:00:00.000Z");
    expect(renewed.cardToken).not.toBe(subscription.cardToken);
    expect(await kinds(user.id)).toEqual(["payment-failed", "receipt"]);

    // The next renewal charges the card typed on the page, which pays.
    clock = renewed.currentPeriodEnd;
    await runDueRenewals(deps);
    expect(await current(user.id)).toMatchObject({ status: "active", failedRenewals: 0 });
    expect((await current(user.id)).currentPeriodEnd.toISOString()).toBe("2027-01-24T10:00:00.000Z");
    expect(await charges(user.id)).toHaveLength(3);
    expect(await kinds(user.id)).toEqual(["payment-failed", "receipt", "receipt"]);
  });

  it("holds the retries for an hour once the page is open", async () => {
    const { user } = await pastDue();
    advance(3 * day - 30 * 60_000);
    await openPage(user.id);
    expect((await current(user.id)).nextAttemptAt).toEqual(new Date(clock.getTime() + 60 * 60_000));
    advance(45 * 60_000);
    await runDueRenewals(deps);
    expect(await current(user.id)).toMatchObject({ status: "past_due", failedRenewals: 1 });
  });

  it("charges the period once when the retry job reaches the order the parent has just paid on the page", async () => {
    const { user } = await pastDue();
    const page = await openPage(user.id);
    await payOnPage(page.redirectUrl, goodCard);
    // Nothing has told the product yet (no webhook, the parent has not come back) when the retry is due.
    advance(3 * day);
    await runDueRenewals(deps);
    expect(await current(user.id)).toMatchObject({ status: "active", failedRenewals: 0 });
    const atGateway = await database.db
      .select()
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, page.orderId));
    expect(atGateway.map((order) => order.kind)).toEqual(["payment-page"]);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderId, page.orderId));
    expect(order?.status).toBe("approved");
    expect(await charges(user.id)).toHaveLength(2);
  });

  it("renews an expired subscription with another card for a period from today", async () => {
    const user = await insertTestParent(database.db);
    await testbed.subscribe(user.id, failingCard);
    await cancelAtPeriodEnd(database, { userId: user.id, reason: "high_price", now: clock, channel: "profile" });
    advance(10 * day);
    await runDueRenewals(deps);
    const expired = await current(user.id);
    expect(expired.status).toBe("expired");

    const page = await openPage(user.id);
    await payOnPage(page.redirectUrl, goodCard);
    expect((await getPaymentWithAnotherCard(deps, { userId: user.id, orderId: page.orderId })).status).toBe("approved");
    const renewed = await current(user.id);
    expect(renewed.status).toBe("active");
    expect(renewed.currentPeriodEnd.getTime()).toBe(clock.getTime() + 30 * day);
    expect(renewed.cardToken).not.toBe(expired.cardToken);
  });

  it("is refused while nothing is overdue, and another parent's order is unknown", async () => {
    const user = await insertTestParent(database.db);
    await testbed.subscribe(user.id, goodCard);
    await expect(openPage(user.id)).rejects.toMatchObject({ code: "conflict", field: "subscription" });
    const { user: other } = await pastDue();
    const page = await openPage(other.id);
    await expect(getPaymentWithAnotherCard(deps, { userId: user.id, orderId: page.orderId })).rejects.toMatchObject({
      code: "not-found",
    });
  });
});
