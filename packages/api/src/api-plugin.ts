import { timingSafeEqual } from "node:crypto";
import rateLimit, { type RateLimitPluginOptions } from "@fastify/rate-limit";
import type { AppServices } from "@kinderready/domain/app-services";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import type { FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { ErrorBody } from "./error-handler.ts";
import { installErrorHandler } from "./error-handler.ts";
import { analyticsRoutes } from "./routes/analytics.ts";
import { experimentRoutes } from "./routes/experiments.ts";
import { healthRoutes } from "./routes/health.ts";
import { onboardingRoutes } from "./routes/onboarding.ts";
import { printablesRoutes } from "./routes/printables.ts";
import { profileRoutes } from "./routes/profile.ts";
import { purchaseRoutes } from "./routes/purchase.ts";
import { upsellRoutes } from "./routes/upsell.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { fieldWithUnstorableText } from "./text-guard.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes that answer without the `x-api-key` header. */
    public?: boolean;
    /** Routes served even while the process sheds load: their sender would not come back (webhooks). */
    keepUnderLoad?: boolean;
  }
}

export type ApiOptions = {
  /** What `x-api-key` must be: the configuration's API key (derived from API_SECRET, never it). */
  apiKey: string;
  /** Requests per client address per minute. */
  rateLimitMax: number;
  /** Where the counts live when several processes share them (unset: this process's memory). */
  rateLimitSharing?: Pick<RateLimitPluginOptions, "store" | "redis" | "nameSpace" | "skipOnError">;
  ping: () => Promise<boolean>;
  /** What the domain functions behind the routes need. */
  services: AppServices;
  /** Where unexpected faults (5xx) are reported. */
  errors: ErrorReporter;
};

/** The JSON API, mounted under `/api/v1`. Every route needs `x-api-key` unless marked public. */
export async function apiPlugin(app: FastifyInstance, options: ApiOptions): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, options.errors);
  await app.register(rateLimit, {
    max: options.rateLimitMax,
    timeWindow: "1 minute",
    ...options.rateLimitSharing,
  });

  const key = Buffer.from(options.apiKey);
  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.config.public) return;
    const given = Buffer.from(String(request.headers["x-api-key"] ?? ""));
    if (given.length !== key.length || !timingSafeEqual(given, key)) {
      return reply
        .status(401)
        .send({ message: "Missing or invalid x-api-key header", statusCode: 401 } satisfies ErrorBody);
    }
  });

  // PostgreSQL stores neither NUL nor unpaired surrogates (jsonb): refused here, naming the field,
  // instead of failing at the insert with a 500 (every schema's strings would let them through).
  app.addHook("preValidation", async (request, reply) => {
    const parts = { params: request.params, body: request.body, querystring: request.query };
    for (const [part, value] of Object.entries(parts)) {
      const field = fieldWithUnstorableText(value, part);
      if (field) {
        return reply.status(400).send({
          message: `${field}: must be well-formed text without NUL characters`,
          statusCode: 400,
        } satisfies ErrorBody);
      }
    }
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  await api.register(healthRoutes, { ping: options.ping });
  await api.register(onboardingRoutes, options.services);
  await api.register(purchaseRoutes, options.services);
  await api.register(webhookRoutes, options.services);
  await api.register(upsellRoutes, options.services);
  await api.register(printablesRoutes, options.services);
  await api.register(profileRoutes, options.services);
  await api.register(experimentRoutes, options.services);
  await api.register(analyticsRoutes, options.services);

  // Without this, the pages' catch-all route would answer unknown API paths with HTML.
  app.all("/*", { schema: { hide: true } }, async (request, reply) =>
    reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url} not found`, statusCode: 404 } satisfies ErrorBody),
  );
}

/** `/health` alone, for a process that serves nothing else (a worker), under the same path. */
export async function healthOnlyPlugin(app: FastifyInstance, options: Pick<ApiOptions, "ping">): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.withTypeProvider<ZodTypeProvider>().register(healthRoutes, { ping: options.ping });
}
