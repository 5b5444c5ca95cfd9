import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { loadTestDatabaseUrl } from "@kinderready/config/config.server";
import { inject } from "vitest";
import { type DbHandle, openDb, wrapPglite } from "../src/open-db.ts";
import { adminQuery, type DatabaseTemplates } from "./database-templates.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Made once per run by the global set-up (vitest.global-setup.ts). */
    databaseTemplates: DatabaseTemplates;
  }
}

export type TestDatabase = { name: string; databaseUrl: string | undefined; dataDir: string };

/** The databases an integration test runs against: embedded always, PostgreSQL when configured. */
export function testDatabases(): TestDatabase[] {
  const databaseUrl = loadTestDatabaseUrl();
  return [
    { name: "pglite", databaseUrl: undefined, dataDir: "memory://" },
    ...(databaseUrl ? [{ name: "postgres", databaseUrl, dataDir: "memory://" }] : []),
  ];
}

/**
 * A migrated, empty database of its own for one test file: in-memory PGlite, or a fresh
 * database on the PostgreSQL server (dropped on close), so test files never share rows. Both are
 * copies of the run's migrated templates.
 */
export async function openTestDatabase(target: TestDatabase): Promise<DbHandle> {
  const templates = inject("databaseTemplates");
  if (!target.databaseUrl) {
    const dump = await readFile(templates.pglite);
    return wrapPglite(await PGlite.create({ loadDataDir: new Blob([dump]) }));
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  // The template exists for the server the run was configured with; another server migrates its own.
  const template = target.databaseUrl === loadTestDatabaseUrl() ? templates.postgres : undefined;
  await adminQuery(target.databaseUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(target.databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), dataDir: target.dataDir });
  if (!template) await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(target.databaseUrl as string, `drop database if exists ${name} with (force)`);
    },
  };
}
