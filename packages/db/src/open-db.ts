import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DbHandle = {
  db: Database;
  /** "pglite" for the embedded database, "postgres" for a server. */
  kind: "pglite" | "postgres";
  /** The server's URL for PostgreSQL; undefined for PGlite. */
  databaseUrl: string | undefined;
  /** The raw client, for libraries that need one (pg-boss). */
  client: PGlite | pg.Pool;
  /** Applies the product's migrations, or another party's own set (the gateway simulator's). */
  migrate(set?: MigrationSet): Promise<void>;
  /**
   * Runs `work` (migrations and seeds) while holding a PostgreSQL advisory lock, so processes
   * starting together take turns instead of racing; PGlite has one process and no lock.
   */
  whileMigrating<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** A folder of migrations and the table that records which of them ran. */
export type MigrationSet = { folder: string; table: string };

const productMigrations: MigrationSet = {
  folder: fileURLToPath(new URL("../migrations", import.meta.url)),
  table: "__drizzle_migrations",
};
const migratorOptions = ({ folder, table }: MigrationSet) => ({ migrationsFolder: folder, migrationsTable: table });

/**
 * Opens PostgreSQL when `databaseUrl` is set, otherwise the embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory). Both expose the same Drizzle schema.
 */
export async function openDb(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Fail fast when the server is gone instead of queueing requests behind a dead pool.
      connectionTimeoutMillis: 3000,
      // A server that froze (not refusing, not answering) must not hold a request for minutes
      // until TCP gives up: 30 s is far above the slowest console report.
      query_timeout: 30_000,
      keepAlive: true,
    });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => {});
    // Nor may a checked-out one (inside a transaction) when the server restarts: the pool
    // listens only to idle clients, and the query in flight gets the error anyway.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      databaseUrl: options.databaseUrl,
      client: pool,
      migrate: (set = productMigrations) => migratePg(db, migratorOptions(set)),
      whileMigrating: (work) => withAdvisoryLock(pool, work),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith("memory://")) await mkdir(options.dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(options.dataDir));
}

/** The handle over an open PGlite (one made from a dumped data folder, in the tests). */
export function wrapPglite(client: PGlite): DbHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    databaseUrl: undefined,
    client,
    migrate: (set = productMigrations) => migratePglite(db, migratorOptions(set)),
    whileMigrating: (work) => work(),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

// Any fixed number will do; it names this application's start-up lock.
const migrationLockId = 7_312_048_812;

async function withAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // Another process's migrations may take longer than an ordinary query is allowed.
    // (node-postgres reads a per-query query_timeout; its types do not list it.)
    const wait = { text: "select pg_advisory_lock($1)", values: [migrationLockId], query_timeout: 600_000 };
    await client.query(wait as pg.QueryConfig);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [migrationLockId]);
    }
  } finally {
    client.release();
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
