import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDb } from "../src/open-db.ts";

// Tests only: the product's migrations applied once per test run, into a template each test
// file's database is copied from, instead of once per file. On PGlite most of a new database's
// cost is initdb (2.4 s of its 2.7 s here); loading a dumped, migrated data folder takes 1 s. On
// PostgreSQL, CREATE DATABASE … TEMPLATE copies the migrated catalogue in one statement.

export type DatabaseTemplates = {
  /** A migrated PGlite data folder, dumped to a file. */
  pglite: string;
  /** A migrated database on the PostgreSQL server, when the run has one. */
  postgres: string | undefined;
};

/** Builds both templates; `drop` removes them at the end of the run. */
export async function createDatabaseTemplates(
  databaseUrl: string | undefined,
): Promise<DatabaseTemplates & { drop(): Promise<void> }> {
  const suffix = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const pglite = join(tmpdir(), `kinderready-test-template-${suffix}.tar`);
  const embedded = await openDb({ dataDir: "memory://" });
  await embedded.migrate();
  const dump = await (embedded.client as PGlite).dumpDataDir("none");
  await writeFile(pglite, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();

  const postgres = databaseUrl ? `test_template_${suffix}` : undefined;
  if (databaseUrl && postgres) {
    await adminQuery(databaseUrl, `create database ${postgres}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${postgres}`;
    const server = await openDb({ databaseUrl: url.toString(), dataDir: "memory://" });
    await server.migrate();
    await server.close();
  }
  return {
    pglite,
    postgres,
    async drop() {
      await rm(pglite, { force: true });
      if (databaseUrl && postgres) await adminQuery(databaseUrl, `drop database if exists ${postgres} with (force)`);
    },
  };
}

/** One statement on the server's maintenance connection (CREATE and DROP DATABASE run outside transactions). */
export async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
