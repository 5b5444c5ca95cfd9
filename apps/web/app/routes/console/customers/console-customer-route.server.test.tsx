import { testServices } from "@kinderready/api/test/test-api";
import type { DbHandle } from "@kinderready/db/open-db";
import { subscriptions } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import type { SignedInOperator } from "@kinderready/domain/console/operator-accounts.server";
import { chargeStoredCard, ensureOrder } from "@kinderready/domain/payments/orders.server";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { seededPlan } from "@kinderready/domain/test/price-plans";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { startLoopbackGateway } from "@kinderready/gateway-simulator/loopback-gateway";
import { issueCardToken } from "@kinderready/gateway-simulator/simulator-plugin";
import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { eq } from "drizzle-orm";
import { Window } from "happy-dom";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleRouteContext, signedInTestOperator } from "../../../../test/console-operator.ts";
import { rawKeysShown } from "../../../../test/raw-keys.ts";
import { routeTestConfig } from "../../../../test/route-context.ts";
import { TranslatorProvider } from "../../../i18n/translation-context.tsx";
import ConsoleCustomer from "./console-customer.tsx";
import { handleConsoleCustomerAction, loadConsoleCustomer } from "./console-customer-route.server.ts";

// A customer's refund in two steps, through the page's loader, action and component below the
// console's middleware: the charge's Refund is a link to a confirmation (amount, order, and
// "also cancel" ticked for a subscription charge while it renews); confirming refunds at the
// simulator and, ticked, cancels renewals in the same post.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("a customer's refund confirmation on $name", (target) => {
  let database: DbHandle;
  let loopback: Awaited<ReturnType<typeof startLoopbackGateway>>;
  let operator: SignedInOperator;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    loopback = await startLoopbackGateway({ database, now: () => new Date() });
    operator = await signedInTestOperator(database.db, "refunds@kit.test");
  }, 60_000);
  afterAll(async () => {
    await loopback.close();
    await database.close();
  });

  function context() {
    return consoleRouteContext({
      config,
      services: testServices(database.db, { send: async () => null }, loopback.gateway),
      operator,
    });
  }

  /** A parent in their trial: the first payment taken at the simulator. */
  async function trialParent() {
    const user = await insertTestParent(database.db);
    const plan = await seededPlan(database.db, "subscription");
    const order = await ensureOrder(database, {
      userId: user.id,
      purpose: "subscription",
      idempotencyKey: "subscription:first",
      plan,
      amount: plan.amount,
      gatewayName: "simulator",
    });
    const cardToken = await issueCardToken(database.db, "4067429974719265");
    const paid = await chargeStoredCard(
      testServices(database.db, { send: async () => null }, loopback.gateway).payments,
      order,
      {
        cardToken,
        description: "Trial",
      },
    );
    expect(paid.status).toBe("approved");
    return { user, order: paid };
  }

  const address = (userId: string, query = "") => `${origin}/admin/customers/${userId}/${query}`;
  const load = (userId: string, query = "") =>
    loadConsoleCustomer({
      request: new Request(address(userId, query)),
      context: context(),
      url: new URL(address(userId, query)),
      params: { userId },
      pattern: "",
    });
  const post = async (userId: string, query: string, fields: Record<string, string>) => {
    const answer = await handleConsoleCustomerAction({
      request: new Request(address(userId, query), {
        method: "POST",
        headers: { origin },
        body: new URLSearchParams({ csrf: operator.csrfToken, ...fields }),
      }),
      context: context(),
      url: new URL(address(userId, query)),
      params: { userId },
      pattern: "",
    });
    const wrapped = answer as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  };

  /** The page as the server renders it, with the layout's CSRF token; its body, parsed. */
  function render(locale: Locale, url: string, data: unknown) {
    const path = "/admin/customers/:userId/";
    const Stub = createRoutesStub([
      {
        id: "console",
        loader: () => null,
        children: [{ id: "page", path, Component: ConsoleCustomer, loader: () => null }],
      },
    ] as never);
    const html = renderToStaticMarkup(
      <TranslatorProvider translator={serverI18n(locale)}>
        <Stub
          initialEntries={[url]}
          hydrationData={{ loaderData: { console: { csrfToken: operator.csrfToken }, page: data } }}
        />
      </TranslatorProvider>,
    );
    const { document } = new Window({ url: origin });
    document.body.innerHTML = html;
    return document.body;
  }

  it("shows Refund as a link to a confirmation, not a form that refunds at once", async () => {
    const { user, order } = await trialParent();
    const page = render("en", `/admin/customers/${user.id}/`, await load(user.id));
    const refund = page.querySelector("a.console-button--danger");
    expect(refund?.getAttribute("href")).toBe(`/admin/customers/${user.id}/?refund=${order.orderId}#customer-refund`);
    expect(page.querySelector('button[value="refund"]')).toBeNull();
    expect(page.querySelector("#customer-refund")).toBeNull();
  });

  it("confirms with the amount, the order and 'also cancel' ticked for the first payment of a renewing trial", async () => {
    const { user, order } = await trialParent();
    const data = await load(user.id, `?refund=${order.orderId}`);
    expect(data.refundConfirmation).toMatchObject({
      charge: { orderId: order.orderId },
      subscriptionRenews: true,
      cancelByDefault: true,
    });
    const page = render("en", `/admin/customers/${user.id}/?refund=${order.orderId}`, data);
    const panel = page.querySelector("section[aria-labelledby='customer-refund']");
    expect(panel?.querySelector("h2")?.textContent).toBe("Refund this charge?");
    expect(panel?.textContent).toContain(order.orderId);
    const cancel = panel?.querySelector("input[name='cancelSubscription']");
    expect(cancel?.hasAttribute("checked")).toBe(true);
    const confirm = panel?.querySelector("button[value='refund']");
    expect(confirm?.textContent).toBe("Refund $1.99");
    expect(panel?.querySelector("input[name='orderId']")?.getAttribute("value")).toBe(order.orderId);
    // The Arabic page formats the same amount in its own way, in Western digits.
    const arabic = render("ar", `/admin/customers/${user.id}/?refund=${order.orderId}`, data);
    expect(arabic.querySelector("button[value='refund']")?.textContent).toMatch(/1\.99/);
  });

  it.each(["en", "ru", "es", "fr", "ar", "de", "pt"] as const)(
    "shows the confirmation without a catalogue key in %s",
    async (locale) => {
      const { user, order } = await trialParent();
      const url = `/admin/customers/${user.id}/?refund=${order.orderId}`;
      const page = render(locale, url, await load(user.id, `?refund=${order.orderId}`));
      expect(page.querySelector("#customer-refund")).toBeTruthy();
      expect(rawKeysShown(page as unknown as Element)).toEqual([]);
    },
  );

  it("refunds and cancels the trial in one post when the box stays ticked", async () => {
    const { user, order } = await trialParent();
    const answer = await post(user.id, `?refund=${order.orderId}`, {
      intent: "refund",
      orderId: order.orderId,
      cancelSubscription: "on",
    });
    expect(answer).toEqual({
      status: 200,
      body: { ok: true, intent: "refund", messageKey: "customers.refundCancelled" },
    });
    const [subscription] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subscription?.status).toBe("cancelled");
    // The charge is refunded: the page no longer offers to refund it.
    expect((await load(user.id, `?refund=${order.orderId}`)).refundConfirmation).toBeNull();
  });

  it("refunds only when the box is cleared", async () => {
    const { user, order } = await trialParent();
    const answer = await post(user.id, "", { intent: "refund", orderId: order.orderId });
    expect(answer).toEqual({ status: 200, body: { ok: true, intent: "refund" } });
    const [subscription] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subscription?.status).toBe("trialing");
  });
});
