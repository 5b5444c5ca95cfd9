import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * OpenAPI document generated from the routes' zod schemas, served at `/api/docs`
 * (UI) and `/api/docs/json`. Must be registered before the API routes.
 */
export async function registerOpenApi(app: FastifyInstance, options: { apiUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: "KinderReady API", version: "1.0.0", description: "Funnel, purchase and printables API." },
      servers: [{ url: new URL(options.apiUrl).origin }],
      components: { securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "x-api-key" } } },
      security: [{ apiKey: [] }],
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
