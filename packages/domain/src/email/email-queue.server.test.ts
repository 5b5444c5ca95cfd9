import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { emailMessages, orders } from "@kinderready/db/schema";
import { startJobs } from "@kinderready/db/start-jobs";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirstOrder } from "../../test/first-payment.server.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { insertOrderEmail } from "./email-message-queries.server.ts";
import { enqueueEmail } from "./email-queue.server.ts";

// The receipt is written inside the transaction that records an approval and enqueued after
// the commit: with a real pg-boss on PGlite's single connection, an enqueue inside the
// transaction waited for that transaction and never returned.

describe.each(testDatabases())("receipt queueing on $name", (target) => {
  let database: DbHandle;
  let boss: PgBoss;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    boss = await startJobs(database, { log: createLogger({ level: "warn" }) });
    await boss.createQueue("email-send", { policy: "stately" });
    await seedPriceCatalogue({ db: database.db });
  }, 60_000);
  afterAll(async () => {
    await boss.stop({ graceful: false });
    await database.close();
  });

  const newParent = async () => (await insertTestParent(database.db)).id;

  const newOrder = async (userId: string) => {
    const order = await createFirstOrder(database.db, userId);
    return { orderId: order.orderId, userId };
  };

  const receiptsOf = (userId: string) =>
    database.db.select().from(emailMessages).where(eq(emailMessages.userId, userId));

  it("writes one receipt per order, enqueued once the approval is committed", async () => {
    const userId = await newParent();
    const order = await newOrder(userId);
    const first = await database.db.transaction((tx) => insertOrderEmail(tx, order, "receipt"));
    const again = await database.db.transaction((tx) => insertOrderEmail(tx, order, "receipt"));
    expect(first).toBeDefined();
    expect(again).toBeUndefined();
    expect(await receiptsOf(userId)).toHaveLength(1);

    await enqueueEmail(boss, first ?? "");
    const jobs = (await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'email-send' and data->>'messageId' = ${first ?? ""}`,
    )) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0]?.n).toBe(1);
  }, 20_000);

  it("leaves no receipt when the approval rolls back", async () => {
    const userId = await newParent();
    const order = await newOrder(userId);
    const rollback = new Error("rollback");
    await expect(
      database.db.transaction(async (tx) => {
        await insertOrderEmail(tx, order, "receipt");
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await receiptsOf(userId)).toHaveLength(0);
  });

  it("writes no receipt for a charge the product refunds by itself", async () => {
    const userId = await newParent();
    const order = await newOrder(userId);
    await database.db.update(orders).set({ refundReason: "duplicate" }).where(eq(orders.orderId, order.orderId));
    expect(await database.db.transaction((tx) => insertOrderEmail(tx, order, "receipt"))).toBeUndefined();
    expect(await receiptsOf(userId)).toHaveLength(0);
  });
});
