import type { AddressInfo } from "node:net";
import type { DbHandle } from "@kinderready/db/open-db";
import { entitlements, ledgerEntries, offerStates, orders, subscriptions } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { createSolidgateGateway } from "@kinderready/domain/adapters/solidgate-gateway.server";
import { signBody } from "@kinderready/domain/payments/solidgate-protocol";
import { processWebhook } from "@kinderready/domain/payments/webhooks.server";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { startLoopbackGateway } from "@kinderready/gateway-simulator/loopback-gateway";
import { gatewaySimulatorOrders } from "@kinderready/gateway-simulator/simulator-schema";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, testApiKey, testAppUrl, testServices, testWebhookKeys } from "../../test/test-api.ts";

// The first payment end to end: the API, the simulator's hosted page over loopback HTTP, its
// webhooks into the API, and the rules: one order per attempt, one fulfilment, prices by country.

const headers = { "x-api-key": testApiKey };
const clock = new Date("2026-11-22T10:00:00Z");

describe.each(testDatabases())("first payment on $name", (target) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let loopback: Awaited<ReturnType<typeof startLoopbackGateway>>;
  let services: ReturnType<typeof testServices>;
  const queued: string[] = [];
  let webhookUrl = "";

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    loopback = await startLoopbackGateway({
      database,
      now: () => clock,
      webhook: {
        get url() {
          return webhookUrl;
        },
        ...testWebhookKeys,
      },
    });
    const jobs = {
      send: async (...args: unknown[]) => {
        queued.push((args[1] as { eventId: string }).eventId);
        return null;
      },
    };
    services = testServices(database.db, jobs, loopback.gateway, () => clock);
    app = await buildTestApi(database, services);
    await app.listen({ port: 0, host: "127.0.0.1" });
    webhookUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/solid/webhook`;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await loopback.close();
    await database.close();
  });

  const newParent = () => insertTestParent(database.db);

  const checkout = (token: string, overrides: object = {}) =>
    app.inject({
      method: "POST",
      url: "/api/v1/purchase/checkout",
      headers,
      payload: {
        user_token: token,
        product: "kinderready",
        flow: "main",
        country_code: "us",
        locale: "en",
        return_url: `${testAppUrl}/purchase/?token=abc`,
        ...overrides,
      },
    });
  const status = async (token: string, orderId: string) =>
    (
      await app.inject({
        method: "POST",
        url: "/api/v1/purchase/order-status",
        headers,
        payload: { order_id: orderId, user_token: token },
      })
    ).json() as { status: string; error_code: string | null };
  /** Submits the hosted page's form as a browser would. */
  const payOnPage = (pageUrl: string, fields: Record<string, string>) =>
    fetch(pageUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const card = (number: string) => ({ method: "card", number, expiry: "12/30", cvv: "123" });

  it("sends the parent to the hosted page, and an approved card starts the trial once", async () => {
    const parent = await newParent();
    const started = await checkout(parent.token);
    expect(started.statusCode).toBe(200);
    const { order_id, redirect_url } = started.json();
    expect(redirect_url).toMatch(`${loopback.publicUrl}/pay/`);
    const page = await fetch(redirect_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The parent reads the plan's name on the gateway's page, never the catalogue's product code.
    expect(html).toContain('<p class="order">KinderReady kit, 3-day trial: <strong>$1.99</strong></p>');
    expect(html).not.toContain("trial_1.99");

    const paid = await payOnPage(redirect_url, card("4067429974719265"));
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${testAppUrl}/purchase/?token=abc&order_id=${order_id}`);
    // Paying the same page again (a double click, the back button) charges nothing more.
    expect((await payOnPage(redirect_url, card("4067429974719265"))).status).toBe(303);
    const gatewayOrders = await database.db
      .select({ n: count() })
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, order_id));
    expect(gatewayOrders[0]?.n).toBe(1);

    expect(await status(parent.token, order_id)).toEqual({ status: "approved", error_code: null });
    expect(await status(parent.token, order_id)).toEqual({ status: "approved", error_code: null });
    const [subscription] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, parent.id));
    expect(subscription).toMatchObject({ status: "trialing", renewalAmount: 2999, currency: "USD" });
    expect(subscription?.cardToken).toMatch(/^sim_tok_/);
    const charges = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order_id));
    expect(charges.map((entry) => [entry.type, entry.amount])).toEqual([["charge", 199]]);

    const visitor = await app.inject({ url: `/api/v1/onboarding/${parent.token}?product=kinderready`, headers });
    expect(visitor.json()).toMatchObject({
      purchased: true,
      recurring_purchased: true,
      paymentType: "subscription",
      subscriptionStatus: "trialing",
      isSubscriptionExpired: false,
    });

    // Bought already: no second subscription.
    expect((await checkout(parent.token)).statusCode).toBe(409);
  });

  it("makes one order however often the purchase is requested at once", async () => {
    const parent = await newParent();
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(parent.token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.json().order_id)).size).toBe(1);
    const [made] = await database.db.select({ n: count() }).from(orders).where(eq(orders.userId, parent.id));
    expect(made?.n).toBe(1);
  });

  it("prices by country on the server: pounds for GB, euros for DE", async () => {
    for (const [country, currency, amount] of [
      ["gb", "GBP", 199],
      ["de", "EUR", 199],
    ] as const) {
      const parent = await newParent();
      const { order_id } = (await checkout(parent.token, { country_code: country, immediate_access: true })).json();
      const [order] = await database.db.select().from(orders).where(eq(orders.orderId, order_id));
      expect(order).toMatchObject({ currency, amount });
    }
  });

  it("where the right of withdrawal applies, starts no order without the consent to access at once, and records it", async () => {
    const parent = await newParent();
    for (const immediate_access of [undefined, false]) {
      const refused = await checkout(parent.token, { country_code: "fr", immediate_access });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain("immediate_access");
    }
    const before = await database.db.select({ n: count() }).from(orders).where(eq(orders.userId, parent.id));
    expect(before[0]?.n).toBe(0);

    const started = await checkout(parent.token, { country_code: "fr", immediate_access: true });
    expect(started.statusCode).toBe(200);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderId, started.json().order_id));
    expect(order?.immediateAccessConsentAt).toEqual(clock);
    // Elsewhere nothing is waived, so nothing is recorded, whatever the client sends.
    const american = await newParent();
    const { order_id } = (await checkout(american.token, { immediate_access: true })).json();
    const [elsewhere] = await database.db.select().from(orders).where(eq(orders.orderId, order_id));
    expect(elsewhere?.immediateAccessConsentAt).toBeNull();
  });

  it("prices by the parent's countdown, whatever the browser asks for", async () => {
    const offerView = (token: string) =>
      app.inject({
        method: "POST",
        url: "/api/v1/purchase/offer-view",
        headers,
        payload: { user_token: token, product: "kinderready" },
      });
    // Shown for the first time: the whole countdown (the test deployment's 600 s), then the same deadline.
    const parent = await newParent();
    expect((await offerView(parent.token)).json()).toEqual({ seconds_left: 600 });
    expect((await offerView(parent.token)).json()).toEqual({ seconds_left: 600 });
    const early = (await checkout(parent.token, { variant: "expired" })).json();
    const [initial] = await database.db.select().from(orders).where(eq(orders.orderId, early.order_id));
    expect(initial?.amount).toBe(199);

    // The countdown ran out: the expired price, though the browser asks for the discount.
    const late = await newParent();
    await database.db
      .insert(offerStates)
      .values({ userId: late.id, offerDeadlineAt: new Date(clock.getTime() - 60_000) });
    expect((await offerView(late.token)).json()).toEqual({ seconds_left: 0 });
    const { order_id } = (await checkout(late.token, { variant: "initial" })).json();
    const [expired] = await database.db.select().from(orders).where(eq(orders.orderId, order_id));
    expect(expired?.amount).toBe(399);
    expect((await offerView("NoSuchParentToken000001")).statusCode).toBe(404);
  });

  it("reports a decline with its code, and a new attempt is a new order", async () => {
    const parent = await newParent();
    const first = (await checkout(parent.token)).json();
    const declined = await payOnPage(first.redirect_url, card("4000000000003022"));
    expect(declined.status).toBe(303);
    expect(await status(parent.token, first.order_id)).toEqual({ status: "declined", error_code: "3.02" });

    const second = (await checkout(parent.token)).json();
    expect(second.order_id).not.toBe(first.order_id);
    await payOnPage(second.redirect_url, card("4067429974719265"));
    expect((await status(parent.token, second.order_id)).status).toBe("approved");
  });

  it("names the plan on the hosted page in the parent's language", async () => {
    const parent = await newParent();
    const { redirect_url } = (
      await checkout(parent.token, { locale: "de", country_code: "de", immediate_access: true })
    ).json();
    expect(await (await fetch(redirect_url)).text()).toContain(
      '<p class="order">Kita-Startklar-Set von KinderReady, 3-tägige Testphase: <strong>1,99',
    );
  });

  it("takes an expiry date typed or pasted without its slash", async () => {
    const parent = await newParent();
    const { order_id, redirect_url } = (await checkout(parent.token)).json();
    const paid = await payOnPage(redirect_url, { ...card("4067429974719265"), expiry: "1230" });
    expect(paid.status).toBe(303);
    expect((await status(parent.token, order_id)).status).toBe("approved");
  });

  it("checks the card's format on the page before charging anything", async () => {
    const parent = await newParent();
    const { order_id, redirect_url } = (await checkout(parent.token)).json();
    const answer = await payOnPage(redirect_url, {
      method: "card",
      number: "4111 1111 1111 1112",
      expiry: "13/20",
      cvv: "1",
    });
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(3);
    expect(await status(parent.token, order_id)).toEqual({ status: "pending", error_code: null });
  });

  it("does not tell one parent about another parent's order", async () => {
    const owner = await newParent();
    const stranger = await newParent();
    const { order_id } = (await checkout(owner.token)).json();
    const answer = await app.inject({
      method: "POST",
      url: "/api/v1/purchase/order-status",
      headers,
      payload: { order_id, user_token: stranger.token },
    });
    expect(answer.statusCode).toBe(404);
  });

  it("rejects a bad request naming the field, and never takes an amount from the client", async () => {
    const parent = await newParent();
    const answer = await checkout(parent.token, { country_code: "usa" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain("body.country_code");
    const withAmount = await checkout(parent.token, { amount: 1 });
    const [order] = await database.db.select().from(orders).where(eq(orders.orderId, withAmount.json().order_id));
    expect(order?.amount).toBe(199);
  });

  it("sends the parent back only to the product's own site after paying", async () => {
    const parent = await newParent();
    for (const elsewhere of ["https://evil.example/purchase/", "http://app.test.evil.example/", "https://app.test/"]) {
      const answer = await checkout(parent.token, { return_url: elsewhere });
      expect(answer.statusCode, elsewhere).toBe(400);
      expect(answer.json().message).toContain("body.return_url");
    }
    const [made] = await database.db.select({ n: count() }).from(orders).where(eq(orders.userId, parent.id));
    expect(made?.n).toBe(0);
  });

  it("stores webhooks once, and fulfils once whatever the order and number of deliveries", async () => {
    const parent = await newParent();
    const { order_id, redirect_url } = (await checkout(parent.token)).json();
    queued.length = 0;
    await payOnPage(redirect_url, card("4067429974719265"));
    const gatewayAnswer = (status: string) =>
      JSON.stringify({
        order: { order_id, status, amount: 199, currency: "USD" },
        transactions: { [`${order_id}-1`]: { status, card: { card_token: { token: "sim_tok_webhook" } } } },
      });
    const deliver = (
      body: string,
      eventId: string,
      signature = signBody(testWebhookKeys.publicKey, testWebhookKeys.secretKey, body),
    ) =>
      app.inject({
        method: "POST",
        url: "/api/v1/solid/webhook",
        headers: {
          "content-type": "application/json",
          merchant: testWebhookKeys.publicKey,
          signature,
          "solidgate-event-id": eventId,
        },
        payload: body,
      });
    const approved = gatewayAnswer("approved");
    // The approval three times, then the older processing event last.
    for (let i = 0; i < 3; i += 1)
      expect((await deliver(approved, `evt-approved-${order_id}`)).json()).toMatchObject({
        received: true,
        duplicate: i > 0,
      });
    expect((await deliver(gatewayAnswer("processing"), `evt-processing-${order_id}`)).statusCode).toBe(200);
    expect((await deliver(approved, "evt-forged", "not-the-signature")).statusCode).toBe(401);

    const events = queued.filter((id) => id.includes(order_id));
    expect(events).toEqual([`evt-approved-${order_id}`, `evt-processing-${order_id}`]);
    for (const eventId of [...events, ...events]) await processWebhook(services.payments, eventId);

    const [order] = await database.db.select().from(orders).where(eq(orders.orderId, order_id));
    expect(order?.status).toBe("approved");
    const granted = await database.db.select().from(entitlements).where(eq(entitlements.orderId, order_id));
    expect(granted).toHaveLength(1);
    // The synchronous answer after the webhooks changes nothing either.
    expect((await status(parent.token, order_id)).status).toBe("approved");
    const charges = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order_id));
    expect(charges.filter((entry) => entry.type === "charge")).toHaveLength(1);
  });

  it("receives the simulator's own signed webhooks", async () => {
    const parent = await newParent();
    const { order_id, redirect_url } = (await checkout(parent.token)).json();
    queued.length = 0;
    await payOnPage(redirect_url, card("4067429974719265"));
    await expect.poll(() => queued.length, { timeout: 5_000 }).toBeGreaterThan(0);
    for (const eventId of queued) expect(await processWebhook(services.payments, eventId)).not.toBe("done");
    const [order] = await database.db.select().from(orders).where(eq(orders.orderId, order_id));
    expect(order?.status).toMatch(/processing|approved/);
  });

  it("answers 503 with Retry-After while the gateway cannot be reached, and the same order later", async () => {
    const parent = await newParent();
    const reachable = services.payments.gateway;
    // Nothing listens on loopback port 9: every call is refused.
    const nowhere = "http://127.0.0.1:9/api/v1";
    services.payments.gateway = createSolidgateGateway({ ...loopback.keys, payUrl: nowhere, pageUrl: nowhere });
    let refused: Awaited<ReturnType<typeof checkout>>;
    try {
      refused = await checkout(parent.token);
    } finally {
      services.payments.gateway = reachable;
    }
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.json()).toEqual({ message: "Payment gateway temporarily unavailable", statusCode: 503 });
    const again = await checkout(parent.token);
    expect(again.statusCode).toBe(200);
    // One order for the attempt, whether or not the gateway was there the first time.
    const attempts = await database.db.select().from(orders).where(eq(orders.userId, parent.id));
    expect(attempts.map((order) => [order.orderId, order.status])).toEqual([[again.json().order_id, "created"]]);
  });
});
