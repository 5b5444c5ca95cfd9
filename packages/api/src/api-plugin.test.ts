import { createLogger } from "@kinderready/config/logger";
import { openDb } from "@kinderready/db/open-db";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { createLocalErrorReporter, type ErrorDetails } from "@kinderready/domain/error-reporting/error-reporter";
import { type FastifyInstance, fastify } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testServices } from "../test/test-api.ts";
import { apiPlugin } from "./api-plugin.ts";
import { installErrorHandler } from "./error-handler.ts";
import { registerOpenApi } from "./openapi.ts";

const apiKey = "test-api-key-of-enough-length";
// These tests cover the conventions; the onboarding tests exercise the real email queue.
const noEmails = { send: async () => null };
const errors = createLocalErrorReporter(createLogger({ level: "silent" }));

describe.each(testDatabases())("API conventions on $name", (target) => {
  let app: FastifyInstance;
  let database: Awaited<ReturnType<typeof openDb>>;
  let databaseUp = true;

  beforeAll(async () => {
    database = await openDb(target);
    app = fastify();
    await registerOpenApi(app, { apiUrl: "http://localhost:3000/api/v1" });
    await app.register(
      (api) =>
        apiPlugin(api, {
          apiKey,
          rateLimitMax: 1000,
          ping: async () => databaseUp && database.ping(),
          services: testServices(database.db, noEmails),
          errors,
        }),
      {
        prefix: "/api/v1",
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers health without a key and reports the database", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok", database: "up" });
  });

  it("reports 503 when the database is down", async () => {
    databaseUp = false;
    const response = await app.inject({ method: "GET", url: "/api/v1/health" });
    databaseUp = true;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: "degraded", database: "down" });
  });

  it("rejects other routes without the right x-api-key", async () => {
    for (const headers of [{}, { "x-api-key": "wrong" }, { "x-api-key": `${apiKey}x` }]) {
      const response = await app.inject({ method: "GET", url: "/api/v1/unknown", headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Missing or invalid x-api-key header", statusCode: 401 });
    }
  });

  it("refuses NUL and unpaired surrogates with a 400 naming the field, before any route stores them", async () => {
    // Found by the API fuzzer: PostgreSQL cannot store them (jsonb refuses both), and the insert answered 500.
    for (const [text, field] of [
      ['{"locale":"en","platform":"i\\u0000OS"}', "body.platform"],
      ['{"locale":"en","device_id":"0123456789abcdef","session_id":1,"events":[],"fbc":"\\ud83d"}', "body.fbc"],
    ]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/v1/analytics",
        headers: { "content-type": "application/json" },
        payload: text,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: `${field}: must be well-formed text without NUL characters`,
        statusCode: 400,
      });
    }
  });

  it("answers an unknown route with a JSON 404 once the key is right", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/unknown", headers: { "x-api-key": apiKey } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  it("publishes an OpenAPI document built from the zod schemas", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths["/api/v1/health"].get.responses["200"]).toBeDefined();
  });
});

describe("rate limit", () => {
  it("answers 429 in the API error shape once a client exceeds the limit", async () => {
    const app = fastify();
    const database = await openDb({ dataDir: "memory://" });
    const services = testServices(database.db, noEmails);
    await app.register((api) => apiPlugin(api, { apiKey, rateLimitMax: 2, ping: async () => true, services, errors }), {
      prefix: "/api/v1",
    });
    await database.migrate();
    const call = () =>
      app.inject({ method: "GET", url: "/api/v1/remote-config/splits", headers: { "x-api-key": apiKey } });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call()).statusCode);
    const limited = await call();
    // Health is never limited: a load balancer polls every process from one address.
    const health = await app.inject({ method: "GET", url: "/api/v1/health" });
    await app.close();
    await database.close();
    expect(statuses).toEqual([200, 200, 429]);
    expect(limited.json()).toMatchObject({ statusCode: 429 });
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(health.statusCode).toBe(200);
  });
});

describe("error handler", () => {
  let app: FastifyInstance;
  const reports: { error: unknown; details: ErrorDetails }[] = [];
  beforeAll(async () => {
    app = fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandler(app, {
      name: "local",
      report: (error, details) => reports.push({ error, details }),
      close: async () => {},
    });
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/echo",
        { schema: { body: z.object({ email: z.email(), kid: z.object({ age: z.number().int().min(1).max(18) }) }) } },
        async (request) => request.body,
      );
    app.get("/boom", async () => {
      throw new Error("database password is hunter2");
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("names every invalid field in a 400", async () => {
    const response = await app.inject({ method: "POST", url: "/echo", payload: { email: "nope", kid: { age: 40 } } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.statusCode).toBe(400);
    expect(body.message).toContain("body.email");
    expect(body.message).toContain("body.kid.age");
  });

  it("hides internals of unexpected errors behind a 500", async () => {
    const response = await app.inject({ method: "GET", url: "/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: "Internal server error", statusCode: 500 });
    // Reported with the route's pattern, not its path (API paths carry tokens).
    expect(reports).toEqual([
      {
        error: expect.objectContaining({ message: "database password is hunter2" }),
        details: { msg: "request failed", extra: { reqId: expect.any(String), route: "/boom" } },
      },
    ]);
  });

  it("answers malformed JSON with a 400", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().statusCode).toBe(400);
  });
});
