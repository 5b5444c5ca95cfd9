import { apiPlugin } from "@kinderready/api/api-plugin";
import { registerOpenApi } from "@kinderready/api/openapi";
import type { Config } from "@kinderready/config/config.server";
import type { DbHandle } from "@kinderready/db/open-db";
import type { AppServices } from "@kinderready/domain/app-services";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import type { FastifyInstance } from "fastify";
import type { RateLimitSharing } from "../../shared-rate-limit.ts";

/**
 * The JSON API under /api/v1, and, outside prod, its OpenAPI document (/api/docs): in prod it
 * would list every route to anyone; integrators read it on a staging or local server.
 */
export async function registerApi(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, "appEnv" | "apiUrl" | "apiKey" | "rateLimitMax">;
    services: AppServices;
    errors: ErrorReporter;
    ping: DbHandle["ping"];
    rateLimits: RateLimitSharing;
  },
): Promise<void> {
  const { config } = deps;
  if (config.appEnv !== "prod") await registerOpenApi(app, { apiUrl: config.apiUrl });
  await app.register(
    (api) =>
      apiPlugin(api, {
        apiKey: config.apiKey,
        rateLimitMax: config.rateLimitMax,
        rateLimitSharing: deps.rateLimits("api"),
        ping: deps.ping,
        services: deps.services,
        errors: deps.errors,
      }),
    { prefix: "/api/v1" },
  );
}
