import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { orders, pricePlans, webhookEvents } from "@kinderready/db/schema";
import { startJobs } from "@kinderready/db/start-jobs";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { ensureOrder, type PaymentDeps } from "./orders.server.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { createPaymentQueues, startPaymentJobs } from "./payment-jobs.server.ts";
import { signBody } from "./solidgate-protocol.ts";
import { receiveWebhook } from "./webhooks.server.ts";

// The webhook worker under a burst: it used to apply one event per worker per 2 s poll, so 60
// events took half a minute and a storm queued for many minutes.

const keys = { publicKey: "wh_pk_jobs_test", secretKey: "wh_sk_jobs_test_000000000000000000" };
// Applying webhooks never calls the gateway.
const unusedGateway = new Proxy({} as PaymentGateway, {
  get: () => () => Promise.reject(new Error("the gateway is not part of this test")),
});

describe.each(testDatabases())("payment jobs on $name", (target) => {
  let database: DbHandle;
  let boss: PgBoss;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    boss = await startJobs(database, { log: createLogger({ level: "warn" }) });
    await createPaymentQueues(boss);
  }, 60_000);
  afterAll(async () => {
    await boss.stop({ graceful: false });
    await database.close();
  });

  it("applies a burst of 60 webhooks within seconds, one bad event fails alone, one for another amount is refused", async () => {
    const deps: PaymentDeps = {
      db: database.db,
      gateway: unusedGateway,
      gatewayName: "simulator",
      now: () => new Date(),
      onSettled: async () => {},
    };
    const [plan] = await database.db
      .select()
      .from(pricePlans)
      .where(and(eq(pricePlans.kind, "upsale"), eq(pricePlans.variant, "initial"), eq(pricePlans.currency, "USD")));
    if (!plan) throw new Error("no upsell plan");
    const orderIds: string[] = [];
    const receive = (body: string, eventId: string) =>
      receiveWebhook(
        { db: database.db, jobs: boss, keys, gatewayName: "simulator" },
        {
          body,
          headers: {
            merchant: keys.publicKey,
            signature: signBody(keys.publicKey, keys.secretKey, body),
            "solidgate-event-id": eventId,
          },
        },
      );
    /** A new parent's unpaid order for the add-on packs. */
    const unpaidOrder = async () => {
      const parent = await insertTestParent(database.db);
      return ensureOrder(database, {
        userId: parent.id,
        purpose: "upsale",
        idempotencyKey: "upsell:0",
        plan,
        amount: plan.amount,
        gatewayName: "simulator",
      });
    };
    for (let i = 0; i < 60; i += 1) {
      const order = await unpaidOrder();
      orderIds.push(order.orderId);
      const body = JSON.stringify({
        order: { order_id: order.orderId, status: "approved", amount: order.amount, currency: "USD" },
      });
      expect(await receive(body, `burst-${i}`)).toBe("accepted");
      if (i === 10) expect(await receive("not json", "burst-bad")).toBe("accepted");
    }
    // Validly signed, for a real order, but for 1 cent: neither a charge nor a refund is believed.
    const unpaid = await unpaidOrder();
    const forged = { order_id: unpaid.orderId, status: "approved", amount: 1, currency: "USD" };
    expect(await receive(JSON.stringify({ order: forged }), "forged-amount")).toBe("accepted");
    const otherCurrency = { ...forged, amount: unpaid.amount, currency: "EUR" };
    expect(await receive(JSON.stringify({ order: otherCurrency }), "forged-currency")).toBe("accepted");

    const reported: string[] = [];
    await startPaymentJobs(boss, deps, {
      name: "local",
      report: (_error, details) => reported.push(String(details.extra?.eventId)),
      close: async () => {},
    });
    const started = Date.now();
    const approved = async () =>
      (await database.db.select().from(orders).where(inArray(orders.orderId, orderIds))).filter(
        (order) => order.status === "approved",
      ).length;
    while ((await approved()) < orderIds.length && Date.now() - started < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await approved()).toBe(orderIds.length);
    const unapplied = await database.db
      .select({ eventId: webhookEvents.eventId })
      .from(webhookEvents)
      .where(isNull(webhookEvents.processedAt));
    expect(unapplied).toEqual([{ eventId: "burst-bad" }]);
    const [untouched] = await database.db.select().from(orders).where(eq(orders.orderId, unpaid.orderId));
    expect(untouched?.status).toBe("created");
    await expect.poll(() => reported.sort()).toEqual(["forged-amount", "forged-currency"]);
  }, 30_000);
});
