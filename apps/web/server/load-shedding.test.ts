import { fastify } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { registerLoadShedding } from "./load-shedding.ts";

const app = fastify();
beforeAll(async () => {
  await registerLoadShedding(app, 40);
  app.get("/api/v1/thing", async () => ({ ok: true }));
  app.get("/ar/onboarding/", async () => "page");
  app.get("/assets/app.js", async () => "code");
  await app.ready();
});
afterAll(() => app.close());

/** Keeps the event loop lagging about 100 ms at every turn, as a saturated CPU would. */
function saturate() {
  const busy = setInterval(() => {
    const until = Date.now() + 100;
    while (Date.now() < until) {}
  }, 0);
  return () => clearInterval(busy);
}

it("answers new requests 503 with Retry-After while the event loop lags, and serves again after", async () => {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect((await app.inject({ url: "/api/v1/thing" })).statusCode).toBe(200);

  const release = saturate();
  // The plugin samples the delay once a second.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const api = await app.inject({ url: "/api/v1/thing" });
  expect(api.statusCode).toBe(503);
  expect(api.headers["retry-after"]).toBe("3");
  expect(api.json()).toEqual({ message: "Service temporarily unavailable", statusCode: 503 });
  const page = await app.inject({ url: "/ar/onboarding/" });
  expect(page.statusCode).toBe(503);
  expect(page.headers["content-type"]).toContain("text/html");
  expect(page.body).toContain('<html lang="ar" dir="rtl">');
  expect(page.body).toMatch(/<style nonce="[A-Za-z0-9+/=]+">/);
  // Static files cost nothing: they are always served.
  expect((await app.inject({ url: "/assets/app.js" })).statusCode).toBe(200);

  release();
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  expect((await app.inject({ url: "/api/v1/thing" })).statusCode).toBe(200);
});
