import { randomBytes } from "node:crypto";
import { loadTestDatabaseUrl } from "@kinderready/config/config.server";
import pg from "pg";
import { type DbHandle, openDb } from "../src/open-db.ts";

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
 * database on the PostgreSQL server (dropped on close), so test files never share rows.
 */
export async function openTestDatabase(target: TestDatabase): Promise<DbHandle> {
  if (!target.databaseUrl) {
    const handle = await openDb(target);
    await handle.migrate();
    return handle;
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: target.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(target.databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), dataDir: target.dataDir });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: target.databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
