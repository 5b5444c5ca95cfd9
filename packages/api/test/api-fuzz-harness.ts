import type { Database, DbHandle } from "@kinderready/db/open-db";
import type { AppServices } from "@kinderready/domain/app-services";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { sql } from "drizzle-orm";
import { type FastifyInstance, fastify, type RouteOptions } from "fastify";
import { type ZodType, z } from "zod";
import { apiPlugin } from "../src/api-plugin.ts";
import { apiServerOptions } from "../src/server-options.ts";
import type { JsonSchema } from "./fuzz-arbitraries.ts";
import { testApiKey } from "./test-api.ts";

/** The inputs a route declares, as zod (what the validator runs) and JSON Schema (what the fuzzer reads). */
export type RoutePart = "params" | "body" | "querystring";
export type FuzzedRoute = {
  method: string;
  url: string;
  /** `METHOD /url`, as tests and the exclusion list name it. */
  name: string;
  public: boolean;
  parts: Partial<Record<RoutePart, { zod: ZodType; json: JsonSchema }>>;
};

/** Fastify validates in this order and reports only the first part that fails. */
export const validationOrder: readonly RoutePart[] = ["params", "body", "querystring"];

/**
 * What one route Fastify is adding (its `onRoute` hook) offers the fuzzer: each input part's
 * zod schema and its JSON Schema. Empty for routes nobody calls with input of their own.
 */
export function describeRoute(route: RouteOptions): FuzzedRoute[] {
  const schema = (route.schema ?? {}) as Partial<Record<RoutePart | "hide", unknown>>;
  // The catch-all that answers unknown API paths with a JSON 404: fuzzed by the long-path checks.
  if (schema.hide) return [];
  const parts: FuzzedRoute["parts"] = {};
  for (const part of validationOrder) {
    const zod = schema[part];
    if (zod instanceof z.ZodType) {
      parts[part] = { zod, json: z.toJSONSchema(zod, { io: "input", unrepresentable: "any" }) as JsonSchema };
    }
  }
  return [route.method]
    .flat()
    .filter((method) => method !== "HEAD")
    .map((method) => ({
      method,
      url: route.url,
      name: `${method} ${route.url}`,
      public: Boolean((route.config as { public?: boolean } | undefined)?.public),
      parts,
    }));
}

/**
 * Every route the API plugin registers, as Fastify lists them while they are added (HEAD
 * twins aside: the API declares none of its own, and Fastify's answer a GET's handler).
 * Registering only stores the services in the routes' closures, so none are needed here.
 */
export async function collectApiRoutes(): Promise<FuzzedRoute[]> {
  const app = fastify();
  const found = await registerApi(app, {
    rateLimitMax: 1,
    ping: async () => true,
    services: {} as AppServices,
    errors: { name: "local", report: () => {}, close: async () => {} },
  });
  await app.close();
  return found;
}

/** The API under /api/v1 as the server mounts it (same body limit), with faults collected instead of logged. */
export async function buildFuzzApi(
  database: DbHandle,
  services: AppServices,
): Promise<{ app: FastifyInstance; faults: unknown[]; routes: FuzzedRoute[] }> {
  const faults: unknown[] = [];
  // The server's own options (body limit, router limits and answers), or this would fuzz another server.
  const app = fastify(apiServerOptions);
  const routes = await registerApi(app, {
    // High enough that the fuzzer never meets the limiter, which is not what it tests.
    rateLimitMax: 1_000_000,
    ping: database.ping,
    services,
    errors: { name: "local", report: (error) => faults.push(error), close: async () => {} },
  });
  await app.ready();
  return { app, faults, routes };
}

/** Registers the API plugin under /api/v1 on `app`, describing each route as it is added. */
async function registerApi(
  app: FastifyInstance,
  options: { rateLimitMax: number; ping: () => Promise<boolean>; services: AppServices; errors: ErrorReporter },
): Promise<FuzzedRoute[]> {
  const routes: FuzzedRoute[] = [];
  app.addHook("onRoute", (route) => {
    routes.push(...describeRoute(route));
  });
  await app.register((api) => apiPlugin(api, { apiKey: testApiKey, ...options }), { prefix: "/api/v1" });
  return routes;
}

/**
 * A checksum of every row of every table in the public schema, per table. pg-boss keeps its
 * queue in its own schema (the job system's bookkeeping, which it changes on its own clock), so
 * it is not compared; neither are Drizzle's migrations (schema "drizzle").
 */
export async function databaseFingerprint(db: Database): Promise<Map<string, string>> {
  const tables = (await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
    rows: { name: string }[];
  };
  const selects = tables.rows.map(
    (table) =>
      sql`select ${table.name}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as digest from ${sql.identifier(table.name)} r`,
  );
  const result = (await db.execute(sql.join(selects, sql` union all `))) as unknown as {
    rows: { name: string; digest: string }[];
  };
  return new Map(result.rows.map((row) => [row.name, row.digest]));
}

/** The tables whose checksum differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
