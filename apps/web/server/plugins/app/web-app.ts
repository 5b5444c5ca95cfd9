import type { Config } from "@kinderready/config/config.server";
import type { Logger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import type { AppServices } from "@kinderready/domain/app-services";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import type { RenderPool } from "@kinderready/kit/render-pool.server";
import type { FastifyInstance } from "fastify";
import type { ViteDevServer } from "vite";
import type { RateLimitSharing } from "../../shared-rate-limit.ts";
import { registerApi } from "./api.ts";
import { registerGatewaySimulator } from "./gateway-simulator.ts";
import { registerPages } from "./pages.ts";
import { registerPrintableFiles } from "./printable-files.ts";

type WebAppDeps = {
  config: Config;
  database: Pick<DbHandle, "db" | "ping">;
  services: AppServices;
  errors: ErrorReporter;
  log: Logger;
  rateLimits: RateLimitSharing;
  renderPool: RenderPool;
  /** Present in development: pages come from Vite with hot reload instead of the build. */
  vite: ViteDevServer | undefined;
};

/** What a web process serves, in order: the gateway simulator when configured, the printable files, the API, the pages. */
export async function registerWebApp(app: FastifyInstance, deps: WebAppDeps): Promise<void> {
  const { config, database, services, errors, rateLimits } = deps;
  await registerGatewaySimulator(app, { config, db: database.db });
  await registerPrintableFiles(app, { config, printables: services.printables, errors, pool: deps.renderPool });
  await registerApi(app, { config, services, errors, ping: database.ping, rateLimits });
  const pageCache = { ttlMs: config.pageCacheTtlSeconds * 1_000, maxEntries: 256 };
  await registerPages(app, { config, services, errors, log: deps.log, rateLimits, vite: deps.vite, pageCache });
}
