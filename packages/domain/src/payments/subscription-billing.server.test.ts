import type { DbHandle } from "@kinderready/db/open-db";
import { conversionEvents, pricePlans, type users } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { getCheckoutResult } from "./checkout.server.ts";
import { applyOrderUpdate, ensureOrder, type PaymentDeps } from "./orders.server.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { settleSubscriptionOrder } from "./subscription-billing.server.ts";

// The first subscription purchase is recorded as a conversion, in the transaction that approves
// it, once; renewals are not conversions. (Billing itself is tested against the simulator.)

const unused = () => Promise.reject(new Error("no gateway call expected"));
const gateway: PaymentGateway = {
  createPaymentPage: unused,
  chargeRecurring: unused,
  orderStatus: unused,
  refund: unused,
};
const clock = new Date("2026-11-22T10:00:00Z");

describe.each(testDatabases())("subscription conversions on $name", (target) => {
  let database: DbHandle;
  let deps: PaymentDeps;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    deps = {
      db: database.db,
      gateway,
      gatewayName: "simulator",
      now: () => clock,
      onSettled: settleSubscriptionOrder({ now: () => clock }),
    };
  }, 60_000);
  afterAll(() => database.close());

  it("records the approved first purchase once, and no renewal", async () => {
    const user = await insertTestParent(database.db);
    const [plan] = await database.db
      .select()
      .from(pricePlans)
      .where(
        and(
          eq(pricePlans.kind, "subscription"),
          eq(pricePlans.variant, "initial"),
          eq(pricePlans.currency, "USD"),
          eq(pricePlans.splitGroup, "A"),
        ),
      );
    if (!plan) throw new Error("no plan");
    const approve = async (purpose: "subscription" | "renewal", key: string) => {
      const order = await ensureOrder(database, {
        userId: user.id,
        purpose,
        idempotencyKey: key,
        plan,
        amount: plan.amount,
        gatewayName: "simulator",
      });
      await applyOrderUpdate(deps, {
        orderId: order.orderId,
        status: "approved",
        amount: order.amount,
        currency: "USD",
      });
      return order;
    };

    const first = await approve("subscription", "subscription:first");
    // A settlement replayed inside another transaction finds the conversion already there.
    await database.db.transaction((tx) =>
      deps.onSettled(
        tx,
        first,
        { orderId: first.orderId, status: "approved", amount: first.amount, currency: "USD" },
        () => {},
      ),
    );
    await approve("renewal", "renewal:1");

    const conversions = await database.db.select().from(conversionEvents).where(eq(conversionEvents.userId, user.id));
    expect(conversions).toHaveLength(1);
    expect(conversions[0]).toMatchObject({
      event: "subscription",
      orderId: first.orderId,
      amount: plan.amount,
      currency: "USD",
      forwardedAt: null,
    });
  });
  it("keeps the address and browser the parent paid from on the conversion only where ad consent allows", async () => {
    const [plan] = await database.db
      .select()
      .from(pricePlans)
      .where(and(eq(pricePlans.kind, "subscription"), eq(pricePlans.currency, "USD")))
      .limit(1);
    if (!plan) throw new Error("no plan");
    const paidBy = async (consent: Partial<typeof users.$inferInsert>) => {
      const user = await insertTestParent(database.db, { updatedAt: clock, ...consent });
      const order = await ensureOrder(database, {
        userId: user.id,
        purpose: "subscription",
        idempotencyKey: "subscription:first",
        plan,
        amount: plan.amount,
        gatewayName: "simulator",
      });
      await applyOrderUpdate(deps, {
        orderId: order.orderId,
        status: "approved",
        amount: order.amount,
        currency: "USD",
      });
      // The purchase page's poll, from the parent's browser, sees it approved.
      const result = await getCheckoutResult(deps, {
        orderId: order.orderId,
        userToken: user.token,
        client: { ip: "203.0.113.5", userAgent: "Mozilla/5.0 (iPad)" },
      });
      expect(result.paid).toEqual({ amount: plan.amount, currency: plan.currency });
      const [row] = await database.db
        .select()
        .from(conversionEvents)
        .where(eq(conversionEvents.orderId, order.orderId));
      return row;
    };
    expect(await paidBy({})).toMatchObject({ clientIp: "203.0.113.5", userAgent: "Mozilla/5.0 (iPad)" });
    expect(await paidBy({ mailingOptInCountry: true, adConsent: "granted" })).toMatchObject({
      clientIp: "203.0.113.5",
    });
    // An opt-in country without a granted consent, a refusal, or an opt-out: nothing is kept.
    for (const consent of [
      { mailingOptInCountry: true },
      { adConsent: "denied" },
      { adSharingOptOutAt: clock },
    ] satisfies Partial<typeof users.$inferInsert>[]) {
      expect(await paidBy(consent), JSON.stringify(consent)).toMatchObject({ clientIp: null, userAgent: null });
    }
  });
});
