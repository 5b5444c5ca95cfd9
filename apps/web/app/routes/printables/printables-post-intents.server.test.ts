import { orders, subscriptions } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { recordFirstPayment } from "@kinderready/domain/test/first-payment.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { kit } from "@kinderready/kit/catalogue";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../../test/route-context.ts";
import { routeServices } from "../../../test/route-services.ts";
import { handlePrintablesAction } from "./printables-route.server.ts";

// The printables page's posts as its scripts send them (JSON), one intent at a time: each is
// answered with the data the page reads, a post the page would never send is refused by the
// field at fault, and a failure of the conversion report or a status check does not fail the page.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("the printables page's posts from its scripts on $name", (target) => {
  const suite = routeServices(target);

  /** The action's answer to `body` posted as JSON: its status and data (a plain answer is a 200). */
  async function post(path: string, body: unknown) {
    const answer = await handlePrintablesAction({
      request: new Request(`${origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      url: new URL(`${origin}${path}`),
      context: routeTestContext({ config, services: suite.services, clientAddress: "10.20.0.3" }),
      params: {},
      pattern: "",
    });
    if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location") };
    const wrapped = answer as { data?: unknown; init?: ResponseInit | null };
    return "data" in wrapped && "init" in wrapped
      ? { status: wrapped.init?.status ?? 200, body: wrapped.data }
      : { status: 200, body: answer };
  }

  /** A parent whose first payment went through; with `card`, its card is on file for the upsell. */
  async function paidParent({ card = false } = {}) {
    const parent = await insertTestParent(suite.database.db);
    await recordFirstPayment(suite.services.payments, parent.id);
    if (card) {
      await suite.database.db
        .update(subscriptions)
        .set({ cardToken: "card-on-file" })
        .where(eq(subscriptions.userId, parent.id));
    }
    return parent;
  }

  it("refuses an unknown intent, a field out of shape, and a post without a parent's token", async () => {
    const parent = await paidParent();
    const refused = { intent: "upsell", error: { messageKey: "upsell.errors.notCreated" } };
    expect(await post(`/printables/?token=${parent.token}`, { intent: "rewind" })).toEqual({
      status: 400,
      body: { ...refused, error: { ...refused.error, field: "intent" } },
    });
    expect(await post(`/printables/?token=${parent.token}`, { intent: "upsell-decision", decision: "maybe" })).toEqual({
      status: 400,
      body: { ...refused, error: { ...refused.error, field: "decision" } },
    });
    expect(await post("/printables/", { intent: "trigger-upsell" })).toEqual({
      status: 400,
      body: { ...refused, error: { ...refused.error, field: "token" } },
    });
  });

  it("marks an item done and says whether its level is finished; an unknown item goes back", async () => {
    const parent = await paidParent();
    const item = kit.levels[0]?.items[0];
    const path = `/printables/?token=${parent.token}`;
    expect(await post(path, { intent: "complete", item_id: item?.id, done: true })).toEqual({
      status: 200,
      body: { intent: "complete", itemId: item?.id, done: true, tooHard: false, levelCompleted: false },
    });
    expect(await post(path, { intent: "complete", item_id: "no-such-item", done: true })).toEqual({
      status: 400,
      body: {
        intent: "complete",
        itemId: "no-such-item",
        done: false,
        tooHard: false,
        levelCompleted: false,
        error: "printables.errors.unknownItem",
      },
    });
  });

  it("answers the offer's decisions with its new stage, and refuses them without a card on file", async () => {
    const cardless = await paidParent();
    expect(
      await post(`/printables/?token=${cardless.token}`, { intent: "upsell-decision", decision: "declined" }),
    ).toEqual({
      status: 409,
      body: { intent: "upsell", error: { messageKey: "upsell.errors.noFirstPayment" } },
    });
    const parent = await paidParent({ card: true });
    const path = `/printables/?token=${parent.token}`;
    expect(await post(path, { intent: "upsell-decision", decision: "declined" })).toEqual({
      status: 200,
      body: { intent: "upsell-decision", stage: "discount" },
    });
    expect(await post(path, { intent: "upsell-decision", decision: "discount-closed" })).toEqual({
      status: 200,
      body: { intent: "upsell-decision", stage: "ended" },
    });
  });

  it("answers a status check for an order that is not this parent's as declined, and a report with nothing bought as not recorded", async () => {
    const parent = await paidParent();
    const other = await paidParent();
    const [theirs] = await suite.database.db.select().from(orders).where(eq(orders.userId, other.id));
    const path = `/printables/?token=${parent.token}`;
    expect(await post(path, { intent: "upsell-status", order_id: theirs?.orderId })).toEqual({
      status: 404,
      body: { intent: "upsell-status", status: "declined", errorCode: null },
    });
    expect(await post(path, { intent: "upsell-status", order_id: "no-such-order" })).toEqual({
      status: 404,
      body: { intent: "upsell-status", status: "declined", errorCode: null },
    });
    expect(await post(path, { intent: "trigger-upsell" })).toEqual({
      status: 200,
      body: { intent: "trigger-upsell", recorded: false },
    });
  });

  it("starts a purchase on the gateway's page once access at once is asked, and one click only on a verified device", async () => {
    const parent = await paidParent({ card: true });
    const path = `/es/printables/?token=${parent.token}`;
    const checkout = { intent: "upsell-checkout", recurring_type: "lifetime", variant: "initial" };
    // Bought from Germany: without the box asking for access at once, nothing is started.
    expect(await post(path, checkout)).toEqual({
      status: 400,
      body: { intent: "upsell", error: { messageKey: "validation.messages.immediateAccess" } },
    });
    const left = await post(path, { ...checkout, immediate_access: "on" });
    expect(left).toMatchObject({ status: 200, body: { intent: "upsell-checkout" } });
    expect((left.body as { redirectUrl: string }).redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//);
    const bought = await suite.database.db.select().from(orders).where(eq(orders.userId, parent.id));
    expect(bought.map((order) => order.purpose)).toContain("lifetime");
    // One click takes this device's verified session: a link alone is sent to sign in.
    expect(await post(path, { intent: "upsell", recurring_type: "upsale", variant: "initial" })).toEqual({
      status: 403,
      body: { intent: "upsell", error: { messageKey: "upsell.errors.signInFirst", field: "session" } },
    });
  });
});
