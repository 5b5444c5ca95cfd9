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
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

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
    });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      databaseUrl: options.databaseUrl,
      client: pool,
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith("memory://")) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    databaseUrl: undefined,
    client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
