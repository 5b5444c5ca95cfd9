import { existsSync } from "node:fs";
import { cp, rename, rm } from "node:fs/promises";
import { type DbHandle, openDb } from "@kinderready/db/open-db";
import { migrateSimulator } from "@kinderready/gateway-simulator/simulator-migrations";

// The end-to-end servers' embedded databases start as copies of one migrated data folder per run
// (its path in KINDERREADY_E2E_TEMPLATE, set by playwright.config.ts) instead of running initdb
// and every migration again: a new PGlite data folder costs about 5 s of CPU, a copy a few
// milliseconds. Whoever needs the template first builds it; two building at once both finish,
// and the second's copy is dropped.

const templateVariable = "KINDERREADY_E2E_TEMPLATE";

/** Makes `dataDir` (not yet existing) a migrated embedded database, the payment simulator's tables included. */
export async function copyMigratedDatabase(dataDir: string): Promise<void> {
  const template = process.env[templateVariable];
  if (!template) throw new Error(`${templateVariable} is not set: run the suite with playwright.config.ts`);
  if (!existsSync(template)) {
    const building = `${template}-${process.pid}`;
    const handle = await openDb({ dataDir: building });
    await handle.migrate();
    await migrateSimulator(handle);
    await handle.close();
    await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  }
  await cp(template, dataDir, { recursive: true });
}

/** A migrated embedded database at `dataDir`, open, for a spec that seeds it before its server starts. */
export async function openMigratedDatabase(dataDir: string): Promise<DbHandle> {
  await copyMigratedDatabase(dataDir);
  return openDb({ dataDir });
}

// `node e2e/migrated-database.ts <dataDir>`: the same for a server the config starts.
if (process.argv[1] && import.meta.filename === process.argv[1]) await copyMigratedDatabase(process.argv[2] ?? "");
