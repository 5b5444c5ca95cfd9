import { orders, subscriptions } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import {
  findSessionParent,
  sessionDigest,
  startParentSession,
} from "@kinderready/domain/profile/parent-sessions.server";
import { recordFirstPayment } from "@kinderready/domain/test/first-payment.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../../test/route-context.ts";
import { routeServices } from "../../../test/route-services.ts";
import type { PurchaseActionResult } from "../../payments/payment-result.ts";
import type { Route } from "./+types/purchase";
import { handlePurchaseAction, loadPurchase } from "./purchase-route.server.ts";

// A parent whose subscription ran out is offered lifetime access on the purchase page: the
// server names its price in the parent's currency and sells it on the gateway's page, through
// the simulator over loopback HTTP; a parent who never paid cannot start it.

const origin = "http://kit.test";
const config = routeTestConfig(origin);
const approvedCard = "4067429974719265";

describe.each(testDatabases())("lifetime access for an expired subscription on $name", (target) => {
  const suite = routeServices(target);

  const context = () => routeTestContext({ config, services: suite.services, clientAddress: "10.7.0.1" });
  const open = (path: string) =>
    loadPurchase({
      request: new Request(`${origin}${path}`),
      url: new URL(`${origin}${path}`),
      context: context(),
    } as unknown as Route.LoaderArgs);
  async function post(path: string, body: object): Promise<{ status: number; answer: PurchaseActionResult }> {
    const url = new URL(`${origin}${path}`);
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const result = (await handlePurchaseAction({ request, url, context: context() } as unknown as Route.ActionArgs)) as
      | PurchaseActionResult
      | { data: PurchaseActionResult; init: ResponseInit | null };
    return "data" in result && "init" in result
      ? { status: result.init?.status ?? 200, answer: result.data }
      : { status: 200, answer: result as PurchaseActionResult };
  }
  /** A plain HTML form's post (no scripts): the action's answer, a redirect or the page's data. */
  async function postForm(path: string, fields: Record<string, string>, session?: string) {
    const url = new URL(`${origin}${path}`);
    const request = new Request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(session && { cookie: `kr_session=${session}` }),
      },
      body: new URLSearchParams(fields),
    });
    const result = await handlePurchaseAction({ request, url, context: context() } as unknown as Route.ActionArgs);
    if (result instanceof Response) {
      return {
        status: result.status,
        location: result.headers.get("location"),
        cookie: result.headers.get("set-cookie"),
      };
    }
    const answer = result as { data: PurchaseActionResult; init: ResponseInit | null } | PurchaseActionResult;
    return "data" in answer && "init" in answer
      ? { status: answer.init?.status ?? 200, answer: answer.data }
      : { status: 200, answer };
  }
  /** Pays on the simulator's hosted page, as the parent would with the card. */
  async function payOn(redirectUrl: string) {
    await fetch(redirectUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ method: "card", number: approvedCard, expiry: "12/30", cvv: "123" }),
      redirect: "manual",
    });
  }
  const redirectOf = (answer: PurchaseActionResult) => ("redirectUrl" in answer ? answer.redirectUrl : "");

  /** A parent in Germany who paid the first payment, whose subscription then ran out. */
  async function expiredParent() {
    const parent = await insertTestParent(suite.database.db);
    const path = `/purchase/?token=${parent.token}`;
    const started = await post(path, { intent: "checkout", agree: "on", immediate_access: "on" });
    await payOn(redirectOf(started.answer));
    const [order] = await suite.database.db.select().from(orders).where(eq(orders.userId, parent.id));
    expect((await post(path, { intent: "order-status", order_id: order?.orderId })).answer).toMatchObject({
      status: "approved",
    });
    await suite.database.db.update(subscriptions).set({ status: "expired" }).where(eq(subscriptions.userId, parent.id));
    return { ...parent, path };
  }

  it("names lifetime access at the catalogue's price in the parent's currency, and sells it on the payment page", async () => {
    const parent = await expiredParent();
    const page = (await open(parent.path)) as Awaited<ReturnType<typeof loadPurchase>>;
    expect(page.subscriptionExpired).toBe(true);
    expect(page.lifetimePlan).toMatchObject({ price: 29.99, oldPrice: 59.99, currency_code: "EUR" });
    // Every price the page shows comes written by the server, the lifetime one included.
    expect(page.prices).toMatchObject({ "EUR € 29.99": "€29.99", "EUR € 59.99": "€59.99" });
    expect(page.prices[`EUR € ${page.plans.initial.price}`]).toMatch(/^€\d+\.\d\d$/);

    // Bought from Germany: the box asking for access at once is required, and named when missing.
    const unticked = await post(parent.path, { intent: "lifetime-checkout" });
    expect(unticked.status).toBe(400);
    expect(unticked.answer).toMatchObject({ error: { messageKey: "validation.messages.immediateAccess" } });
    const started = await post(parent.path, { intent: "lifetime-checkout", immediate_access: "on" });
    expect(started.status).toBe(200);
    const redirectUrl = redirectOf(started.answer);
    expect(redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const [order] = await suite.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, parent.id), eq(orders.purpose, "lifetime")));
    expect(order).toMatchObject({ amount: 2999, currency: "EUR", status: "created" });
    expect(order?.immediateAccessConsentAt).toBeInstanceOf(Date);

    await payOn(redirectUrl);
    // The gateway sends the parent back to this page, which asks how the payment went.
    const back = `${parent.path}&bought=lifetime&order_id=${order?.orderId}`;
    expect((await post(back, { intent: "order-status", order_id: order?.orderId })).answer).toMatchObject({
      status: "approved",
    });
    const [subscription] = await suite.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, parent.id));
    expect(subscription).toMatchObject({ status: "lifetime", nextAttemptAt: null });
    // Asked again (a second tap, a reload): the order under way, never a second charge.
    const again = await post(parent.path, { intent: "lifetime-checkout", immediate_access: "on" });
    expect(again.status).toBe(409);
  }, 30_000);

  it("names nobody for a token the server never issued, and tells the browser to drop it", async () => {
    const chosen = "AAAAAAAAAAAAAAAAAAAAAA";
    for (const path of [`/purchase/?token=${chosen}&offer=1`, `/offer1/?token=${chosen}&offer=1`]) {
      const page = await open(path);
      expect(page).toMatchObject({ refusedToken: chosen, email: null, offerSecondsLeft: null, kitPreview: null });
    }
    const issued = await insertTestParent(suite.database.db);
    expect(await open(`/purchase/?token=${issued.token}`)).toMatchObject({ refusedToken: null });
  });

  it("signs a device in for a first payment only once the gateway's page is ready, never on a refused checkout", async () => {
    // This device is signed in as one parent, and follows a link of another who already pays.
    const mine = await insertTestParent(suite.database.db);
    const session = await startParentSession(suite.services.account, { userId: mine.id, verified: false });
    const subscribed = await insertTestParent(suite.database.db);
    await recordFirstPayment(suite.services.payments, subscribed.id);
    const refused = await postForm(
      `/purchase/?token=${subscribed.token}`,
      { intent: "checkout", agree: "on", immediate_access: "on" },
      session.id,
    );
    expect(refused.status).toBe(409);
    expect(await findSessionParent(suite.services.account, { sessionId: session.id })).toMatchObject({
      parent: { id: mine.id },
    });
    // A lead's first payment from that link: the device leaves for the page with a new session of
    // the lead's, the one the payment will verify.
    const lead = await insertTestParent(suite.database.db);
    const left = await postForm(
      `/purchase/?token=${lead.token}`,
      { intent: "checkout", agree: "on", immediate_access: "on" },
      session.id,
    );
    expect(left.status).toBe(303);
    const handed = /^kr_session=([^;]+);/.exec(left.cookie ?? "")?.[1] ?? "";
    expect(await findSessionParent(suite.services.account, { sessionId: handed })).toMatchObject({
      parent: { id: lead.id },
      verified: false,
    });
    const [order] = await suite.database.db.select().from(orders).where(eq(orders.userId, lead.id));
    expect(order?.checkoutSessionHash).toBe(sessionDigest(handed));
  });

  it("offers nothing to a parent whose subscription runs, and refuses lifetime to one who never paid", async () => {
    const parent = await insertTestParent(suite.database.db);
    const path = `/purchase/?token=${parent.token}`;
    const page = (await open(path)) as Awaited<ReturnType<typeof loadPurchase>>;
    expect(page.lifetimePlan).toBeNull();
    const refused = await post(path, { intent: "lifetime-checkout", immediate_access: "on" });
    expect(refused.status).toBe(409);
    expect(refused.answer).toEqual({
      intent: "lifetime-checkout",
      error: { messageKey: "upsell.errors.noFirstPayment" },
    });
    expect(await suite.database.db.select().from(orders).where(eq(orders.userId, parent.id))).toEqual([]);
  });

  it("without scripts, the offer's form leaves for the payment page with a redirect once both boxes are ticked", async () => {
    const parent = await insertTestParent(suite.database.db);
    const path = `/ar/purchase/?token=${parent.token}&step=subscription-offer`;
    const refused = await postForm(path, { intent: "checkout" });
    expect(refused).toEqual({
      status: 422,
      answer: {
        intent: "checkout",
        error: { messageKey: "validation.messages.agreeTerms", field: "agree" },
        ticked: { agree: false, immediateAccess: false },
      },
    });
    // In Germany the parent has a right of withdrawal: the terms alone are not enough, and the
    // page it gets back keeps them ticked.
    const terms = await postForm(path, { intent: "checkout", agree: "on" });
    expect(terms).toEqual({
      status: 422,
      answer: {
        intent: "checkout",
        error: { messageKey: "validation.messages.immediateAccess", field: "immediate_access" },
        ticked: { agree: true, immediateAccess: false },
      },
    });
    // The scripts' post is held to the same boxes.
    expect((await post(path, { intent: "checkout", agree: "on" })).status).toBe(422);
    expect(await suite.database.db.select().from(orders).where(eq(orders.userId, parent.id))).toEqual([]);

    const left = await postForm(path, { intent: "checkout", agree: "on", immediate_access: "on" });
    expect(left.status).toBe(303);
    expect(left.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    // The server priced it: the catalogue's first price for Germany, whatever the form carried;
    // the consent is kept for the receipt to confirm.
    const [order] = await suite.database.db.select().from(orders).where(eq(orders.userId, parent.id));
    expect(order).toMatchObject({ status: "created", currency: "EUR", purpose: "subscription" });
    expect(order?.immediateAccessConsentAt).toBeInstanceOf(Date);

    // Paid on the gateway's page, the parent comes back to a page that already knows how it went.
    await payOn(left.location ?? "");
    const back = (await open(`/ar/purchase/?token=${parent.token}&order_id=${order?.orderId}`)) as Awaited<
      ReturnType<typeof loadPurchase>
    >;
    expect(back.payment).toMatchObject({ status: "approved", errorCode: null });
  }, 30_000);

  it("without scripts, lifetime access for an expired subscription leaves for the payment page with a redirect", async () => {
    const parent = await expiredParent();
    const left = await postForm(parent.path, { intent: "lifetime-checkout", immediate_access: "on" });
    expect(left.status).toBe(303);
    expect(left.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const refused = await postForm(parent.path, { intent: "lifetime" });
    expect(refused.status).toBe(400);
  }, 30_000);

  it("starts the countdown when the offer's own address is served, and not for another step's", async () => {
    const parent = await insertTestParent(suite.database.db);
    const page = async (query: string) =>
      (await open(`/purchase/?token=${parent.token}${query}`)) as Awaited<ReturnType<typeof loadPurchase>>;
    expect((await page("&step=email")).offerSecondsLeft).toBeNull();
    expect((await page("&offer=1")).offerSecondsLeft).toBeNull();
    const shown = await page("&step=subscription-offer");
    expect(shown.offerSecondsLeft).toBeGreaterThan(0);
    expect(shown.payment).toBeNull();
    // The same deadline on the next load, however it is opened.
    expect((await page("&offer=1")).offerSecondsLeft).toBeLessThanOrEqual(shown.offerSecondsLeft ?? 0);
  });
});
