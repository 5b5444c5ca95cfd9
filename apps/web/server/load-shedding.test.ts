import { apiPlugin } from "@kinderready/api/api-plugin";
import { errorBody } from "@kinderready/api/error-handler";
import type { AppServices } from "@kinderready/domain/app-services";
import { fastify } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { afterActionCookie, registerLoadShedding } from "./load-shedding.ts";

const app = fastify();
const apiRoutes: { method: string; url: string }[] = [];
beforeAll(async () => {
  await registerLoadShedding(app, { maxEventLoopDelayMs: 20, secureCookies: true });
  app.addHook("onRoute", (route) => {
    if (route.url?.startsWith("/api/v1/") && !route.url.endsWith("*")) {
      const methods = [route.method].flat().filter((method) => method !== "HEAD");
      for (const method of methods) apiRoutes.push({ method, url: route.url.replace(/:\w+/g, "x") });
    }
  });
  // The real API, whose routes declare their answers (a 503 too): what is shed must fit them.
  await app.register(
    (api) =>
      apiPlugin(api, {
        apiKey: "load-shedding-test-key",
        rateLimitMax: 1_000,
        ping: async () => true,
        services: {} as AppServices,
        errors: { name: "local", report: () => {}, close: async () => {} },
      }),
    { prefix: "/api/v1" },
  );
  app.get("/api/v2/thing", async () => ({ ok: true }));
  app.get("/ar/onboarding/", async () => "page");
  app.get("/ar/purchase/", async () => "back from the gateway");
  app.post("/profile/", async (_request, reply) => reply.status(303).header("location", "/").send());
  app.post("/contact/", async (_request, reply) => reply.status(400).send("refused"));
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

it("marks the browser after a page accepted its post, and only then", async () => {
  const accepted = await app.inject({ method: "POST", url: "/profile/" });
  expect(accepted.headers["set-cookie"]).toBe(
    `${afterActionCookie.name}=1; Path=/; Max-Age=${afterActionCookie.maxAgeSeconds}; HttpOnly; SameSite=Lax; Secure`,
  );
  expect((await app.inject({ method: "POST", url: "/contact/" })).headers["set-cookie"]).toBeUndefined();
  expect((await app.inject({ url: "/ar/onboarding/" })).headers["set-cookie"]).toBeUndefined();
});

it("answers new requests 503 with Retry-After while the event loop lags, except those it must serve, and serves again after", async () => {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect((await app.inject({ url: "/api/v2/thing" })).statusCode).toBe(200);

  const release = saturate();
  // The plugin samples the delay once a second.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const api = await app.inject({ url: "/api/v2/thing" });
  expect(api.statusCode).toBe(503);
  expect(api.headers["retry-after"]).toBe("3");
  expect(api.json()).toEqual({ message: "Service temporarily unavailable", statusCode: 503 });
  // Every API route answers the same, valid under its own schema (health's 503 too), not a 500.
  expect(apiRoutes.length).toBeGreaterThan(20);
  const keptUnderLoad = (url: string) => url.endsWith("/webhook") || url.endsWith("/analytics/events");
  for (const route of apiRoutes.filter((candidate) => !keptUnderLoad(candidate.url))) {
    const shed = await app.inject({ method: route.method as "GET", url: route.url });
    expect(shed.statusCode, `${route.method} ${route.url}`).toBe(503);
    expect(errorBody.parse(shed.json())).toEqual({ message: "Service temporarily unavailable", statusCode: 503 });
  }
  const page = await app.inject({ url: "/ar/onboarding/?utm_source=x" });
  expect(page.statusCode).toBe(503);
  expect(page.headers["content-type"]).toContain("text/html");
  expect(page.body).toContain('<html lang="ar" dir="rtl">');
  expect(page.body).toMatch(/<style nonce="[A-Za-z0-9+/=]+">/);
  expect(page.body).toContain('href="/ar/onboarding/?utm_source=x"');
  expect(page.body).not.toContain("http-equiv");
  // Static files cost nothing: they are always served.
  expect((await app.inject({ url: "/assets/app.js" })).statusCode).toBe(200);
  // Never shed: the parent back from the gateway, its webhook, the page an accepted action leads to.
  expect((await app.inject({ url: "/ar/purchase/?token=t&order_id=o-1" })).statusCode).toBe(200);
  const webhook = await app.inject({ method: "POST", url: "/api/v1/solid/webhook", payload: {} });
  expect(webhook.statusCode).not.toBe(503);
  // Nor a batch of funnel events: refused, it would be a step the funnel never counts.
  const events = await app.inject({ method: "POST", url: "/api/v1/analytics/events", payload: {} });
  expect(events.statusCode).toBe(400);
  const afterAction = await app.inject({ url: "/ar/onboarding/", headers: { cookie: `${afterActionCookie.name}=1` } });
  expect(afterAction.statusCode).toBe(200);

  release();
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  expect((await app.inject({ url: "/api/v2/thing" })).statusCode).toBe(200);
});
