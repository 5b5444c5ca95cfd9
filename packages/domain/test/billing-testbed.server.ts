import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { openTestDatabase, type TestDatabase } from "@kinderready/db/test/test-databases";
import { startLoopbackGateway } from "@kinderready/gateway-simulator/loopback-gateway";
import { issueCardToken } from "@kinderready/gateway-simulator/simulator-plugin";
import { createSplitConfig } from "../src/experiments/split-config.server.ts";
import { applyOrderUpdate, ensureOrder, type PaymentDeps } from "../src/payments/orders.server.ts";
import { settleSubscriptionOrder } from "../src/payments/subscription-billing.server.ts";
import { seedPriceCatalogue } from "../src/pricing/price-config.server.ts";
import { seededPlan } from "./price-plans.ts";

/**
 * Tests only: a database with the price catalogue and the gateway simulator over loopback HTTP,
 * and the payment services over them, on the test's clock.
 */
export async function openBillingTestbed(target: TestDatabase, now: () => Date) {
  const database: DbHandle = await openTestDatabase(target);
  await seedPriceCatalogue({ db: database.db });
  const loopback = await startLoopbackGateway({ database, now });
  const payments: PaymentDeps = {
    db: database.db,
    gateway: loopback.gateway,
    gatewayName: "simulator",
    now,
    onSettled: settleSubscriptionOrder({ now }),
  };
  return {
    database,
    payments,
    /** The split configuration on this database (the defaults until a test sets its own). */
    splits: createSplitConfig({
      db: database.db,
      log: createLogger({ level: "warn" }),
      groupKey: "test-split-group-key",
    }),
    /** The simulator itself: its keys and address, for a test that reaches it another way. */
    loopback,
    /** The parent's first payment, approved through the hosted form with `card`: the trial starts. */
    async subscribe(userId: string, card: string) {
      const trial = await seededPlan(database.db, "subscription");
      const order = await ensureOrder(database, {
        userId,
        purpose: "subscription",
        idempotencyKey: "subscription:first",
        plan: trial,
        amount: trial.amount,
        gatewayName: "simulator",
      });
      await applyOrderUpdate(payments, {
        orderId: order.orderId,
        status: "approved",
        amount: order.amount,
        currency: "USD",
        cardToken: await issueCardToken(database.db, card),
      });
    },
    async close() {
      await loopback.close();
      await database.close();
    },
  };
}
export type BillingTestbed = Awaited<ReturnType<typeof openBillingTestbed>>;
