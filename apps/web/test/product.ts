import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { apiKeyFor, type Config, loadConfig } from "@kinderready/config/config.server";
import type { TestDatabase } from "@kinderready/db/test/test-databases";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { createServer as createViteServer, isRunnableDevEnvironment } from "vite";
import type { buildServer } from "../server/create-server.ts";
import { freePort } from "./free-port.ts";

const webRoot = fileURLToPath(new URL("..", import.meta.url));

const productTestApiSecret = "product-test-secret-0123456789";
/** The key test requests send as `x-api-key`: derived from the server's API_SECRET, as in production. */
export const productTestApiKey = apiKeyFor(productTestApiSecret);

export type TestProduct = {
  app: FastifyInstance;
  /** Where the server listens (`http://127.0.0.1:port`), which is also its APP_URL. */
  origin: string;
  /** The PostgreSQL database it uses, when it uses one (an embedded one is in DATA_DIR). */
  databaseUrl: string | undefined;
  /** The configuration it runs with (the simulator's keys, the first operator). */
  config: Config;
  close(): Promise<void>;
};

/**
 * The whole product as `npm start` serves it (pages, API, load shedding, request rules) on a
 * database of its own, listening on a free local port (the payment simulator calls it back).
 * The pages are compiled by Vite instead of read from a build, so no build is needed; the server
 * and the pages load through the same Vite module runner and so share the request context.
 * `env` adds or overrides configuration variables.
 */
export async function startTestProduct(target: TestDatabase, env: Record<string, string> = {}): Promise<TestProduct> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const database = await freshDatabase(target);
  const vite = await createViteServer({
    root: webRoot,
    configFile: `${webRoot}/vite.config.ts`,
    appType: "custom",
    logLevel: "warn",
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  const ssr = vite.environments.ssr;
  if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error("Vite has no runnable SSR environment");
  const server = (await ssr.runner.import(`${webRoot}/server/create-server.ts`)) as { buildServer: typeof buildServer };
  const config = loadConfig({
    APP_ENV: "local",
    API_SECRET: productTestApiSecret,
    APP_URL: origin,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    // The tests make many requests from one address; the limiter is tested on its own.
    RATE_LIMIT_MAX: "1000000",
    ...database.env,
    ...env,
  });
  const app = await server.buildServer({ config, vite });
  await app.listen({ port, host: "127.0.0.1" });
  return {
    app,
    origin,
    databaseUrl: database.env.DATABASE_URL,
    config,
    async close() {
      await app.close();
      await vite.close();
      await database.drop();
    },
  };
}

/** In-memory PGlite, or a database created for this server on the PostgreSQL server (dropped after). */
async function freshDatabase(target: TestDatabase): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (!target.databaseUrl) return { env: { DATA_DIR: "memory://" }, drop: async () => {} };
  const adminUrl = target.databaseUrl;
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: "memory://" },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
