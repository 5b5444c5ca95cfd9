import { fileURLToPath } from "node:url";
import type { DbHandle, MigrationSet } from "@kinderready/db/open-db";

const simulatorMigrations: MigrationSet = {
  folder: fileURLToPath(new URL("../migrations", import.meta.url)),
  table: "__simulator_migrations",
};

/** Creates or upgrades the simulator's tables; after the product's migrations, where it runs. */
export function migrateSimulator(database: DbHandle): Promise<void> {
  return database.migrate(simulatorMigrations);
}
