import type { DbHandle } from "@kinderready/db/open-db";
import { ledgerEntries, pricePlans, type subscriptions } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededPlan } from "../../test/price-plans.ts";
import { insertTestOrder, insertTestParent, insertTestSubscription } from "../../test/test-data.server.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { getSubscriptionCohorts, type SubscriptionCohorts } from "./subscription-cohorts.server.ts";
import { getSubscriptionMetrics, type SubscriptionMetrics } from "./subscription-metrics.server.ts";

// Nine parents with known payments, renewals, refunds, cancellations and dunning in two
// currencies over seven weeks, and every figure computed by hand from them (the comments say
// how). The clock is 2026-03-20 12:00 UTC; ISO weeks: W06 starts Monday 2026-02-02, W09 02-23,
// W10 03-02, W11 03-09, W12 03-16.

const now = new Date("2026-03-20T12:00:00Z");
const at = (moment: string) => new Date(`2026-${moment}:00Z`);

describe.each(testDatabases())("subscription metrics and cohorts on $name", (target) => {
  let database: DbHandle;
  let metrics: SubscriptionMetrics;
  let cohorts: SubscriptionCohorts;

  type Plan = typeof pricePlans.$inferSelect;
  type Payment = { purpose: string; status: string; at: string; amount: number; plan: Plan };

  /** A parent's orders as the payment code leaves them, each paid one booked in the ledger. */
  async function parent(
    payments: Payment[],
    subscription: Partial<typeof subscriptions.$inferInsert> & { plan: Plan },
  ) {
    const { id: userId } = await insertTestParent(database.db);
    for (const payment of payments) {
      const createdAt = at(payment.at);
      const { orderId } = await insertTestOrder(database.db, {
        userId,
        purpose: payment.purpose,
        pricePlanId: payment.plan.id,
        amount: payment.amount,
        status: payment.status,
        createdAt,
      });
      const entry = { userId, orderId, currency: payment.plan.currency };
      if (payment.status === "declined") {
        await database.db.insert(ledgerEntries).values({ ...entry, type: "decline", createdAt });
        continue;
      }
      await database.db.insert(ledgerEntries).values({ ...entry, type: "charge", amount: payment.amount, createdAt });
      if (payment.status === "refunded") {
        const refundedAt = new Date(createdAt.getTime() + 86_400_000);
        await database.db
          .insert(ledgerEntries)
          .values({ ...entry, type: "refund", amount: -payment.amount, createdAt: refundedAt });
      }
    }
    const { plan, ...rest } = subscription;
    await insertTestSubscription(database.db, { userId, pricePlanId: plan.id, currentPeriodEnd: now, ...rest });
  }

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    const usd = await seededPlan(database.db, "subscription", { currency: "USD" });
    const eur = await seededPlan(database.db, "subscription", { currency: "EUR" });
    const upsell = await seededPlan(database.db, "upsale", { currency: "EUR" });
    const lifetime = await seededPlan(database.db, "lifetime", { currency: "USD" });
    const [monthly] = await database.db
      .insert(pricePlans)
      .values({ ...usd, id: undefined, variant: "no_trial", trialDays: 0, amount: 2999 })
      .returning();
    if (!monthly) throw new Error("no plan");
    expect([usd.trialDays, usd.periodDays, usd.renewalAmount, eur.renewalAmount]).toEqual([3, 30, 2999, 2999]);
    const first = (plan: Plan, moment: string, status = "approved") => ({
      purpose: "subscription",
      status,
      at: moment,
      amount: plan === monthly ? 2999 : 199,
      plan,
    });
    const renewal = (plan: Plan, moment: string, status = "approved", amount = 2999) => ({
      purpose: "renewal",
      status,
      at: moment,
      amount,
      plan,
    });

    // A (USD, W09): paying since its first renewal on 02-27.
    await parent([first(usd, "02-24T10:00"), renewal(usd, "02-27T10:00")], {
      plan: usd,
      currentPeriodEnd: at("03-29T10:00"),
    });
    // B (USD, W10): first payment refunded; the first renewal failed on 03-05 and was paid at the retry on 03-08.
    await parent(
      [first(usd, "03-02T09:00", "refunded"), renewal(usd, "03-05T09:00", "declined"), renewal(usd, "03-08T09:00")],
      {
        plan: usd,
        currentPeriodEnd: at("04-07T09:00"),
      },
    );
    // C (EUR, W10): the add-on packs, cancelled in the trial; ended when the trial did, 03-06 12:00.
    await parent(
      [
        first(eur, "03-03T12:00"),
        { purpose: "upsale", status: "approved", at: "03-03T12:05", amount: 1499, plan: upsell },
      ],
      { plan: eur, status: "expired", cancelledAt: at("03-04T08:00"), currentPeriodEnd: at("03-06T12:00") },
    );
    // D (EUR, W11): weekly at 7.00 (MRR 7.00 * 30 / 7 = 30.00), paid on 03-12, in dunning since 03-19: still active.
    await parent(
      [
        first(eur, "03-09T08:00"),
        renewal(eur, "03-12T08:00", "approved", 700),
        renewal(eur, "03-19T08:00", "declined", 700),
      ],
      {
        plan: eur,
        status: "past_due",
        renewalAmount: 700,
        periodDays: 7,
        failedRenewals: 1,
        currentPeriodEnd: at("03-19T08:00"),
      },
    );
    // E (USD, W06): paid from 02-05, cancelled on 02-20, ended at the period's end on 03-07: churned.
    await parent([first(usd, "02-02T10:00"), renewal(usd, "02-05T10:00")], {
      plan: usd,
      status: "expired",
      cancelledAt: at("02-20T10:00"),
      currentPeriodEnd: at("03-07T10:00"),
    });
    // F (USD, W06): paid from 02-06; the second renewal failed three times, the last on 03-16: churned.
    await parent(
      [
        first(usd, "02-03T10:00"),
        renewal(usd, "02-06T10:00"),
        renewal(usd, "03-08T10:00", "declined"),
        renewal(usd, "03-11T10:00", "declined"),
        renewal(usd, "03-16T14:00", "declined"),
      ],
      { plan: usd, status: "expired", failedRenewals: 3, currentPeriodEnd: at("03-08T10:00") },
    );
    // G (USD, W11): lifetime access in the trial's first minutes: no MRR, never churns.
    await parent(
      [
        first(usd, "03-10T11:00"),
        { purpose: "lifetime", status: "approved", at: "03-10T11:05", amount: 2999, plan: lifetime },
      ],
      { plan: usd, status: "lifetime", currentPeriodEnd: at("03-13T11:00") },
    );
    // H (USD, W12): a plan without a trial, paying from its first payment on 03-16.
    await parent([first(monthly, "03-16T09:00")], { plan: monthly, currentPeriodEnd: at("04-15T09:00") });
    // I (USD, W12): in its trial until 03-22.
    await parent([first(usd, "03-19T20:00")], { plan: usd, status: "trialing", currentPeriodEnd: at("03-22T20:00") });
    // J: a declined first payment is no subscription at all.
    await parent([first(usd, "03-05T10:00", "declined")], { plan: usd, status: "expired" });

    metrics = await getSubscriptionMetrics(database, { from: "2026-03-01", to: "2026-03-31" }, now);
    cohorts = await getSubscriptionCohorts(database, { from: "2026-02-01", to: "2026-03-31" }, now);
  }, 60_000);
  afterAll(() => database.close());

  const day = (date: string, currency: string) =>
    metrics.daily.find((row) => row.day === `2026-${date}` && row.currency === currency);

  it("counts each day's active, trial and lifetime subscribers and MRR per currency, up to today", () => {
    expect(metrics.daily.map((row) => row.day)).toEqual(
      Array.from({ length: 20 }, (_, index) => `2026-03-${String(index + 1).padStart(2, "0")}`).flatMap((date) => [
        date,
        date,
      ]),
    );
    // A, E and F paying on the 1st; B in trial from the 2nd.
    expect(day("03-01", "USD")).toEqual({
      day: "2026-03-01",
      currency: "USD",
      active: 3,
      inTrial: 0,
      lifetime: 0,
      mrr: 3 * 2999,
      newPaid: 0,
      churned: 0,
      newTrials: 0,
    });
    expect(day("03-02", "USD")).toMatchObject({ active: 3, inTrial: 1, newTrials: 1 });
    expect(day("03-07", "USD")).toMatchObject({ active: 2, mrr: 2 * 2999, churned: 1 });
    expect(day("03-08", "USD")).toMatchObject({ active: 3, inTrial: 0, newPaid: 1 });
    // G's trial began and ended in lifetime on the same day.
    expect(day("03-10", "USD")).toMatchObject({ active: 3, inTrial: 0, lifetime: 1, newTrials: 1 });
    // F ended and H began paying.
    expect(day("03-16", "USD")).toMatchObject({ active: 3, mrr: 3 * 2999, newPaid: 1, churned: 1 });
    expect(day("03-20", "USD")).toMatchObject({ active: 3, inTrial: 1, lifetime: 1, mrr: 3 * 2999 });

    expect(day("03-02", "EUR")).toMatchObject({ active: 0, inTrial: 0, mrr: 0 });
    expect(day("03-03", "EUR")).toMatchObject({ inTrial: 1, newTrials: 1 });
    expect(day("03-06", "EUR")).toMatchObject({ inTrial: 0, churned: 0 });
    expect(day("03-12", "EUR")).toMatchObject({ active: 1, inTrial: 0, mrr: 3000, newPaid: 1 });
    // D is in dunning since the 19th and still counted.
    expect(day("03-20", "EUR")).toMatchObject({ active: 1, mrr: 3000 });
  });

  it("rates churn over the range as churned over those active at its start plus the new paid", () => {
    expect(metrics.churn).toEqual([
      { currency: "EUR", activeAtStart: 0, newPaid: 1, churned: 0, rate: 0 },
      { currency: "USD", activeAtStart: 3, newPaid: 2, churned: 2, rate: 2 / 5 },
    ]);
  });

  it("shows only the days asked for", async () => {
    const one = await getSubscriptionMetrics(database, { from: "2026-03-16", to: "2026-03-16" }, now);
    expect(one.daily).toEqual([day("03-16", "EUR"), day("03-16", "USD")]);
    expect(one.churn).toEqual([
      { currency: "EUR", activeAtStart: 1, newPaid: 0, churned: 0, rate: 0 },
      { currency: "USD", activeAtStart: 3, newPaid: 1, churned: 1, rate: 1 / 4 },
    ]);
  });

  it("groups parents by the ISO week of their first payment, with trial to paid and the refund rate", () => {
    // Renewals count as reached 8 days (the dunning retries) after they fell due: by 03-12 12:00.
    expect(cohorts.renewals).toBe(2);
    expect(cohorts.cohorts.map(({ retention, ...cohort }) => cohort)).toEqual([
      {
        week: "2026-W06",
        weekStart: "2026-02-02",
        parents: 2,
        trialsEnded: 2,
        converted: 2,
        trialToPaid: 1,
        refundedFirstPayments: 0,
        refundRate: 0,
      },
      {
        week: "2026-W09",
        weekStart: "2026-02-23",
        parents: 1,
        trialsEnded: 1,
        converted: 1,
        trialToPaid: 1,
        refundedFirstPayments: 0,
        refundRate: 0,
      },
      {
        week: "2026-W10",
        weekStart: "2026-03-02",
        parents: 2,
        trialsEnded: 2,
        converted: 1,
        trialToPaid: 0.5,
        refundedFirstPayments: 1,
        refundRate: 0.5,
      },
      {
        week: "2026-W11",
        weekStart: "2026-03-09",
        parents: 2,
        trialsEnded: 2,
        converted: 1,
        trialToPaid: 0.5,
        refundedFirstPayments: 0,
        refundRate: 0,
      },
      {
        week: "2026-W12",
        weekStart: "2026-03-16",
        parents: 2,
        trialsEnded: 0,
        converted: 0,
        trialToPaid: null,
        refundedFirstPayments: 0,
        refundRate: 0,
      },
    ]);
  });

  it("builds the renewal triangle from the parents old enough to have reached each renewal", () => {
    expect(cohorts.cohorts.map((cohort) => cohort.retention)).toEqual([
      // E and F paid their first renewal; F's second failed (E had cancelled).
      [
        { reached: 2, paid: 2, rate: 1 },
        { reached: 2, paid: 0, rate: 0 },
      ],
      [
        { reached: 1, paid: 1, rate: 1 },
        { reached: 0, paid: 0, rate: null },
      ],
      // B recovered at the retry; C cancelled in the trial.
      [
        { reached: 2, paid: 1, rate: 0.5 },
        { reached: 0, paid: 0, rate: null },
      ],
      // D's first renewal fell due 4 hours before 03-12 12:00; G's (lifetime) not yet.
      [
        { reached: 1, paid: 1, rate: 1 },
        { reached: 0, paid: 0, rate: null },
      ],
      [
        { reached: 0, paid: 0, rate: null },
        { reached: 0, paid: 0, rate: null },
      ],
    ]);
  });

  it("values each cohort per currency: all its parents' charges less refunds over their number", () => {
    expect(cohorts.values).toEqual([
      {
        week: "2026-W06",
        weekStart: "2026-02-02",
        currency: "USD",
        parents: 2,
        net: 2 * (199 + 2999),
        ltv: 199 + 2999,
      },
      { week: "2026-W09", weekStart: "2026-02-23", currency: "USD", parents: 1, net: 199 + 2999, ltv: 199 + 2999 },
      { week: "2026-W10", weekStart: "2026-03-02", currency: "EUR", parents: 1, net: 199 + 1499, ltv: 199 + 1499 },
      { week: "2026-W10", weekStart: "2026-03-02", currency: "USD", parents: 1, net: 2999, ltv: 2999 },
      { week: "2026-W11", weekStart: "2026-03-09", currency: "EUR", parents: 1, net: 199 + 700, ltv: 199 + 700 },
      { week: "2026-W11", weekStart: "2026-03-09", currency: "USD", parents: 1, net: 199 + 2999, ltv: 199 + 2999 },
      { week: "2026-W12", weekStart: "2026-03-16", currency: "USD", parents: 2, net: 2999 + 199, ltv: 1599 },
    ]);
  });
});
