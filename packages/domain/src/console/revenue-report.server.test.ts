import { randomUUID } from "node:crypto";
import type { DbHandle } from "@kinderready/db/open-db";
import { analyticsEvents, orders, type pricePlans, subscriptions } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededPlan } from "../../test/price-plans.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { applyOrderUpdate, ensureOrder, type OrderPurpose, type PaymentDeps } from "../payments/orders.server.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { settleSubscriptionOrder } from "../payments/subscription-billing.server.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { getRevenueReport, type RevenueReport } from "./revenue-report.server.ts";

// Charges, refunds, trials, renewals and upsells go through the same order functions as real
// payments (the ledger is theirs); the report must keep each currency apart.

const unused = () => Promise.reject(new Error("no gateway call expected"));
const gateway: PaymentGateway = {
  createPaymentPage: unused,
  chargeRecurring: unused,
  orderStatus: unused,
  refund: unused,
};

describe.each(testDatabases())("revenue report on $name", (target) => {
  let database: DbHandle;
  let deps: PaymentDeps;
  let report: RevenueReport;
  const today = new Date().toISOString().slice(0, 10);
  const amounts = { usd: 0, usdRenewal: 0, eur: 0, eurUpsell: 0 };

  const plan = (kind: string, currency: string) => seededPlan(database.db, kind, { currency });

  async function settle(
    userId: string,
    purpose: OrderPurpose,
    key: string,
    row: typeof pricePlans.$inferSelect,
    status: "approved" | "declined",
  ) {
    const amount = purpose === "renewal" ? (row.renewalAmount ?? row.amount) : row.amount;
    const order = await ensureOrder(database, {
      userId,
      purpose,
      idempotencyKey: key,
      plan: row,
      amount,
      gatewayName: "simulator",
    });
    await applyOrderUpdate(deps, {
      orderId: order.orderId,
      status,
      amount,
      currency: row.currency,
      ...(status === "declined" && { errorCode: "3.02" }),
    });
    return order;
  }

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    deps = {
      db: database.db,
      gateway,
      gatewayName: "simulator",
      now: () => new Date(),
      onSettled: settleSubscriptionOrder({ now: () => new Date() }),
    };
    const usd = await plan("subscription", "USD");
    const eur = await plan("subscription", "EUR");
    const eurUpsell = await plan("upsale", "EUR");
    amounts.usd = usd.amount;
    amounts.usdRenewal = usd.renewalAmount ?? usd.amount;
    amounts.eur = eur.amount;
    amounts.eurUpsell = eurUpsell.amount;

    // A: a trial, renewed at the first attempt.
    const a = await insertTestParent(database.db);
    await settle(a.id, "subscription", "subscription:0", usd, "approved");
    await settle(a.id, "renewal", "renewal:s:2026-12-01T00:00:00.000Z:0", usd, "approved");
    // B: a trial refunded; the renewal failed once and was recovered at the retry.
    const b = await insertTestParent(database.db);
    const bFirst = await settle(b.id, "subscription", "subscription:0", usd, "approved");
    await applyOrderUpdate(deps, { orderId: bFirst.orderId, status: "refunded", amount: usd.amount, currency: "USD" });
    await settle(b.id, "renewal", "renewal:s:2026-12-01T00:00:00.000Z:0", usd, "declined");
    await settle(b.id, "renewal", "renewal:s:2026-12-01T00:00:00.000Z:1", usd, "approved");
    // C: a trial in euros with the add-on packs, then cancelled for the price.
    const c = await insertTestParent(database.db);
    await settle(c.id, "subscription", "subscription:0", eur, "approved");
    const packs = await settle(c.id, "upsale", "upsell:0", eurUpsell, "approved");
    await database.db
      .update(orders)
      .set({ upsellMode: "POPUP", upsellVariant: "initial" })
      .where(eq(orders.orderId, packs.orderId));
    // Lifetime declined: the browser's report of a purchase counts for nothing without a sale.
    const lifetime = await settle(c.id, "lifetime", "lifetime:0", await plan("lifetime", "EUR"), "declined");
    await database.db
      .update(orders)
      .set({ upsellMode: "TABS", upsellVariant: "catchy" })
      .where(eq(orders.orderId, lifetime.orderId));
    await database.db
      .update(subscriptions)
      .set({ status: "cancelled", cancelledAt: new Date(), cancelReason: "high_price" })
      .where(eq(subscriptions.userId, c.id));

    const event = (deviceId: string, name: string, properties: Record<string, string>) => ({
      eventId: randomUUID(),
      name,
      deviceId,
      sessionId: 1,
      occurredAt: new Date(),
      properties,
    });
    await database.db
      .insert(analyticsEvents)
      .values([
        event("device-popup-1", "upsell_viewed", { mode: "POPUP", variant: "initial" }),
        event("device-popup-1", "upsell_viewed", { mode: "POPUP", variant: "initial" }),
        event("device-popup-1", "upsell_bought", { mode: "POPUP", variant: "initial", type: "upsale" }),
        event("device-popup-2", "upsell_viewed", { mode: "POPUP", variant: "initial" }),
        event("device-tabs-1", "upsell_viewed", { mode: "TABS", variant: "catchy" }),
        event("device-tabs-1", "upsell_bought", { mode: "TABS", variant: "catchy", type: "lifetime" }),
      ]);

    // Every trial has ended by then.
    report = await getRevenueReport(database, { from: today, to: today }, new Date(Date.now() + 30 * 86_400_000));
  }, 60_000);
  afterAll(() => database.close());

  it("keeps every currency apart, with refunds netted per currency", () => {
    expect(report.totals).toEqual([
      {
        currency: "EUR",
        gross: amounts.eur + amounts.eurUpsell,
        refunds: 0,
        net: amounts.eur + amounts.eurUpsell,
        charges: 2,
        refundCount: 0,
      },
      {
        currency: "USD",
        gross: 2 * amounts.usd + 2 * amounts.usdRenewal,
        refunds: amounts.usd,
        net: amounts.usd + 2 * amounts.usdRenewal,
        charges: 4,
        refundCount: 1,
      },
    ]);
    expect(report.daily).toEqual([
      expect.objectContaining({ day: today, currency: "EUR", firstPayments: 1, renewals: 0, upsells: 1 }),
      expect.objectContaining({ day: today, currency: "USD", firstPayments: 2, renewals: 2, upsells: 0 }),
    ]);
    expect(report.byPurpose).toContainEqual({
      currency: "USD",
      purpose: "subscription",
      charges: 2,
      gross: 2 * amounts.usd,
      refundCount: 1,
      refunds: amounts.usd,
    });
  });

  it("counts trials converted to paid, failed renewals and dunning recoveries", () => {
    expect(report.trials).toEqual({ started: 3, ended: 3, converted: 2, conversion: 2 / 3 });
    expect(report.renewals).toEqual([{ currency: "USD", paid: 2, failed: 1, recovered: 1 }]);
  });

  it("gives the upsell's take rate by display mode and variant from sold orders over visitors who saw it", () => {
    expect(report.upsells).toEqual([
      { mode: "POPUP", variant: "initial", viewers: 2, packs: 1, lifetime: 0 },
      { mode: "TABS", variant: "catchy", viewers: 1, packs: 0, lifetime: 0 },
    ]);
  });

  it("counts cancellations by reason", () => {
    expect(report.cancellations).toEqual([{ reason: "high_price", subscriptions: 1 }]);
  });

  it("reports nothing for days without payments", async () => {
    const empty = await getRevenueReport(database, { from: "2020-01-01", to: "2020-01-31" }, new Date());
    expect(empty).toMatchObject({ daily: [], totals: [], trials: { started: 0, conversion: null }, renewals: [] });
  });
});
