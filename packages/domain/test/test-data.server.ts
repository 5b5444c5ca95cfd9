import type { Database } from "@kinderready/db/open-db";
import { orders, pricePlans, reviews, subscriptions, users } from "@kinderready/db/schema";
import { eq } from "drizzle-orm";
import { createRandomToken } from "../src/random-token.ts";
import { seededPlan } from "./price-plans.ts";

// Tests only: rows written straight to the database with valid defaults (random tokens and ids,
// so rows never collide on a unique column). A test overrides only the columns it is about.

/** A row of a parent's: whose it is, and any other column to override. */
type ParentsRow<Row> = { userId: string } & Partial<Row>;

const day = 86_400_000;

function onlyRow<Row>(rows: Row[], table: string): Row {
  const [row] = rows;
  if (!row) throw new Error(`no ${table} row written`);
  return row;
}

/** A parent who finished the quiz (token, email, English, main flow), with any columns overridden. */
export async function insertTestParent(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const rows = await db
    .insert(users)
    .values({
      token: createRandomToken(),
      product: "kinderready",
      email: `${createRandomToken()}@example.com`,
      locale: "en",
      flow: "main",
      purchasePath: "/purchase/",
      marketingContactId: createRandomToken(),
      ...overrides,
    })
    .returning();
  return onlyRow(rows, "users");
}

/** The plan named, or else the seeded initial USD subscription plan (the price catalogue must be seeded). */
async function planOrFirstSubscription(db: Database, pricePlanId: string | undefined) {
  if (!pricePlanId) return seededPlan(db, "subscription");
  const [plan] = await db.select().from(pricePlans).where(eq(pricePlans.id, pricePlanId));
  if (!plan) throw new Error(`no price plan ${pricePlanId}`);
  return plan;
}

/**
 * A parent's charge: by default an approved first subscription payment through the simulator,
 * at its plan's price and currency, under a random order id and idempotency key.
 */
export async function insertTestOrder(db: Database, { userId, ...overrides }: ParentsRow<typeof orders.$inferInsert>) {
  const plan = await planOrFirstSubscription(db, overrides.pricePlanId);
  const rows = await db
    .insert(orders)
    .values({
      orderId: `kr_${createRandomToken()}`,
      userId,
      purpose: "subscription",
      idempotencyKey: createRandomToken(),
      pricePlanId: plan.id,
      amount: plan.amount,
      currency: plan.currency,
      gateway: "simulator",
      status: "approved",
      ...overrides,
    })
    .returning();
  return onlyRow(rows, "orders");
}

/** A parent's subscription: by default active on its plan's renewal terms, the period ending one period from now. */
export async function insertTestSubscription(
  db: Database,
  { userId, ...overrides }: ParentsRow<typeof subscriptions.$inferInsert>,
) {
  const plan = await planOrFirstSubscription(db, overrides.pricePlanId);
  const periodDays = overrides.periodDays ?? plan.periodDays ?? 30;
  const rows = await db
    .insert(subscriptions)
    .values({
      userId,
      product: plan.product,
      status: "active",
      pricePlanId: plan.id,
      renewalAmount: plan.renewalAmount ?? plan.amount,
      currency: plan.currency,
      periodDays,
      currentPeriodEnd: new Date(Date.now() + periodDays * day),
      ...overrides,
    })
    .returning();
  return onlyRow(rows, "subscriptions");
}

/** A parent's review: by default five stars in English, waiting for moderation. */
export async function insertTestReview(
  db: Database,
  { userId, ...overrides }: ParentsRow<typeof reviews.$inferInsert>,
) {
  const rows = await db
    .insert(reviews)
    .values({
      userId,
      locale: "en",
      rating: 5,
      text: "Our daughter asks for a new page every evening.",
      firstName: "Mia",
      ...overrides,
    })
    .returning();
  return onlyRow(rows, "reviews");
}
