import type { DbHandle } from "@kinderready/db/open-db";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPriceCatalogue } from "../src/pricing/price-config.server.ts";
import { userTokenPattern } from "../src/random-token.ts";
import { seededPlan } from "./price-plans.ts";
import { insertTestOrder, insertTestParent, insertTestReview, insertTestSubscription } from "./test-data.server.ts";

// The factories write valid rows by default, never two alike on a unique column, and take any
// column a test names instead.

const day = 86_400_000;

describe.each(testDatabases())("test data factories on $name", (target) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
  }, 60_000);
  afterAll(async () => database.close());

  it("writes a parent who finished the quiz, a different one each time, with the columns given", async () => {
    const first = await insertTestParent(database.db);
    const second = await insertTestParent(database.db);
    expect(first).toMatchObject({ product: "kinderready", locale: "en", flow: "main", purchasePath: "/purchase/" });
    expect(first.token).toMatch(userTokenPattern);
    expect(first.email).toMatch(/@example\.com$/);
    expect(second.token).not.toBe(first.token);
    expect(second.email).not.toBe(first.email);
    expect(second.marketingContactId).not.toBe(first.marketingContactId);

    const named = await insertTestParent(database.db, { kidName: "Mia", locale: "fr", email: null });
    expect(named).toMatchObject({ kidName: "Mia", locale: "fr", email: null, isManualAccess: false });
  });

  it("writes approved first payments at the seeded plan's price, or the plan and columns given", async () => {
    const parent = await insertTestParent(database.db);
    const plan = await seededPlan(database.db, "subscription");
    const first = await insertTestOrder(database.db, { userId: parent.id });
    const second = await insertTestOrder(database.db, { userId: parent.id });
    expect(first).toMatchObject({
      userId: parent.id,
      purpose: "subscription",
      pricePlanId: plan.id,
      amount: plan.amount,
      currency: plan.currency,
      gateway: "simulator",
      status: "approved",
    });
    expect(second.orderId).not.toBe(first.orderId);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);

    const packs = await seededPlan(database.db, "upsale", { currency: "EUR" });
    const upsell = await insertTestOrder(database.db, {
      userId: parent.id,
      purpose: "upsale",
      pricePlanId: packs.id,
      status: "declined",
    });
    expect(upsell).toMatchObject({ amount: packs.amount, currency: "EUR", status: "declined" });
  });

  it("writes an active subscription on its plan's renewal terms, a period from now", async () => {
    const parent = await insertTestParent(database.db);
    const plan = await seededPlan(database.db, "subscription");
    const before = Date.now();
    const subscription = await insertTestSubscription(database.db, { userId: parent.id });
    expect(subscription).toMatchObject({
      product: "kinderready",
      status: "active",
      pricePlanId: plan.id,
      renewalAmount: plan.renewalAmount,
      currency: plan.currency,
      periodDays: plan.periodDays,
      failedRenewals: 0,
    });
    const periodEnd = subscription.currentPeriodEnd.getTime();
    expect(periodEnd).toBeGreaterThanOrEqual(before + (plan.periodDays ?? 0) * day);
    expect(periodEnd).toBeLessThanOrEqual(Date.now() + (plan.periodDays ?? 0) * day);

    const weekly = await insertTestSubscription(database.db, {
      userId: (await insertTestParent(database.db)).id,
      status: "past_due",
      periodDays: 7,
    });
    expect(weekly).toMatchObject({ status: "past_due", periodDays: 7 });
    expect(weekly.currentPeriodEnd.getTime()).toBeLessThanOrEqual(Date.now() + 7 * day);
  });

  it("writes a review waiting for moderation, in the language given", async () => {
    const parent = await insertTestParent(database.db);
    expect(await insertTestReview(database.db, { userId: parent.id })).toMatchObject({
      userId: parent.id,
      locale: "en",
      rating: 5,
      status: "pending",
    });
    const other = await insertTestParent(database.db);
    const french = await insertTestReview(database.db, { userId: other.id, locale: "fr", rating: 4 });
    expect(french).toMatchObject({ locale: "fr", rating: 4, status: "pending" });
  });
});
