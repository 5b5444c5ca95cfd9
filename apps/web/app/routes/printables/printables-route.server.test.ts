import { orders, reviews, users } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { getCheckoutResult } from "@kinderready/domain/payments/checkout.server";
import { recordItemCompletion } from "@kinderready/domain/printables/printables.server";
import {
  findSessionParent,
  sessionDigest,
  startParentSession,
} from "@kinderready/domain/profile/parent-sessions.server";
import { recordFirstPayment } from "@kinderready/domain/test/first-payment.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { kit } from "@kinderready/kit/catalogue";
import { and, eq, ne } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../../test/route-context.ts";
import { routeServices } from "../../../test/route-services.ts";
import { handlePurchaseAction } from "../purchase/purchase-route.server.ts";
import { handlePrintablesAction, loadPrintables } from "./printables-route.server.ts";

// Asking for a review on the printables page, through its loader and action: the card appears
// once a paying parent finished a level, the review is sent as the page posts it (in the page's
// language) and comes back pending, a field at fault is named, and a parent who did not pay is
// refused.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

/**
 * The page's action asked as its scripts ask (JSON) or as a plain form does: a redirect's status
 * and address, or the answer's status and data (a plain answer is a 200).
 */
async function postToPage(
  context: RouterContextProvider,
  path: string,
  body: { json: Record<string, unknown> } | { form: Record<string, string> },
  cookie = "",
) {
  const answer = await handlePrintablesAction({
    request: new Request(`${origin}${path}`, {
      method: "POST",
      headers: {
        "content-type": "json" in body ? "application/json" : "application/x-www-form-urlencoded",
        cookie,
      },
      body: "json" in body ? JSON.stringify(body.json) : new URLSearchParams(body.form),
    }),
    url: new URL(`${origin}${path}`),
    context,
    params: {},
    pattern: "",
  });
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location") };
  const wrapped = answer as { data?: unknown; init?: ResponseInit | null };
  return "data" in wrapped && "init" in wrapped
    ? { status: wrapped.init?.status ?? 200, body: wrapped.data }
    : { status: 200, body: answer };
}

describe.each(testDatabases())("reviews on the printables page on $name", (target) => {
  const suite = routeServices(target);

  const context = () => routeTestContext({ config, services: suite.services, clientAddress: "10.20.0.1" });

  /** A parent who took the quiz (child of 4); with `paid`, their first payment went through. */
  async function parent(paid: boolean) {
    const user = await insertTestParent(suite.database.db);
    await suite.database.db.update(users).set({ kidAge: 4 }).where(eq(users.id, user.id));
    if (paid) await recordFirstPayment(suite.services.payments, user.id);
    return user;
  }

  const open = async (path: string) => {
    const loaded = await loadPrintables({
      request: new Request(`${origin}${path}`),
      url: new URL(`${origin}${path}`),
      context: context(),
      params: {},
      pattern: "",
    });
    return loaded.review;
  };
  const post = (path: string, body: Record<string, unknown>) => postToPage(context(), path, { json: body });
  const review = { intent: "review", rating: 5, text: "She traces her name on every page now!", firstName: "Lena" };

  it("asks a paying parent once they finished every item of a level", async () => {
    const buyer = await parent(true);
    expect(await open(`/printables/?token=${buyer.token}`)).toEqual({ ask: false, review: null });
    const trial = kit.levels[0];
    for (const item of trial?.items ?? []) {
      await recordItemCompletion(suite.services.printables, { userToken: buyer.token, itemId: item.id, done: true });
    }
    expect(await open(`/printables/?token=${buyer.token}`)).toEqual({ ask: true, review: null });
  });

  it("takes the review in the page's language, and shows it back pending", async () => {
    const buyer = await parent(true);
    const sent = await post(`/es/printables/?token=${buyer.token}`, review);
    expect(sent).toEqual({
      status: 200,
      body: { intent: "review", review: { rating: 5, text: review.text, firstName: "Lena", status: "pending" } },
    });
    const [stored] = await suite.database.db.select().from(reviews).where(eq(reviews.userId, buyer.id));
    expect(stored).toMatchObject({ locale: "es", childAge: 4 });
    expect((await open(`/es/printables/?token=${buyer.token}`))?.review?.status).toBe("pending");
  });

  it("names the field at fault, and refuses a parent who did not pay", async () => {
    const buyer = await parent(true);
    expect(await post(`/printables/?token=${buyer.token}`, { ...review, firstName: "L3na" })).toEqual({
      status: 400,
      body: { intent: "review", error: { field: "firstName", messageKey: "reviews.errors.firstName" } },
    });
    const quizOnly = await parent(false);
    expect(await post(`/printables/?token=${quizOnly.token}`, review)).toEqual({
      status: 409,
      body: { intent: "review", error: { field: "token", messageKey: "reviews.errors.notBuyer" } },
    });
    expect(await suite.database.db.select().from(reviews).where(eq(reviews.userId, quizOnly.id))).toEqual([]);
  });

  it("takes a plain form's review (before or without the scripts), and gives a refused one back as sent", async () => {
    const buyer = await parent(true);
    const path = `/de/printables/?token=${buyer.token}`;
    const postForm = (fields: Record<string, string>) => postToPage(context(), path, { form: fields });
    const fields = { intent: "review", rating: "4", text: review.text, firstName: "Lena" };
    expect(await postForm({ ...fields, firstName: "L3na" })).toEqual({
      status: 400,
      body: {
        intent: "review",
        error: { field: "firstName", messageKey: "reviews.errors.firstName" },
        sent: { rating: 4, text: review.text, firstName: "L3na" },
      },
    });
    expect(await suite.database.db.select().from(reviews).where(eq(reviews.userId, buyer.id))).toEqual([]);
    expect(await postForm(fields)).toEqual({ status: 303, location: `/de/printables/?token=${buyer.token}#review` });
    // Written again from the card opened for it, the review is shown, not the form again.
    const rewritten = await postToPage(context(), `${path}&review=write`, { form: { ...fields, rating: "5" } });
    expect(rewritten).toEqual({ status: 303, location: `/de/printables/?token=${buyer.token}#review` });
    const [stored] = await suite.database.db.select().from(reviews).where(eq(reviews.userId, buyer.id));
    expect(stored).toMatchObject({ locale: "de", rating: 5, text: review.text, firstName: "Lena", status: "pending" });
  });
});

// The upsell's buttons as plain forms (no scripts): the same fields, form-encoded; a one-click
// purchase comes back to the page with its order in the address and its status in the page's
// data, "no, thanks" comes back to the discount, and bad fields are refused by name, unbought.
describe.each(testDatabases())("the upsell without scripts on $name", (target) => {
  const suite = routeServices(target);

  const context = () => routeTestContext({ config, services: suite.services, clientAddress: "10.20.0.2" });
  const open = (path: string, cookie = "") =>
    loadPrintables({
      request: new Request(`${origin}${path}`, { headers: { cookie } }),
      url: new URL(`${origin}${path}`),
      context: context(),
      params: {},
      pattern: "",
    });
  const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
    postToPage(context(), path, { form: fields }, cookie);

  /**
   * A parent who paid the first payment on the simulator's hosted page, so a card is stored, from
   * a device that went to pay from the offer's form: its session (the cookie) is verified by paying.
   */
  async function payingParent() {
    const parent = await insertTestParent(suite.database.db);
    const offer = `${origin}/purchase/?token=${parent.token}`;
    const checkout = await handlePurchaseAction({
      request: new Request(offer, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "checkout", agree: "on", immediate_access: "on" }),
      }),
      url: new URL(offer),
      context: context(),
      params: {},
      pattern: "",
    }).catch((thrown: unknown) => thrown);
    if (!(checkout instanceof Response)) throw new Error("the offer's form did not leave for the gateway");
    const redirectUrl = checkout.headers.get("location") ?? "";
    const cookie = (checkout.headers.get("set-cookie") ?? "").split(";", 1)[0] ?? "";
    expect(cookie).toMatch(/^kr_session=/);
    await fetch(redirectUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ method: "card", number: "4067429974719265", expiry: "12/30", cvv: "123" }),
      redirect: "manual",
    });
    const [order] = await suite.database.db.select().from(orders).where(eq(orders.userId, parent.id));
    const paid = await getCheckoutResult(suite.services.payments, {
      orderId: order?.orderId ?? "",
      userToken: parent.token,
    });
    expect(paid.status).toBe("approved");
    return { ...parent, cookie };
  }
  const upsellOrders = (userId: string) =>
    suite.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), ne(orders.purpose, "subscription")));

  it("buys the packs with one click and comes back to the page, which knows how it went", async () => {
    const parent = await payingParent();
    const buy = (fields: Record<string, string> = {}) =>
      postForm(
        `/ar/printables/?token=${parent.token}`,
        { intent: "upsell", recurring_type: "upsale", variant: "initial", ...fields },
        parent.cookie,
      );
    // Bought from Germany: without the box asking for access at once, nothing is charged.
    expect(await buy()).toMatchObject({
      status: 400,
      body: { error: { messageKey: "validation.messages.immediateAccess" } },
    });
    expect(await upsellOrders(parent.id)).toEqual([]);
    const bought = await buy({ immediate_access: "on" });
    const [order] = await upsellOrders(parent.id);
    expect(order).toMatchObject({ purpose: "upsale", currency: "EUR" });
    expect(order?.immediateAccessConsentAt).toBeInstanceOf(Date);
    expect(bought).toEqual({
      status: 303,
      location: `/ar/printables/?token=${parent.token}&order_id=${order?.orderId}&upsale_type=upsale`,
    });
    const page = await open(bought.location ?? "");
    expect(page.returning).toMatchObject({ type: "upsale", status: { status: "approved", errorCode: null } });
    expect(page.offer?.owned).toContain("upsale");
    // Its prices come written by the server in the page's language (Arabic: isolated left to right).
    const lifetime = page.offer?.plans.lifetime;
    expect(lifetime && page.prices[`${lifetime.currency_code} ${lifetime.currency} ${lifetime.price}`]).toBe(
      "\u2066\u200f29.99\u00a0€\u2069",
    );
  }, 30_000);

  it("never charges the stored card for a bare link: a forwarded receipt's token buys nothing with one click", async () => {
    const parent = await payingParent();
    const path = `/printables/?token=${parent.token}`;
    // The loader tells the page: no one click on this device; the packs go to the gateway's page.
    expect((await open(path)).offer?.oneClick).toBe(false);
    for (const recurring_type of ["upsale", "lifetime"]) {
      const refused = await postForm(path, { intent: "upsell", recurring_type, variant: "initial" });
      expect(refused).toEqual({
        status: 403,
        body: { intent: "upsell", error: { messageKey: "upsell.errors.signInFirst", field: "session" } },
      });
      expect(
        await postToPage(context(), path, { json: { intent: "upsell", recurring_type, variant: "initial" } }),
      ).toMatchObject({
        status: 403,
      });
    }
    expect(await upsellOrders(parent.id)).toEqual([]);
    // The paying device may; another parent's session with this token may not.
    expect((await open(path, parent.cookie)).offer?.oneClick).toBe(true);
    const other = await payingParent();
    expect(
      await postForm(path, { intent: "upsell", recurring_type: "upsale", variant: "initial" }, other.cookie),
    ).toMatchObject({ status: 403 });
    expect(await upsellOrders(parent.id)).toEqual([]);
  }, 30_000);

  it("lets a link pay a pack on the gateway's page, and that payment verifies no device", async () => {
    const parent = await payingParent();
    const path = `/printables/?token=${parent.token}`;
    const goToPay = async (cookie = "") => {
      const left = await postForm(
        path,
        { intent: "upsell-checkout", recurring_type: "upsale", variant: "initial", immediate_access: "on" },
        cookie,
      );
      expect(left).toMatchObject({ status: 303 });
      return left.location ?? "";
    };
    // A device signed in as this parent but unverified (it took the quiz) goes to pay: its session
    // is the one the payment would verify...
    const unverified = await startParentSession(suite.services.account, { userId: parent.id, verified: false });
    await goToPay(`kr_session=${unverified.id}`);
    const [order] = await upsellOrders(parent.id);
    expect(order?.checkoutSessionHash).toBe(sessionDigest(unverified.id));
    // ...until a device that came by a link, signed in as nobody, goes to the same page after it.
    const page = await goToPay();
    expect((await upsellOrders(parent.id))[0]?.checkoutSessionHash).toBeNull();
    // Paid there with some card: the pack is bought, no device is verified, no session handed out,
    // and one click still asks for a sign-in.
    await fetch(page, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ method: "card", number: "4067429974719265", expiry: "12/30", cvv: "123" }),
      redirect: "manual",
    });
    expect(
      await getCheckoutResult(suite.services.payments, { orderId: order?.orderId ?? "", userToken: parent.token }),
    ).toMatchObject({ status: "approved" });
    expect(await findSessionParent(suite.services.account, { sessionId: unverified.id })).toMatchObject({
      verified: false,
    });
    expect((await open(path, `kr_session=${unverified.id}`)).offer?.oneClick).toBe(false);
  }, 30_000);

  it("marks an item done with a plain form and comes back to the page it was on, which shows it", async () => {
    const parent = await payingParent();
    const path = `/ar/printables/?token=${parent.token}&paper=a4`;
    const item = (await open(path)).kit?.core.find((level) => !level.locked)?.items[0];
    expect(item?.done).toBe(false);
    const marked = await postForm(path, { intent: "complete", item_id: item?.id ?? "", done: "true" });
    expect(marked).toEqual({ status: 303, location: path });
    const after = (await open(path)).kit?.core.find((level) => !level.locked)?.items[0];
    expect(after).toMatchObject({ id: item?.id, done: true });
    expect(await postForm(path, { intent: "complete", item_id: item?.id ?? "", done: "yes" })).toMatchObject({
      status: 400,
      body: { error: { field: "done" } },
    });
    // Too hard for now, from the plain form beside it: the week puts an easier page before it.
    // A page with an easier one of its skill before it in the trial.
    const trial = kit.levels[0]?.items.filter((entry) => entry.kind === "printable") ?? [];
    const harder = trial.find((entry, index) => trial.slice(0, index).some((other) => other.skill === entry.skill));
    const hard = (await open(path)).kit?.week?.items.find((entry) => entry.id === harder?.id);
    const tooHard = { intent: "complete", item_id: hard?.id ?? "", done: "false", too_hard: "true" };
    expect(await postForm(path, tooHard)).toEqual({ status: 303, location: path });
    const week = (await open(path)).kit?.week;
    expect(week?.items[0]?.easier_for).toBe(hard?.title);
  }, 30_000);

  it("answers 'no, thanks' with the page again, at the discount", async () => {
    const parent = await payingParent();
    const declined = await postForm(`/printables/?token=${parent.token}`, {
      intent: "upsell-decision",
      decision: "declined",
    });
    expect(declined).toEqual({ status: 303, location: `/printables/?token=${parent.token}` });
    expect((await open(declined.location ?? "")).offer?.stage).toBe("discount");
  }, 30_000);

  it("refuses a form naming what cannot be bought, by its field, and charges nothing", async () => {
    const parent = await payingParent();
    const refused = await postForm(`/printables/?token=${parent.token}`, {
      intent: "upsell",
      recurring_type: "gold",
      variant: "initial",
    });
    expect(refused).toEqual({
      status: 400,
      body: { intent: "upsell", error: { messageKey: "upsell.errors.notCreated", field: "recurring_type" } },
    });
    expect(await upsellOrders(parent.id)).toEqual([]);
  }, 30_000);
});
