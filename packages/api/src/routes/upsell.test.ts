import type { DbHandle } from "@kinderready/db/open-db";
import { conversionEvents, ledgerEntries, orders, subscriptions } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import {
  buyUpsell,
  decideUpsellOffer,
  getUpsellDisplayMode,
  getUpsellOffer,
  getUpsellStatus,
  startUpsellCheckout,
} from "@kinderready/domain/upsell/upsell.server";
import { startLoopbackGateway } from "@kinderready/gateway-simulator/loopback-gateway";
import { gatewaySimulatorOrders } from "@kinderready/gateway-simulator/simulator-schema";
import { and, count, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, payFirstPayment, testApiKey, testServices } from "../../test/test-api.ts";

// One-click upsells through the API and the simulator over loopback HTTP: prices are the
// server's, one charge however often it is asked for, and nobody sees another parent's order.

const headers = { "x-api-key": testApiKey };
const clock = new Date("2026-11-22T10:00:00Z");

describe.each(testDatabases())("upsells on $name", (target) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let loopback: Awaited<ReturnType<typeof startLoopbackGateway>>;
  let services: ReturnType<typeof testServices>;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    loopback = await startLoopbackGateway({ database, now: () => clock });
    const jobs = { send: async () => null };
    services = testServices(database.db, jobs, loopback.gateway, () => clock);
    app = await buildTestApi(database, services);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await loopback.close();
    await database.close();
  });

  const post = (url: string, payload: object) => app.inject({ method: "POST", url, headers, payload });

  /** A parent who paid the first payment with `card` on the hosted page. */
  async function payingParent(card = "4067429974719265", country = "us") {
    const parent = await insertTestParent(database.db);
    expect(await payFirstPayment(app, parent.token, card, country)).toBe("approved");
    return parent;
  }

  const upsell = (parent: { token: string; email: string | null }, overrides: object = {}) =>
    post("/api/v1/solid/upsale", {
      email: parent.email,
      product: "kinderready",
      amount: 1499,
      currency: "USD",
      recurring_type: "upsale",
      user_token: parent.token,
      ...overrides,
    });
  const status = async (token: string, orderId: string) =>
    (await post("/api/v1/solid/upsale/status", { order_id: orderId, user_token: token })).json();

  it("charges the add-on packs on the stored card and records the conversion once", async () => {
    const parent = await payingParent();
    const bought = await upsell(parent);
    expect(bought.statusCode).toBe(200);
    const { order_id } = bought.json();
    expect(await status(parent.token, order_id)).toEqual({ status: "approved", error_code: null });
    const charges = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order_id));
    expect(charges.map((entry) => [entry.type, entry.amount, entry.currency])).toEqual([["charge", 1499, "USD"]]);

    // Bought: not again.
    expect((await upsell(parent)).statusCode).toBe(409);
    const trigger = () =>
      post("/api/v1/conversion/trigger-upsale", { user_token: parent.token, product: "kinderready" });
    expect((await trigger()).json()).toEqual({ recorded: true });
    expect((await trigger()).json()).toEqual({ recorded: false });
    const events = await database.db.select().from(conversionEvents).where(eq(conversionEvents.orderId, order_id));
    expect(events).toMatchObject([{ event: "upsale", amount: 1499, currency: "USD" }]);
  });

  it("sells the discount price only after a no, thanks, and lifetime access ends renewals", async () => {
    const parent = await payingParent("4067429974719265", "gb");
    const decide = (decision: string) =>
      post("/api/v1/solid/upsale/decision", { user_token: parent.token, product: "kinderready", decision });
    // The browser cannot choose the discount: before the parent declined, 4.99 is not the price.
    const early = await upsell(parent, { amount: 499, currency: "gbp" });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain("not the current price");
    expect((await decide("declined")).json()).toEqual({ stage: "discount" });
    expect((await upsell(parent, { amount: 1499, currency: "gbp" })).statusCode).toBe(400);
    const discount = await upsell(parent, { amount: 499, currency: "gbp" });
    expect(await status(parent.token, discount.json().order_id)).toMatchObject({ status: "approved" });
    const lifetime = await upsell(parent, { amount: 2999, currency: "GBP", recurring_type: "lifetime" });
    expect(await status(parent.token, lifetime.json().order_id)).toMatchObject({ status: "approved" });
    const [subscription] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, parent.id));
    expect(subscription).toMatchObject({ status: "lifetime", nextAttemptAt: null });
    // The API names a price: the variant recorded is the one that price belongs to.
    const sold = await database.db.select().from(orders).where(eq(orders.userId, parent.id));
    expect(sold.map((order) => [order.purpose, order.upsellVariant]).sort()).toEqual([
      ["lifetime", "initial"],
      ["subscription", null],
      ["upsale", "catchy"],
    ]);
  });

  it("rejects a tampered amount or currency, naming the field, and charges nothing", async () => {
    const parent = await payingParent();
    for (const [overrides, field] of [
      [{ amount: 1 }, "body.amount"],
      [{ amount: 2999 }, "body.amount"],
      [{ currency: "EUR" }, "body.currency"],
      [{ currency: "XYZ" }, "body.currency"],
      [{ amount: "14.99" }, "body.amount"],
      [{ email: "someone-else@example.com" }, "body.email"],
      [{ recurring_type: "everything" }, "body.recurring_type"],
    ] as const) {
      const refused = await upsell(parent, overrides);
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json().message).toContain(field);
    }
    const [made] = await database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, parent.id), inArray(orders.purpose, ["upsale", "lifetime"])));
    expect(made?.n).toBe(0);
  });

  it("charges once when the same upsell is requested 20 times at once", async () => {
    const parent = await payingParent();
    const answers = await Promise.all(Array.from({ length: 20 }, () => upsell(parent)));
    const ids = new Set(answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().order_id));
    expect(ids.size).toBe(1);
    // Some may arrive after the charge settled: those are told it is bought already.
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    const [orderId] = [...ids];
    const charged = await database.db
      .select({ n: count() })
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, orderId ?? ""));
    expect(charged[0]?.n).toBe(1);
    const [made] = await database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, parent.id), eq(orders.purpose, "upsale")));
    expect(made?.n).toBe(1);
  });

  it("reports insufficient funds on the renewal-failure card, and a later attempt is a new order", async () => {
    const parent = await payingParent("4000000000013021");
    const first = (await upsell(parent)).json();
    expect(await status(parent.token, first.order_id)).toEqual({ status: "declined", error_code: "3.02" });
    const second = (await upsell(parent)).json();
    expect(second.order_id).not.toBe(first.order_id);
  });

  it("refuses an upsell before the first payment, and never shows another parent's order", async () => {
    const stranger = await insertTestParent(database.db);
    const refused = await upsell(stranger);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("first payment");

    const owner = await payingParent();
    const { order_id } = (await upsell(owner)).json();
    const peek = await post("/api/v1/solid/upsale/status", { order_id, user_token: stranger.token });
    expect(peek.statusCode).toBe(404);
    expect(JSON.stringify(peek.json())).not.toContain("approved");
    expect((await post("/api/v1/paypal/upsale", {})).statusCode).toBe(400);
    const nothing = await post("/api/v1/conversion/trigger-upsale", {
      user_token: stranger.token,
      product: "kinderready",
    });
    expect(nothing.statusCode).toBe(404);
  });

  it("offers the pages the prices in the first payment's currency, and buys at the catalogue's price", async () => {
    const parent = await payingParent("4067429974719265", "de");
    const input = { userToken: parent.token };
    const offer = await getUpsellOffer(services.payments, input);
    expect(offer).toMatchObject({
      owned: [],
      stage: "initial",
      plans: {
        initial: { price: 14.99, oldPrice: 30, discount: 50, currency: "€", product_name: "upsale_14.99_€" },
        catchy: { price: 4.99, oldPrice: 30, product_name: "upsale_discount_4.99_€" },
        lifetime: { price: 29.99, oldPrice: 59.99, discount: 50, product_name: "lifetime_29.99_€" },
      },
    });
    const buy = (shown: "initial" | "catchy") =>
      buyUpsell(services.payments, {
        userToken: parent.token,
        recurringType: "upsale",
        shown,
        countryCode: "us",
        immediateAccessConsent: false,
      });
    // The page showed the discount the server never offered: refused, nothing charged.
    await expect(buy("catchy")).rejects.toThrow("the parent saw the catchy price, the offer is at initial");
    expect(await decideUpsellOffer(services.payments, { ...input, decision: "declined" })).toBe("discount");
    expect((await getUpsellOffer(services.payments, input))?.stage).toBe("discount");
    // Two tabs: a second "no" keeps the discount, a stale tab showing the usual price is refused.
    expect(await decideUpsellOffer(services.payments, { ...input, decision: "declined" })).toBe("discount");
    await expect(buy("initial")).rejects.toThrow("the parent saw the initial price, the offer is at catchy");
    const { orderId } = await buy("catchy");
    const [order] = await database.db.select().from(orders).where(eq(orders.orderId, orderId));
    // Sold under the display mode and the price on screen, for the take rate by mode and price.
    expect(order).toMatchObject({
      amount: 499,
      currency: "EUR",
      status: "approved",
      upsellMode: "POPUP",
      upsellVariant: "catchy",
    });
    // Closing the discount ends it: the usual price again, never the discount.
    expect(await decideUpsellOffer(services.payments, { ...input, decision: "discount-closed" })).toBe("ended");
    expect(await decideUpsellOffer(services.payments, { ...input, decision: "declined" })).toBe("ended");
    const after = await getUpsellOffer(services.payments, { userToken: parent.token });
    expect(after?.owned).toEqual(["upsale"]);
    // Nothing to offer before the first payment.
    const newcomer = await insertTestParent(database.db);
    expect(await getUpsellOffer(services.payments, { userToken: newcomer.token })).toBeUndefined();
  });

  it("lets the operator switch the display mode, and validates it", async () => {
    expect(await getUpsellDisplayMode({ db: database.db })).toBe("POPUP");
    const put = (mode: string) =>
      app.inject({ method: "PUT", url: "/api/v1/upsale/display-mode", headers, payload: { mode } });
    expect((await put("TABS")).json()).toEqual({ mode: "TABS" });
    expect(await getUpsellDisplayMode({ db: database.db })).toBe("TABS");
    const bad = await put("BANNER");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("body.mode");
    await put("POPUP");
  });

  it("lets the parent pay an upsell on the hosted page when the bank wants them present", async () => {
    const parent = await payingParent();
    const input = { userToken: parent.token, recurringType: "lifetime" as const };
    const session = {
      ...input,
      shown: "initial" as const,
      locale: "en" as const,
      countryCode: "us",
      immediateAccessConsent: false,
    };
    const returnUrl = "https://kit.example/printables/?token=abc";
    const started = await startUpsellCheckout(services.payments, { ...session, returnUrl });
    expect(started.redirectUrl).toMatch(`${loopback.publicUrl}/pay/`);
    // The hosted page names what is bought in words, not by the catalogue's product code.
    expect(await (await fetch(started.redirectUrl)).text()).toContain('<p class="order">KinderReady lifetime access: ');
    // Asked again before paying: the same order and page, not a second one.
    expect((await startUpsellCheckout(services.payments, { ...session, returnUrl })).orderId).toBe(started.orderId);
    const paid = await fetch(started.redirectUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ method: "card", number: "4067429974719265", expiry: "12/30", cvv: "123" }),
      redirect: "manual",
    });
    expect(paid.headers.get("location")).toBe(`${returnUrl}&order_id=${started.orderId}`);
    const result = await getUpsellStatus(services.payments, { userToken: parent.token, orderId: started.orderId });
    // What was taken comes back too, for the browser pixel to report as the server does.
    expect(result).toEqual({
      status: "approved",
      errorCode: null,
      paid: { amount: expect.any(Number), currency: expect.any(String) },
    });
    const [subscription] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, parent.id));
    expect(subscription?.status).toBe("lifetime");
    await expect(startUpsellCheckout(services.payments, { ...session, returnUrl })).rejects.toThrow("Already bought");
  });
});
