import type { Config } from "@kinderready/config/config.server";
import { type DbHandle, openDb } from "@kinderready/db/open-db";
import { seedDatabase } from "@kinderready/db/seed-database";
import { backfillVisitorFunnel } from "@kinderready/domain/analytics/visitor-funnel.server";
import { ensureFirstOperator } from "@kinderready/domain/console/operator-accounts.server";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { migrateSimulator } from "@kinderready/gateway-simulator/simulator-migrations";

/**
 * The start-up step before anything serves: the database opened, migrated (the simulator's own
 * tables too where it is the gateway) and seeded (settings,
 * the price catalogue, the first console operator when configured). Processes starting together
 * (web and worker roles) take turns; the second finds it done, the first operator included (two
 * processes creating it at once would collide).
 */
export async function prepareDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir" | "firstOperator" | "payments">,
): Promise<{ database: DbHandle; createdOperator?: string }> {
  const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  return database.whileMigrating(async () => {
    await database.migrate();
    if (config.payments.gateway === "simulator") await migrateSimulator(database);
    await seedDatabase(database.db);
    await seedPriceCatalogue({ db: database.db });
    // Once, after the upgrade that added the console's funnel table: events stored before it.
    await backfillVisitorFunnel({ db: database.db });
    const { firstOperator } = config;
    const created = firstOperator ? await ensureFirstOperator(database, firstOperator) : false;
    return { database, ...(created && firstOperator && { createdOperator: firstOperator.email }) };
  });
}
