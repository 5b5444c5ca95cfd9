import { healthOnlyPlugin } from "@kinderready/api/api-plugin";
import { apiServerOptions } from "@kinderready/api/server-options";
import { type Config, loadConfig } from "@kinderready/config/config.server";
import { createLogger } from "@kinderready/config/logger";
import { startJobs } from "@kinderready/db/start-jobs";
import { createErrorReporter } from "@kinderready/domain/adapters/create-error-reporter.server";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { RenderPool } from "@kinderready/kit/render-pool.server";
import { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, fastify } from "fastify";
import type { ViteDevServer } from "vite";
import { secureCookiesFor } from "../app/cookies.ts";
import { composeServices, startWorkers } from "./compose-services.ts";
import { registerLoadShedding } from "./load-shedding.ts";
import { registerWebApp } from "./plugins/app/web-app.ts";
import { registerSecurity } from "./plugins/external/security.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { registerRequestRules } from "./request-rules.ts";
import { createRateLimitSharing } from "./shared-rate-limit.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Where the process's faults go: its entry reports those nothing caught there too. */
    errorReporter: ErrorReporter;
  }
}

export type ServerOptions = {
  config: Config;
  /** Present in development: pages come from Vite with hot reload instead of the build. */
  vite?: ViteDevServer | undefined;
};

/**
 * The composition root: one Fastify process assembled from small steps, in order. Errors are
 * reported from the start; the database is migrated before anything serves; a worker serves only
 * its health; a web process adds the security headers, the gateway simulator when configured,
 * the printable files, the API and the pages.
 */
export async function buildServer({ config, vite }: ServerOptions): Promise<FastifyInstance> {
  // One logger for the process, handed to every part that logs.
  const log = createLogger({
    level: config.logLevel,
    // User tokens travel in query strings and API paths: log neither, only their names.
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: loggedUrl(request), id: request.id }),
    },
  });
  // Before the server, so the SDK (when configured) sees it from its start.
  const errors = await createErrorReporter(config.sentry, log);
  // Fastify's own logger type: routes and plugins are written against it.
  const loggerInstance: FastifyBaseLogger = log;
  const app = fastify({
    loggerInstance,
    trustProxy: config.trustProxy,
    // The body limit, and the router's limits and answers, which the API's error shape covers.
    ...apiServerOptions,
    return503OnClosing: true,
  });
  app.decorate("errorReporter", errors);
  app.addHook("onClose", () => errors.close(2_000));
  // First, so it learns the methods of every route added after it.
  registerRequestRules(app, { bodyLimit: apiServerOptions.bodyLimit });

  const { database, createdOperator } = await prepareDatabase(config);
  if (createdOperator) app.log.info({ email: createdOperator }, "created the first console operator");
  // A web process only enqueues; worker processes (or the one `all` process) run the jobs.
  const jobs = await startJobs(database, { runsJobs: config.role !== "web", log: log.child({ part: "jobs" }) });
  // The kit's pages are drawn on worker threads, for downloads and for the welcome email alike;
  // threads start on first use.
  const renderPool = new RenderPool(config.printablesRenderThreads);
  app.addHook("onClose", () => renderPool.close());
  const wiring = { config, database, jobs, errors, log };
  const { services, sender } = composeServices(wiring);
  await startWorkers(wiring, { services, sender, renderPool });
  app.addHook("onClose", async () => {
    await jobs.stop({ graceful: true, timeout: 5_000 });
    sender.close();
    await database.close();
  });
  if (config.role === "worker") {
    // A worker serves nothing but its health, so orchestrators can watch it like a web process.
    await app.register((health) => healthOnlyPlugin(health, { ping: database.ping }), { prefix: "/api/v1" });
    return app;
  }

  const secureCookies = secureCookiesFor(config.appUrl);
  await registerLoadShedding(app, { maxEventLoopDelayMs: config.overloadEventLoopDelayMs, secureCookies });
  const rateLimits = createRateLimitSharing(config, database);
  app.addHook("onClose", rateLimits.close);
  await registerSecurity(app, config);
  await registerWebApp(app, {
    config,
    database,
    services,
    errors,
    log,
    rateLimits: rateLimits.share,
    renderPool,
    vite,
  });
  return app;
}

/** The path (a route's pattern where it has parameters, e.g. /api/v1/printables/:token) and the query's names. */
function loggedUrl(request: FastifyRequest): string {
  const [path = "", query] = request.url.split("?", 2);
  const pattern = request.routeOptions?.url;
  const shown = pattern?.includes(":") ? pattern : path;
  if (!query) return shown;
  const names = new URLSearchParams(query).keys().toArray();
  return `${shown}?${names.map((name) => `${name}=…`).join("&")}`;
}

/** Factory the Vite dev plugin calls: the same server, with pages from Vite. */
export async function createServer(vite?: ViteDevServer): Promise<FastifyInstance> {
  return buildServer({ config: loadConfig(), vite });
}
