import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import { apiPlugin, healthOnlyPlugin } from "@kinderready/api/api-plugin";
import { registerOpenApi } from "@kinderready/api/openapi";
import { printableFilesPlugin } from "@kinderready/api/routes/printable-files";
import { apiServerOptions } from "@kinderready/api/server-options";
import { type Config, loadConfig, toPublicConfig } from "@kinderready/config/config.server";
import { type DbHandle, openDb } from "@kinderready/db/open-db";
import { seedDatabase } from "@kinderready/db/seed-database";
import { startJobs } from "@kinderready/db/start-jobs";
import { startForwardingJobs } from "@kinderready/domain/analytics/forwarding/forwarding-jobs.server";
import { ensureFirstOperator } from "@kinderready/domain/console/operator-accounts.server";
import { backfillVisitorFunnel } from "@kinderready/domain/console/visitor-funnel.server";
import {
  createEmailQueues,
  type EmailQueue,
  enqueueEmail,
  queueReceipt,
  startEmailWorker,
} from "@kinderready/domain/email/email-queue.server";
import { createMailSender } from "@kinderready/domain/email/mail-sender.server";
import { createErrorReporter } from "@kinderready/domain/error-reporting/create-error-reporter.server";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { geoCookieName } from "@kinderready/domain/geo/geo-cookie.server";
import { createGeoService } from "@kinderready/domain/geo/geo-service.server";
import { resolveVisitGeo } from "@kinderready/domain/geo/visit-geo.server";
import { startHousekeepingJobs } from "@kinderready/domain/housekeeping-jobs.server";
import type { SettleHook } from "@kinderready/domain/payments/orders.server";
import { createPaymentQueues, startPaymentJobs } from "@kinderready/domain/payments/payment-jobs.server";
import { createSolidgateGateway } from "@kinderready/domain/payments/solidgate-gateway.server";
import { settleSubscriptionOrder } from "@kinderready/domain/payments/subscription-billing.server";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { defaultProduct } from "@kinderready/domain/product";
import { simulatorPlugin } from "@kinderready/gateway-simulator/simulator-plugin";
import { localeCookie, localeFromPath } from "@kinderready/i18n/locales";
import { RenderCache } from "@kinderready/kit/render.server";
import { RenderPool } from "@kinderready/kit/render-pool.server";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import { type FastifyInstance, type FastifyRequest, fastify } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { requestContext } from "#load-context";
import { metaPixelOrigin } from "../app/analytics/meta-pixel.ts";
import { contentSecurityPolicy, createNonce } from "./content-security-policy.ts";
import { registerLoadShedding } from "./load-shedding.ts";
import { localeSetCookie, routePageRequest } from "./page-routing.ts";
import { registerRequestRules } from "./request-rules.ts";
import { helmetOptions, isCrossSiteWrite, permissionsPolicy } from "./security-headers.ts";
import { createRateLimitSharing } from "./shared-rate-limit.ts";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

const buildDirectory = fileURLToPath(new URL("../build", import.meta.url));

export type ServerOptions = {
  config: Config;
  /** Present in development: pages come from Vite with hot reload instead of the build. */
  vite?: ViteDevServer | undefined;
};

/** One Fastify process: security headers, compression, the JSON API and the server-rendered pages. */
export async function buildServer({ config, vite }: ServerOptions): Promise<FastifyInstance> {
  // First, so the SDK (when configured) sees the server from its start.
  const errors = await createErrorReporter(config.sentry);
  const app = fastify({
    logger: {
      level: config.logLevel,
      // User tokens travel in query strings and API paths: log neither, only their names.
      serializers: { req: (request) => ({ method: request.method, url: loggedUrl(request), id: request.id }) },
    },
    trustProxy: config.trustProxy,
    // The body limit, and the router's limits and answers, which the API's error shape covers.
    ...apiServerOptions,
    return503OnClosing: true,
  });
  app.addHook("onClose", () => errors.close(2_000));
  // First, so it learns the methods of every route added after it.
  registerRequestRules(app, { bodyLimit: apiServerOptions.bodyLimit });
  // Cookies are Secure when the site is served over https.
  const secureCookies = config.appUrl.startsWith("https:");

  const { database, createdOperator } = await openDatabase(config);
  if (createdOperator) app.log.info({ email: createdOperator }, "created the first console operator");
  // A web process only enqueues; worker processes (or the one `all` process) run the jobs.
  const runsJobs = config.role !== "web";
  const jobs = await startJobs(database, { runsJobs });
  const sender = createMailSender({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const emailDeps = {
    db: database.db,
    sender,
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    accessLinkSecret: config.accessLinkSecret,
  };
  const now = () => new Date();
  const { payments } = config;
  // Both gateways speak Solidgate's protocol: the simulator is the same adapter on other hosts.
  const paymentDeps = {
    db: database.db,
    gateway: createSolidgateGateway(payments),
    gatewayName: payments.gateway,
    now,
    onSettled: sendReceipts(settleSubscriptionOrder(now), jobs, errors),
  };
  if (runsJobs) {
    await startEmailWorker(jobs, emailDeps);
    await startPaymentJobs(jobs, paymentDeps, errors);
    // Conversions and product events leave for the ad platforms and Amplitude only from jobs.
    await startForwardingJobs(jobs, { db: database.db, destinations: config.forwarding, appUrl: config.appUrl, now });
    await startHousekeepingJobs(jobs, { db: database.db, now });
  } else {
    await createEmailQueues(jobs);
    await createPaymentQueues(jobs);
  }
  const services = {
    db: database.db,
    emails: jobs,
    jobs,
    appUrl: config.appUrl,
    offerTimerTimeout: config.offerTimerTimeout,
    payments: paymentDeps,
    webhookKeys: { publicKey: payments.webhookPublicKey, secretKey: payments.webhookSecretKey },
    account: {
      db: database.db,
      emails: jobs,
      now,
      sender,
      supportEmail: config.supportEmail,
      accessLinkSecret: config.accessLinkSecret,
    },
    printables: {
      db: database.db,
      appUrl: config.appUrl,
      downloadUrlSecret: config.downloadUrlSecret,
      devShortcuts: config.devShortcuts,
      now,
    },
  };
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
  await registerLoadShedding(app, { maxEventLoopDelayMs: config.overloadEventLoopDelayMs, secureCookies });
  const rateLimits = createRateLimitSharing(config, database);
  app.addHook("onClose", rateLimits.close);

  await app.register(cookie);
  await app.register(helmet, helmetOptions(config.appEnv));
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", permissionsPolicy);
  });
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });

  if (payments.gateway === "simulator") {
    await app.register(
      (simulator) =>
        simulatorPlugin(simulator, {
          db: database.db,
          publicKey: payments.publicKey,
          secretKey: payments.secretKey,
          publicUrl: `${config.appUrl}/gateway-simulator`,
          webhook: {
            url: `${config.apiUrl}/solid/webhook`,
            publicKey: payments.webhookPublicKey,
            secretKey: payments.webhookSecretKey,
          },
          log: (message, details) => app.log.warn(details, message),
        }),
      { prefix: "/gateway-simulator" },
    );
  }

  const renderPool = new RenderPool(config.printablesRenderThreads);
  app.addHook("onClose", () => renderPool.close());
  await app.register(
    (files) =>
      printableFilesPlugin(files, {
        printables: services.printables,
        pool: renderPool,
        cache: new RenderCache(config.printablesCacheBytes),
        // Previews are the same for everyone: a few kilobytes each, all of them fit.
        previews: new RenderCache(32 * 1024 * 1024),
        errors,
      }),
    { prefix: "/printables/files" },
  );

  await registerOpenApi(app, { apiUrl: config.apiUrl });
  await app.register(
    (api) =>
      apiPlugin(api, {
        apiSecret: config.apiSecret,
        rateLimitMax: config.rateLimitMax,
        rateLimitSharing: rateLimits.share("api"),
        ping: database.ping,
        services,
        errors,
      }),
    { prefix: "/api/v1" },
  );

  const publicConfig = toPublicConfig(config);
  const appOrigin = new URL(config.appUrl).origin;
  // The browser sends its error reports straight to Sentry's ingest host, named by the DSN.
  const policyOrigins = {
    connect: config.sentry ? [new URL(config.sentry.dsn).origin] : [],
    // The Meta pixel is image requests, sent only where the visitor's consent allows.
    img: config.metaPixelId ? [metaPixelOrigin] : [],
  };
  const geoLookup = config.geo.serviceUrl
    ? createGeoService({ urlTemplate: config.geo.serviceUrl, timeoutMs: config.geo.serviceTimeoutMs })
    : undefined;
  await app.register(async (pages) => {
    // Reads of pages are never limited (many parents share a mobile carrier's address); form posts are.
    await pages.register(rateLimit, {
      max: config.rateLimitMax,
      timeWindow: "1 minute",
      allowList: (request) => request.method === "GET" || request.method === "HEAD",
      ...rateLimits.share("pages"),
    });
    pages.addHook("onRequest", async (request, reply) => {
      if (isCrossSiteWrite(request.method, request.headers, request.host, appOrigin)) {
        return reply.status(403).header("cache-control", "no-store").send("Cross-site requests are refused.");
      }
      request.cspNonce = createNonce();
      const decision = routePageRequest({
        method: request.method,
        url: request.url,
        cookie: request.cookies[localeCookie.name],
        acceptLanguage: request.headers["accept-language"],
      });
      if (decision.setCookie) reply.header("set-cookie", localeSetCookie(decision.setCookie, secureCookies));
      if (decision.kind === "redirect") {
        return reply.header("cache-control", "no-store").redirect(decision.location, decision.status);
      }
    });
    pages.addHook("onSend", async (request, reply, payload) => {
      if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) {
        const header = vite ? "content-security-policy-report-only" : "content-security-policy";
        reply.header(header, contentSecurityPolicy(request.cspNonce, policyOrigins));
        // Each document carries a fresh nonce and may depend on the language cookie.
        reply.header("cache-control", "private, no-cache");
        const vary = reply.getHeader("vary");
        reply.header("vary", [vary, "Cookie", "Accept-Language"].filter(Boolean).join(", "));
      }
      return payload;
    });
    await pages.register(fastifyReactRouter, {
      devServer: vite,
      // Imported once here; the adapter would otherwise resolve the module on every request.
      build: vite ? undefined : ((await import(`${buildDirectory}/server/index.js`)) as ServerBuild),
      clientBuildDirectory: `${buildDirectory}/client`,
      mode: vite ? "development" : "production",
      staticOptions: { preCompressed: true },
      async getLoadContext(request, reply) {
        const context = new RouterContextProvider();
        const [path = "/", ...query] = request.url.split("?");
        const { geo, rememberAs } = await resolveVisitGeo(
          {
            query: new URLSearchParams(query.join("?")),
            headers: request.headers,
            locale: localeFromPath(path),
            cookie: request.cookies[geoCookieName],
            clientAddress: request.ip,
          },
          { ...config.geo, lookup: geoLookup, devShortcuts: config.devShortcuts },
        );
        // A session cookie: the visit's place, so later pages skip the lookup.
        if (rememberAs) {
          const secure = config.appUrl.startsWith("https:");
          reply.setCookie(geoCookieName, rememberAs, { path: "/", httpOnly: true, sameSite: "lax", secure });
        }
        context.set(requestContext, {
          nonce: request.cspNonce,
          config: publicConfig,
          services,
          geo,
          clientAddress: request.ip,
          errors,
        });
        return context;
      },
    });
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

/**
 * After what a settled order does to the subscription: a receipt for every approved charge,
 * written with the approval and enqueued once it is committed. A failed enqueue is logged and
 * left to the email sweep: the payment it follows has been recorded either way.
 */
function sendReceipts(settle: SettleHook, queue: EmailQueue, errors: ErrorReporter): SettleHook {
  return async (tx, order, update, afterCommit) => {
    await settle(tx, order, update, afterCommit);
    const messageId = update.status === "approved" ? await queueReceipt(tx, order) : undefined;
    if (!messageId) return;
    afterCommit(() =>
      enqueueEmail(queue, messageId).catch((error: unknown) => errors.report(error, { msg: "receipt enqueue failed" })),
    );
  };
}

async function openDatabase(config: Config): Promise<{ database: DbHandle; createdOperator?: string }> {
  const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Processes starting together (web and worker roles) take turns; the second finds it done,
  // the first operator included (two processes creating it at once would collide).
  return database.whileMigrating(async () => {
    await database.migrate();
    await seedDatabase(database.db);
    await seedPriceCatalogue(database.db, defaultProduct);
    // Once, after the upgrade that added the console's funnel table: events stored before it.
    await backfillVisitorFunnel(database.db);
    const { firstOperator } = config;
    const created = firstOperator ? await ensureFirstOperator(database.db, firstOperator) : false;
    return { database, ...(created && firstOperator && { createdOperator: firstOperator.email }) };
  });
}

/** Factory the Vite dev plugin calls: the same server, with pages from Vite. */
export async function createServer(vite?: ViteDevServer): Promise<FastifyInstance> {
  return buildServer({ config: loadConfig(), vite });
}
