import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { conversionEvents, ledgerEntries, orders, parentSessions, subscriptions } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { startLoopbackGateway } from "@kinderready/gateway-simulator/loopback-gateway";
import { gatewaySimulatorOrders } from "@kinderready/gateway-simulator/simulator-schema";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import { createMailSender } from "../adapters/mail-sender.server.ts";
import { insertOrderEmail } from "../email/email-message-queries.server.ts";
import { createSplitConfig } from "../experiments/split-config.server.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { eraseParentData } from "../profile/erase-parent-data.server.ts";
import { sessionDigest, startParentSession } from "../profile/parent-sessions.server.ts";
import { type CheckoutDeps, getCheckoutResult, startCheckout } from "./checkout.server.ts";
import { applyOrderUpdate, reconcileOrders } from "./orders.server.ts";
import { GatewayUnavailableError } from "./payment-gateway.ts";
import { settleSubscriptionOrder } from "./subscription-billing.server.ts";

// What a first payment may buy is decided when it settles, not only when checkout starts: a
// parent who opened two payment pages (in two currencies, or either side of the countdown) and
// paid both keeps one subscription, and the second charge is refunded by itself, recorded, with
// no receipt and no conversion for the ad platforms; an intro price paid on a page kept open
// past its countdown is refunded the same way.

describe.each(testDatabases())("what a first payment buys when it settles, on $name", (target) => {
  let database: DbHandle;
  let loopback: Awaited<ReturnType<typeof startLoopbackGateway>>;
  let deps: CheckoutDeps;
  let clock = new Date();
  const now = () => clock;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    loopback = await startLoopbackGateway({ database, now });
    deps = {
      db: database.db,
      gateway: loopback.gateway,
      gatewayName: "simulator",
      now,
      onSettled: settleSubscriptionOrder({ now }),
      splits: createSplitConfig({ db: database.db, log: createLogger({ level: "warn" }), groupKey: "test-key" }),
    };
  }, 60_000);
  afterAll(async () => {
    await loopback.close();
    await database.close();
  });

  /** A payment page for the parent as the offer in `countryCode` opens it (from a device signed in with `sessionId`). */
  const openPage = (token: string, countryCode: string, locale: "en" | "de", sessionId?: string) =>
    startCheckout(deps, {
      userToken: token,
      flow: "main",
      offerTimeoutSeconds: 600,
      countryCode,
      immediateAccessConsent: true,
      locale,
      returnUrl: `http://kit.test/purchase/?token=${token}`,
      payingSession: sessionId ? async () => sessionDigest(sessionId) : undefined,
    });
  /** Pays on the simulator's hosted page with the approved test card. */
  const pay = (redirectUrl: string) =>
    fetch(redirectUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ method: "card", number: "4067429974719265", expiry: "12/30", cvv: "123" }),
      redirect: "manual",
    });

  it("keeps one subscription in the first currency and refunds the second payment at once", async () => {
    const parent = await insertTestParent(database.db);
    const dollars = await openPage(parent.token, "US", "en");
    const euros = await openPage(parent.token, "DE", "de");
    expect(euros.orderId).not.toBe(dollars.orderId);
    await pay(dollars.redirectUrl);
    await pay(euros.redirectUrl);

    const first = await getCheckoutResult(deps, { orderId: dollars.orderId, userToken: parent.token });
    const second = await getCheckoutResult(deps, { orderId: euros.orderId, userToken: parent.token });
    expect(first.status).toBe("approved");
    expect(second).toEqual({ status: "duplicate", errorCode: null });

    const kept = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, parent.id));
    expect(kept).toEqual([expect.objectContaining({ currency: "USD" })]);
    const [refunded] = await database.db.select().from(orders).where(eq(orders.orderId, euros.orderId));
    expect(refunded).toMatchObject({ status: "refunded", refundReason: "duplicate", currency: "EUR" });
    const [atGateway] = await database.db
      .select({ status: gatewaySimulatorOrders.status })
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, euros.orderId));
    expect(atGateway?.status).toBe("refunded");

    const ledger = await database.db
      .select({ type: ledgerEntries.type, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, euros.orderId))
      .orderBy(asc(ledgerEntries.createdAt));
    expect(ledger.map((entry) => entry.type)).toEqual(["charge", "duplicate_charge", "refund"]);
    const conversions = await database.db
      .select({ orderId: conversionEvents.orderId })
      .from(conversionEvents)
      .where(eq(conversionEvents.userId, parent.id));
    expect(conversions).toEqual([{ orderId: dollars.orderId }]);
    // No receipt for a charge the product refunds by itself.
    await database.db.transaction(async (tx) => {
      expect(await insertOrderEmail(tx, { orderId: euros.orderId, userId: parent.id }, "receipt")).toBeUndefined();
    });
  });

  it("verifies the device that paid the kept charge, never the one whose charge was refunded", async () => {
    const parent = await insertTestParent(database.db);
    const sessions = { db: database.db, now };
    const phone = await startParentSession(sessions, { userId: parent.id, verified: false });
    const laptop = await startParentSession(sessions, { userId: parent.id, verified: false });
    const kept = await openPage(parent.token, "US", "en", phone.id);
    const duplicate = await openPage(parent.token, "DE", "de", laptop.id);
    await pay(kept.redirectUrl);
    await pay(duplicate.redirectUrl);
    await getCheckoutResult(deps, { orderId: kept.orderId, userToken: parent.token });
    expect((await getCheckoutResult(deps, { orderId: duplicate.orderId, userToken: parent.token })).status).toBe(
      "duplicate",
    );

    const verified = async (id: string) => {
      const [row] = await database.db
        .select({ verifiedAt: parentSessions.verifiedAt })
        .from(parentSessions)
        .where(eq(parentSessions.idHash, sessionDigest(id)));
      return row?.verifiedAt != null;
    };
    expect(await verified(phone.id)).toBe(true);
    expect(await verified(laptop.id)).toBe(false);
  });

  it("refunds a payment that settles after the parent erased their data, and starts nothing", async () => {
    const parent = await insertTestParent(database.db);
    const page = await openPage(parent.token, "US", "en");
    const sender = createMailSender({ from: "KinderReady <hello@example.com>", db: database.db });
    await eraseParentData({ db: database.db, sender, supportEmail: "help@example.com", now }, { token: parent.token });
    await pay(page.redirectUrl);
    // The gateway's word on it (a webhook, or reconciliation asking): the parent's link no longer opens it.
    await applyOrderUpdate(deps, await deps.gateway.orderStatus(page.orderId));

    const [order] = await database.db.select().from(orders).where(eq(orders.orderId, page.orderId));
    expect(order).toMatchObject({ status: "refunded", refundReason: "erased" });
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.userId, parent.id))).toEqual([]);
    const conversions = await database.db.select().from(conversionEvents).where(eq(conversionEvents.userId, parent.id));
    expect(conversions).toEqual([]);
  });

  it("refunds it from reconciliation when the gateway did not answer the first time", async () => {
    const parent = await insertTestParent(database.db);
    const first = await openPage(parent.token, "US", "en");
    const second = await openPage(parent.token, "GB", "en");
    await pay(first.redirectUrl);
    await getCheckoutResult(deps, { orderId: first.orderId, userToken: parent.token });
    await pay(second.redirectUrl);
    const unreachable = {
      ...deps,
      gateway: {
        ...deps.gateway,
        refund: async () => {
          throw new GatewayUnavailableError("the gateway timed out");
        },
      },
    };
    expect((await getCheckoutResult(unreachable, { orderId: second.orderId, userToken: parent.token })).status).toBe(
      "duplicate",
    );
    const [owed] = await database.db.select().from(orders).where(eq(orders.orderId, second.orderId));
    expect(owed).toMatchObject({ status: "approved", refundReason: "duplicate" });

    await reconcileOrders(deps);
    const [done] = await database.db.select().from(orders).where(eq(orders.orderId, second.orderId));
    expect(done?.status).toBe("refunded");
    const kept = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, parent.id));
    expect(kept).toEqual([expect.objectContaining({ currency: "USD" })]);
  });

  it("refunds an intro price paid on a page kept open past its countdown, and keeps one paid in time", async () => {
    const minute = 60_000;
    const late = await insertTestParent(database.db);
    clock = new Date();
    const page = await openPage(late.token, "US", "en");
    // The countdown (600 s) and its grace pass, and the minutes a payment may take: then paid.
    clock = new Date(clock.getTime() + 10 * minute + 10_000 + 5 * minute + 1_000);
    await pay(page.redirectUrl);
    expect(await getCheckoutResult(deps, { orderId: page.orderId, userToken: late.token })).toEqual({
      status: "offer_ended",
      errorCode: null,
    });
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.userId, late.id))).toEqual([]);
    const [refunded] = await database.db.select().from(orders).where(eq(orders.orderId, page.orderId));
    expect(refunded).toMatchObject({ status: "refunded", refundReason: "offer_ended" });

    const inTime = await insertTestParent(database.db);
    clock = new Date();
    const kept = await openPage(inTime.token, "US", "en");
    // Typed a minute after the countdown: the payment was under way when the price held.
    clock = new Date(clock.getTime() + 11 * minute);
    await pay(kept.redirectUrl);
    expect((await getCheckoutResult(deps, { orderId: kept.orderId, userToken: inTime.token })).status).toBe("approved");
    clock = new Date();
  });
});
