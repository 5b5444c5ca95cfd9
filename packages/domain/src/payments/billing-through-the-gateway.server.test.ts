import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { DbHandle } from "@kinderready/db/open-db";
import { entitlements, ledgerEntries, orders, subscriptions } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { issueCardToken } from "@kinderready/gateway-simulator/simulator-plugin";
import { gatewaySimulatorOrders } from "@kinderready/gateway-simulator/simulator-schema";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BillingTestbed, openBillingTestbed } from "../../test/billing-testbed.server.ts";
import { seededPlan } from "../../test/price-plans.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { createSolidgateGateway } from "../adapters/solidgate-gateway.server.ts";
import { hasAccess } from "../subscriptions/subscription-state.ts";
import { applyOrderUpdate, chargeStoredCard, ensureOrder, type PaymentDeps, reconcileOrders } from "./orders.server.ts";
import {
  cancelAtPeriodEnd,
  renewExpiredSubscription,
  restoreSubscription,
  runDueRenewals,
} from "./subscription-billing.server.ts";

// Money rules and subscription billing, against the simulator over loopback HTTP, with a clock
// the tests move: trial end, renewal, dunning, hard declines, cancellation, double charges,
// duplicate and out-of-order gateway reports.

const day = 24 * 60 * 60 * 1000;
let clock = new Date("2026-11-22T10:00:00Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe.each(testDatabases())("billing on $name", (target) => {
  let database: DbHandle;
  let testbed: BillingTestbed;
  let deps: PaymentDeps;

  beforeAll(async () => {
    testbed = await openBillingTestbed(target, () => clock);
    ({ database, payments: deps } = testbed);
  }, 60_000);
  afterAll(async () => {
    await testbed.close();
  });
  beforeEach(() => {
    clock = new Date("2026-11-22T10:00:00Z");
  });

  const newParent = () => insertTestParent(database.db);

  const plan = (kind: string, variant = "initial") => seededPlan(database.db, kind, { variant });

  /** The first payment, approved through the hosted form: what its status or webhook reports. */
  async function subscribe(card: string) {
    const user = await newParent();
    await testbed.subscribe(user.id, card);
    const subscription = await current(user.id);
    return { user, subscription };
  }

  /** Subscribed with `card`, cancelled at once, and expired ten days later. */
  async function expiredSubscription(card: string) {
    const subscribed = await subscribe(card);
    await cancelAtPeriodEnd(database, {
      userId: subscribed.user.id,
      reason: "high_price",
      now: clock,
      channel: "profile",
    });
    advance(10 * day);
    await runDueRenewals(deps);
    return subscribed;
  }

  const current = async (userId: string) => {
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!row) throw new Error("no subscription");
    return row;
  };
  const ledgerOf = async (userId: string) =>
    (await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).map((e) => e.type);

  it("starts a 3-day trial, then renews every 30 days on the stored card", async () => {
    const { user, subscription } = await subscribe("4067429974719265");
    expect(subscription).toMatchObject({ status: "trialing", renewalAmount: 2999, currency: "USD" });
    expect(subscription.trialEndsAt?.toISOString()).toBe("2026-11-25T10:00:00.000Z");

    advance(3 * day - 60_000);
    await runDueRenewals(deps);
    expect((await current(user.id)).status).toBe("trialing");

    advance(60_000);
    await runDueRenewals(deps);
    const renewed = await current(user.id);
    expect(renewed).toMatchObject({ status: "active", failedRenewals: 0 });
    expect(renewed.currentPeriodEnd.toISOString()).toBe("2026-12-25T10:00:00.000Z");

    advance(30 * day);
    await runDueRenewals(deps);
    expect((await current(user.id)).currentPeriodEnd.toISOString()).toBe("2027-01-24T10:00:00.000Z");
    expect(await ledgerOf(user.id)).toEqual([
      "charge",
      "state_change",
      "charge",
      "state_change",
      "charge",
      "state_change",
    ]);
  });

  it("retries soft declines after 3 and 5 days, then expires after the third failure", async () => {
    const { user } = await subscribe("4000000000013021");
    advance(3 * day);
    await runDueRenewals(deps);
    const first = await current(user.id);
    expect(first).toMatchObject({ status: "past_due", failedRenewals: 1 });
    expect(hasAccess(first, clock)).toBe(true);

    advance(3 * day - 60_000);
    await runDueRenewals(deps);
    expect((await current(user.id)).failedRenewals).toBe(1);
    advance(60_000);
    await runDueRenewals(deps);
    expect(await current(user.id)).toMatchObject({ status: "past_due", failedRenewals: 2 });

    advance(5 * day);
    await runDueRenewals(deps);
    const expired = await current(user.id);
    expect(expired).toMatchObject({ status: "expired", failedRenewals: 3, nextAttemptAt: null });
    expect(hasAccess(expired, clock)).toBe(false);
    const attempts = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.purpose, "renewal")));
    expect(attempts.map((o) => [o.status, o.errorCode])).toEqual([
      ["declined", "3.02"],
      ["declined", "3.02"],
      ["declined", "3.02"],
    ]);
  });

  it("never retries a hard decline", async () => {
    const { user } = await subscribe("4000000000003014");
    advance(3 * day);
    await runDueRenewals(deps);
    expect(await current(user.id)).toMatchObject({ status: "expired", failedRenewals: 1 });
  });

  it("cancelled at least 24 h before the trial ends: no charge, access until the trial ends, then expired", async () => {
    const { user } = await subscribe("4067429974719265");
    advance(2 * day - 60_000);
    const { subscription: cancelled } = await cancelAtPeriodEnd(database, {
      userId: user.id,
      reason: "high_price",
      now: clock,
      channel: "profile",
    });
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "high_price" });
    advance(day);
    await runDueRenewals(deps);
    expect(hasAccess(await current(user.id), clock)).toBe(true);
    advance(60_000);
    await runDueRenewals(deps);
    expect((await current(user.id)).status).toBe("expired");
    const renewals = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.purpose, "renewal")));
    expect(renewals).toEqual([]);
  });

  it("restores a cancelled subscription before it ends: renewals resume on the same date", async () => {
    const { user, subscription } = await subscribe("4067429974719265");
    advance(day);
    await cancelAtPeriodEnd(database, {
      userId: user.id,
      reason: "other",
      comment: "Moving",
      now: clock,
      channel: "profile",
    });
    expect(await current(user.id)).toMatchObject({ cancelReason: "other", cancelComment: "Moving" });
    const restored = await restoreSubscription(database, { userId: user.id, now: clock });
    expect(restored).toMatchObject({ status: "trialing", cancelledAt: null, cancelComment: null });
    expect(restored.nextAttemptAt).toEqual(subscription.currentPeriodEnd);
    advance(2 * day);
    await runDueRenewals(deps);
    expect((await current(user.id)).status).toBe("active");
  });

  it("cannot restore a subscription whose period has ended", async () => {
    const { user } = await subscribe("4067429974719265");
    await cancelAtPeriodEnd(database, {
      userId: user.id,
      reason: "high_price",
      now: clock,
      channel: "profile",
    });
    advance(3 * day);
    await runDueRenewals(deps);
    await expect(restoreSubscription(database, { userId: user.id, now: clock })).rejects.toThrow(
      "Cannot restore subscription",
    );
  });

  it("renews an expired subscription with one charge now, for a period from today", async () => {
    const { user } = await expiredSubscription("4067429974719265");
    // A parent's impatient clicks: however they interleave, one order and one charge. A click
    // that finds the charge still in flight answers "processing" with the same order.
    const results = await Promise.all(
      Array.from({ length: 8 }, () => renewExpiredSubscription(deps, { userId: user.id })),
    );
    const first = results.find((result) => result.status === "approved");
    expect(first).toMatchObject({ status: "approved", purpose: "reactivation", amount: 2999 });
    for (const result of results) {
      expect(result.orderId).toBe(first?.orderId);
      expect(["approved", "processing"]).toContain(result.status);
    }
    const renewed = await current(user.id);
    expect(renewed).toMatchObject({ status: "active", cancelledAt: null });
    expect(renewed.currentPeriodEnd).toEqual(new Date(clock.getTime() + 30 * day));
    // A repeat that arrives after the renewal settled (a double click) gets that renewal back…
    const repeated = await renewExpiredSubscription(deps, { userId: user.id });
    expect(repeated.orderId).toBe(first?.orderId);
    // …and later there is nothing to renew.
    advance(60_000);
    await expect(renewExpiredSubscription(deps, { userId: user.id })).rejects.toThrow("Cannot restore subscription");
  });

  it("a request that still saw the ended period gets the renewal just charged for it, not a second charge", async () => {
    const { user } = await expiredSubscription("4067429974719265");
    const ended = await current(user.id);
    const first = await renewExpiredSubscription(deps, { userId: user.id });
    expect(first.status).toBe("approved");
    // The slower of two clicks read the subscription before the first renewal landed: the same
    // view, as its next queries run after the first order settled.
    await database.db
      .update(subscriptions)
      .set({ status: ended.status, currentPeriodEnd: ended.currentPeriodEnd })
      .where(eq(subscriptions.id, ended.id));
    const second = await renewExpiredSubscription(deps, { userId: user.id });
    expect(second.orderId).toBe(first.orderId);
    const charges = await database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.purpose, "reactivation")));
    expect(charges[0]?.n).toBe(1);
  });

  it("a declined renewal from the profile leaves it expired, and the next try is a new order", async () => {
    const { user } = await expiredSubscription("4000000000013021");
    const declined = await renewExpiredSubscription(deps, { userId: user.id });
    expect(declined).toMatchObject({ status: "declined", errorCode: "3.02" });
    expect((await current(user.id)).status).toBe("expired");
    advance(60_000);
    const retried = await renewExpiredSubscription(deps, { userId: user.id });
    expect(retried.orderId).not.toBe(declined.orderId);
  });

  it("charges once when the same charge is requested 20 times at once", async () => {
    const user = await newParent();
    const packs = await plan("upsale");
    const cardToken = await issueCardToken(database.db, "4067429974719265");
    const attempt = async () => {
      const order = await ensureOrder(database, {
        userId: user.id,
        purpose: "upsale",
        idempotencyKey: "upsell:add_ons_all",
        plan: packs,
        amount: packs.amount,
        gatewayName: "simulator",
      });
      return chargeStoredCard(deps, order, { cardToken, description: "Add-on packs" });
    };
    const results = await Promise.all(Array.from({ length: 20 }, attempt));
    const orderIds = new Set(results.map((order) => order.orderId));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds];
    const [atGateway] = await database.db
      .select({ n: count() })
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, orderId ?? ""));
    expect(atGateway?.n).toBe(1);
    // Pressing the button again later returns the settled order, still without a new charge.
    const again = await attempt();
    expect(again.status).toBe("approved");
    expect((await ledgerOf(user.id)).filter((type) => type === "charge")).toHaveLength(1);
  });

  it("fulfils once when the gateway reports the same order three times, out of order", async () => {
    const user = await newParent();
    const lifetime = await plan("lifetime");
    const order = await ensureOrder(database, {
      userId: user.id,
      purpose: "lifetime",
      idempotencyKey: "lifetime",
      plan: lifetime,
      amount: lifetime.amount,
      gatewayName: "simulator",
    });
    const report = (status: "approved" | "processing") => ({
      orderId: order.orderId,
      status,
      amount: order.amount,
      currency: "USD",
    });
    await applyOrderUpdate(deps, report("approved"));
    await applyOrderUpdate(deps, report("processing"));
    await Promise.all([applyOrderUpdate(deps, report("approved")), applyOrderUpdate(deps, report("approved"))]);
    const [stored] = await database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(stored?.status).toBe("approved");
    const granted = await database.db.select().from(entitlements).where(eq(entitlements.orderId, order.orderId));
    expect(granted).toHaveLength(1);
    expect((await ledgerOf(user.id)).filter((type) => type === "charge")).toHaveLength(1);
  });

  it("fulfils an order the gateway first reports as settled, as if it had reported the approval", async () => {
    const user = await newParent();
    const lifetime = await plan("lifetime");
    const order = await ensureOrder(database, {
      userId: user.id,
      purpose: "lifetime",
      idempotencyKey: "lifetime:settled",
      plan: lifetime,
      amount: lifetime.amount,
      gatewayName: "simulator",
    });
    const report = (status: "settle_ok" | "approved") => ({
      orderId: order.orderId,
      status,
      amount: order.amount,
      currency: "USD",
    });
    // The approval's webhook was lost; the settlement's arrives first, then the approval late.
    await applyOrderUpdate(deps, report("settle_ok"));
    await applyOrderUpdate(deps, report("approved"));
    const [stored] = await database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(stored?.status).toBe("approved");
    const granted = await database.db.select().from(entitlements).where(eq(entitlements.orderId, order.orderId));
    expect(granted).toHaveLength(1);
    expect((await ledgerOf(user.id)).filter((type) => type === "charge")).toHaveLength(1);
  });

  it("reconciles an order left processing once the gateway has settled it", async () => {
    const user = await newParent();
    const packs = await plan("upsale");
    const order = await ensureOrder(database, {
      userId: user.id,
      purpose: "upsale",
      idempotencyKey: "upsell:reconcile",
      plan: packs,
      amount: packs.amount,
      gatewayName: "simulator",
    });
    // The charge reached the gateway, but the answer was lost (time-out, crash).
    await testbed.loopback.gateway.chargeRecurring({
      orderId: order.orderId,
      amount: order.amount,
      currency: "USD",
      description: "Add-on packs",
      recurringToken: await issueCardToken(database.db, "4067429974719265"),
    });
    await database.db
      .update(orders)
      .set({ status: "processing", updatedAt: clock })
      .where(eq(orders.orderId, order.orderId));
    advance(60_000);
    expect(await reconcileOrders(deps)).toBeGreaterThanOrEqual(1);
    const [settled] = await database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(settled?.status).toBe("approved");
    expect(await database.db.select().from(entitlements).where(eq(entitlements.orderId, order.orderId))).toHaveLength(
      1,
    );
  });

  /** An upsell order for a new parent, and a card token to charge it on. */
  async function upsellOrder(key: string) {
    const user = await newParent();
    const packs = await plan("upsale");
    const order = await ensureOrder(database, {
      userId: user.id,
      purpose: "upsale",
      idempotencyKey: key,
      plan: packs,
      amount: packs.amount,
      gatewayName: "simulator",
    });
    return { user, order, cardToken: await issueCardToken(database.db, "4067429974719265") };
  }

  const chargesAt = async (orderId: string) =>
    (await database.db.select().from(gatewaySimulatorOrders).where(eq(gatewaySimulatorOrders.orderId, orderId))).length;

  it("takes a load balancer's 5xx after the charge for no answer, not a decline, and reconciles it", async () => {
    // In front of the gateway: the call goes through, the answer is replaced by a 504 with a JSON body.
    const proxy = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      await fetch(`${testbed.loopback.payUrl}${request.url?.replace(/^\/api\/v1/, "")}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          merchant: String(request.headers.merchant),
          signature: String(request.headers.signature),
        },
        body: Buffer.concat(chunks),
      });
      response.writeHead(504, { "content-type": "application/json" }).end('{"message":"Endpoint request timed out"}');
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/v1`;
    const behindProxy = {
      ...deps,
      gateway: createSolidgateGateway({ ...testbed.loopback.keys, payUrl: proxyUrl, pageUrl: proxyUrl }),
    };
    try {
      const { user, order, cardToken } = await upsellOrder("upsell:lost-answer");
      const charged = await chargeStoredCard(behindProxy, order, { cardToken, description: "Add-on packs" });
      expect(charged.status).toBe("processing");
      expect(await chargesAt(order.orderId)).toBe(1);
      advance(60_000);
      await reconcileOrders(deps);
      const [settled] = await database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
      expect(settled?.status).toBe("approved");
      expect((await ledgerOf(user.id)).filter((type) => type === "charge")).toHaveLength(1);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it("reopens an order the gateway never received, and charges it once on the next attempt", async () => {
    // Nobody listens on this port: the charge never leaves.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/v1`;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = {
      ...deps,
      gateway: createSolidgateGateway({ ...testbed.loopback.keys, payUrl: deadUrl, pageUrl: deadUrl }),
    };
    const { user, order, cardToken } = await upsellOrder("upsell:never-sent");
    expect((await chargeStoredCard(unreachable, order, { cardToken, description: "Add-on packs" })).status).toBe(
      "processing",
    );
    advance(60_000);
    await reconcileOrders(deps);
    const [reopened] = await database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(reopened?.status).toBe("created");
    expect(await chargesAt(order.orderId)).toBe(0);
    if (!reopened) throw new Error("no order");
    await chargeStoredCard(deps, reopened, { cardToken, description: "Add-on packs" });
    advance(60_000);
    await reconcileOrders(deps);
    const [settled] = await database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(settled?.status).toBe("approved");
    expect(await chargesAt(order.orderId)).toBe(1);
    expect((await ledgerOf(user.id)).filter((type) => type === "charge")).toHaveLength(1);
  });

  it("finds a created order paid while every webhook was lost, as it passes an age checkpoint", async () => {
    const { user, order, cardToken } = await upsellOrder("upsell:paid-unheard");
    const { order: abandoned } = await upsellOrder("upsell:abandoned");
    // Paid at the gateway (as on the hosted page), and nothing of it ever reached the app.
    await testbed.loopback.gateway.chargeRecurring({
      orderId: order.orderId,
      amount: order.amount,
      currency: "USD",
      description: "Add-on packs",
      recurringToken: cardToken,
    });
    const aged = (ms: number) =>
      database.db
        .update(orders)
        .set({ createdAt: new Date(clock.getTime() - ms) })
        .where(inArray(orders.orderId, [order.orderId, abandoned.orderId]));
    const statusOf = async (orderId: string) =>
      (await database.db.select().from(orders).where(eq(orders.orderId, orderId)))[0]?.status;

    await aged(3 * 60_000); // between checkpoints: not asked about
    await reconcileOrders(deps);
    expect(await statusOf(order.orderId)).toBe("created");
    await aged(5 * 60_000 + 10_000); // at the five-minute checkpoint
    await reconcileOrders(deps);
    expect(await statusOf(order.orderId)).toBe("approved");
    expect(await statusOf(abandoned.orderId)).toBe("created");
    expect((await ledgerOf(user.id)).filter((type) => type === "charge")).toHaveLength(1);
  });
});
