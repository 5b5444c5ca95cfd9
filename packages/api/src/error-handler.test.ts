import { databaseRetryAfterSeconds } from "@kinderready/db/database-unavailable";
import { type DbHandle, openDb } from "@kinderready/db/open-db";
import type { FastifyInstance } from "fastify";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApi, testApiKey, testServices } from "../test/test-api.ts";

// The API over a PostgreSQL pool whose server is gone: nothing listens on loopback port 9.
describe("API while the database is unreachable", () => {
  const databaseUrl = "postgres://postgres@127.0.0.1:9/kinderready";
  let database: DbHandle;
  let app: FastifyInstance;
  // The test API's error reporter writes each reported fault to console.error.
  const reported = vi.spyOn(console, "error");

  beforeAll(async () => {
    database = await openDb({ databaseUrl, dataDir: "memory://" });
    // Never started: an enqueue would fail too, but the outage stops the request before it.
    const jobs = new PgBoss({ connectionString: databaseUrl });
    app = await buildTestApi(database, testServices(database.db, jobs));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    reported.mockRestore();
  });

  it.each([
    [
      "a lead submission",
      "POST",
      "/api/v1/onboarding",
      {
        kid: { name: "Emma", years: { text: "5", value: 5 } },
        email: "outage@example.com",
        questions: [{ id: "ty", answer: "soon" }],
        isForbiddenToMailing: true,
        user_token: "outage-token-000000000000",
        purchasePathByFlow: "/purchase/",
        product: "kinderready",
        locale: "en",
        country_code: "US",
      },
    ],
    ["a status read", "GET", "/api/v1/onboarding/outage-token-000000000000?product=kinderready", undefined],
  ] as const)("answers %s with 503 and Retry-After, without reporting a bug", async (_, method, url, payload) => {
    const started = performance.now();
    const response = await app.inject({ method, url, headers: { "x-api-key": testApiKey }, payload });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe(String(databaseRetryAfterSeconds));
    expect(response.json()).toEqual({ message: "Service temporarily unavailable", statusCode: 503 });
    // A refused connection fails at once, well inside the pool's connection time-out.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(reported).not.toHaveBeenCalled();
  });

  it("reports the database down on the health check, with Retry-After", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/health" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe(String(databaseRetryAfterSeconds));
    expect(response.json()).toMatchObject({ status: "degraded", database: "down" });
  });

  it("still answers a validation error with 400: the outage is only what the database caused", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/onboarding",
      headers: { "x-api-key": testApiKey },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
  });
});
