import { loadTestDatabaseUrl } from "@kinderready/config/config.server";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable.ts";
import { openDb } from "./open-db.ts";

const testDatabaseUrl = loadTestDatabaseUrl();

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
// How Drizzle hands a driver error to the caller.
const wrapped = (cause: Error) => new Error("Failed query: select 1\nparams: ", { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", withCode("read ECONNRESET", "ECONNRESET")],
    ["a terminated connection", new Error("Connection terminated unexpectedly")],
    ["a pool that waited too long", new Error("timeout exceeded when trying to connect")],
    ["a connection time-out", new Error("Connection terminated due to connection timeout")],
    ["an administrator's shutdown (57P01)", withCode("terminating connection due to administrator command", "57P01")],
    [
      "a crash shutdown (57P02)",
      withCode("terminating connection because of crash of another server process", "57P02"),
    ],
    ["a server starting up (57P03)", withCode("the database system is starting up", "57P03")],
    ["a connection exception (08006)", withCode("connection failure", "08006")],
    ["no connection slot left (53300)", withCode("sorry, too many clients already", "53300")],
  ])("is true for %s, bare or wrapped by Drizzle", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", withCode('duplicate key value violates unique constraint "users_pkey"', "23505")],
    ["a syntax error (42601)", withCode('syntax error at or near "selec"', "42601")],
    ["a serialization failure (40001)", withCode("could not serialize access", "40001")],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it("is false for another service that cannot be reached, whatever socket code it carries", () => {
    const refused = withCode("connect ECONNREFUSED 10.0.0.7:443", "ECONNREFUSED");
    // What fetch throws (undici), and an adapter's own error around it.
    const fetchFailed = new TypeError("fetch failed", { cause: refused });
    const gatewayDown = Object.assign(new Error("status: TypeError: fetch failed", { cause: fetchFailed }), {
      name: "GatewayUnavailableError",
    });
    expect(isDatabaseUnavailable(fetchFailed)).toBe(false);
    expect(isDatabaseUnavailable(gatewayDown)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(gatewayDown))).toBe(false);
    // The same code straight from the driver is the database.
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it("is false for what is not an error", () => {
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable({ code: "ECONNREFUSED" })).toBe(false);
  });

  it("recognises what a query through Drizzle throws when nothing listens on the port", async () => {
    // Port 9 (discard) on loopback: nothing listens there, so the connection is refused.
    const database = await openDb({ databaseUrl: "postgres://postgres@127.0.0.1:9/none", dataDir: "memory://" });
    try {
      const error = await database.db.execute("select 1").then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!testDatabaseUrl)("recognises a connection the server terminated (PostgreSQL)", async () => {
    const victim = new pg.Client({ connectionString: testDatabaseUrl });
    // A terminated backend also emits an error event; unhandled, it would fail the test run.
    victim.on("error", () => {});
    await victim.connect();
    const killer = new pg.Client({ connectionString: testDatabaseUrl });
    await killer.connect();
    try {
      const { rows } = await victim.query<{ pid: number }>("select pg_backend_pid() as pid");
      await killer.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
      const error = await victim.query("select 1").then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await killer.end();
      await victim.end().catch(() => {});
    }
  });

  it.skipIf(!testDatabaseUrl)(
    "lets a transaction whose connection the server terminates fail as an outage, without crashing the process",
    async () => {
      const database = await openDb({ databaseUrl: testDatabaseUrl, dataDir: "memory://" });
      const killer = new pg.Client({ connectionString: testDatabaseUrl });
      await killer.connect();
      try {
        const error = await database.db
          .transaction(async (tx) => {
            const { rows } = (await tx.execute("select pg_backend_pid() as pid")) as unknown as {
              rows: { pid: number }[];
            };
            await killer.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
            // The socket closes while the client is checked out: an "error" event nobody else hears.
            await new Promise((resolve) => setTimeout(resolve, 200));
            await tx.execute("select 1");
          })
          .then(
            () => undefined,
            (thrown: unknown) => thrown,
          );
        expect(isDatabaseUnavailable(error)).toBe(true);
        expect(await database.ping()).toBe(true);
      } finally {
        await killer.end();
        await database.close();
      }
    },
  );
});
