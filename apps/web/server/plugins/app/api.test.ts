import { apiKeyFor, loadConfig } from "@kinderready/config/config.server";
import type { AppServices } from "@kinderready/domain/app-services";
import { type FastifyInstance, fastify } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerApi } from "./api.ts";

// The API as the server registers it from the configuration: the key it takes, and where its
// OpenAPI document is served.

const apiSecret = "the-installation-secret-0123456789";
const prodEnv = {
  APP_ENV: "prod",
  API_SECRET: apiSecret,
  APP_URL: "https://kit.test",
  PAYMENT_GATEWAY: "solidgate",
  SOLIDGATE_PUBLIC_KEY: "api_pk_test",
  SOLIDGATE_SECRET_KEY: "api_sk_test",
  SOLIDGATE_WEBHOOK_PUBLIC_KEY: "wh_pk_test",
  SOLIDGATE_WEBHOOK_SECRET_KEY: "wh_sk_test",
};

describe("the API registered from the configuration", () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  async function apiFor(env: Record<string, string>): Promise<FastifyInstance> {
    app = fastify();
    await registerApi(app, {
      config: loadConfig(env),
      // An address no route has answers 404 once the key is right: no route runs, no service is needed.
      services: {} as AppServices,
      errors: { name: "local", report: () => {}, close: async () => {} },
      ping: async () => true,
      rateLimits: () => ({}),
    });
    await app.ready();
    return app;
  }
  const withKey = (api: FastifyInstance, key: string) =>
    api.inject({ method: "GET", url: "/api/v1/nothing-here", headers: { "x-api-key": key } });

  it("refuses API_SECRET itself as the x-api-key, and takes the key derived from it", async () => {
    const api = await apiFor({ APP_ENV: "test", API_SECRET: apiSecret });
    const refused = await withKey(api, apiSecret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: "Missing or invalid x-api-key header", statusCode: 401 });
    const key = apiKeyFor(apiSecret);
    expect(key).not.toContain(apiSecret);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await withKey(api, key)).statusCode).toBe(404);
  });

  it("publishes the OpenAPI document outside prod", async () => {
    const api = await apiFor({ APP_ENV: "test", API_SECRET: apiSecret });
    const document = await api.inject({ method: "GET", url: "/api/docs/json" });
    expect(document.statusCode).toBe(200);
    expect(Object.keys(document.json().paths)).toContain("/api/v1/health");
    expect((await api.inject({ method: "GET", url: "/api/docs" })).statusCode).toBeLessThan(400);
  });

  it("serves no OpenAPI document or page in prod", async () => {
    const api = await apiFor(prodEnv);
    for (const url of ["/api/docs", "/api/docs/", "/api/docs/json", "/api/docs/yaml", "/api/docs/static/index.html"]) {
      const response = await api.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("/api/v1/");
    }
  });
});
