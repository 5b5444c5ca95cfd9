import { connect } from "node:net";
import { databaseRetryAfterSeconds } from "@kinderready/db/database-unavailable";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { trackedLink } from "@kinderready/domain/email/email-links.server";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productTestApiKey, startTestProduct, type TestProduct } from "../test/product.ts";

// The answers an outside fuzzing found wrong, asked of the whole product as it runs: methods
// and bodies a page or route does not take, the language cookie's flags on https, and what
// load shedding refuses (never a parent coming back from the gateway, a webhook, or the page
// an accepted action sends the parent to).

const [pglite] = testDatabases();
const publicUrl = "https://kit.test";

/** Keeps the event loop lagging about 300 ms at every turn, as a saturated CPU would. */
function saturate() {
  const busy = setInterval(() => {
    const until = Date.now() + 300;
    while (Date.now() < until) {}
  }, 0);
  return () => clearInterval(busy);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts `count` chunks of `size` bytes with `Transfer-Encoding: chunked` on a real socket, and
 * answers the response's head; stops sending once an answer has come (as a browser would).
 */
function sendChunked(port: number, path: string, type: string, count: number, size: number, headers = "") {
  return new Promise<{ head: string }>((resolve, reject) => {
    let received = "";
    let answered = false;
    const socket = connect(port, "127.0.0.1", async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n${headers}\r\n`,
      );
      const chunk = Buffer.alloc(size, "a");
      for (let sent = 0; sent < count && !answered && !socket.destroyed; sent++) {
        const flushed = socket.write(`${size.toString(16)}\r\n${chunk}\r\n`);
        if (!flushed) await new Promise((drained) => socket.once("drain", drained));
      }
      if (!answered && !socket.destroyed) socket.write("0\r\n\r\n");
    });
    socket.on("data", (data) => {
      received += data;
      if (!answered && received.includes("\r\n\r\n")) {
        answered = true;
        resolve({ head: received.slice(0, received.indexOf("\r\n\r\n")) });
        socket.destroy();
      }
    });
    socket.on("error", (error) => (answered ? undefined : reject(error)));
    socket.on("close", () => (answered ? undefined : reject(new Error(`no answer: ${received}`))));
  });
}

describe("requests the product refuses, and how", () => {
  let product: TestProduct;
  const inject = (options: InjectOptions) => product.app.inject(options);

  beforeAll(async () => {
    product = await startTestProduct(pglite ?? { name: "pglite", databaseUrl: undefined, dataDir: "memory://" }, {
      APP_URL: publicUrl,
      OVERLOAD_EVENT_LOOP_DELAY_MS: "100",
    });
    // The first page compiles; the load it makes must be over before the tests measure any.
    await inject({ url: "/onboarding/" });
    await pause(1_100);
  }, 120_000);
  afterAll(() => product?.close(), 60_000);

  it("follows a link from an email on to its page, in no language of its own, and a made-up one home", async () => {
    const link = new URL(
      trackedLink({
        appUrl: publicUrl,
        secret: product.config.accessLinkSecret,
        messageId: "0f8e4d2c-1b3a-4c5d-8e9f-0a1b2c3d4e5f",
        target: `${publicUrl}/de/profile/subscription/?token=abc`,
      }),
    );
    const followed = await inject({ url: `${link.pathname}${link.search}`, headers: { cookie: "lang=fr" } });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe("/de/profile/subscription/?token=abc");
    expect(followed.headers["cache-control"]).toBe("no-store");
    const forged = await inject({ url: `${link.pathname}?to=${encodeURIComponent("//evil.example/")}` });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe("/");
    // Broken escapes, no address at all, or a post: never a 500.
    for (const odd of [`${link.pathname}?to=%E0%A4%A`, link.pathname, "/l/x/y"]) {
      expect((await inject({ url: odd })).statusCode, odd).toBe(302);
    }
    const posted = await inject({ method: "POST", url: `${link.pathname}${link.search}`, payload: "a=1" });
    expect(posted.statusCode).toBeGreaterThanOrEqual(400);
    expect(posted.statusCode).toBeLessThan(500);
  });

  it("answers a form action sent JSON, and a JSON action sent text, with 415", async () => {
    for (const path of [
      "/profile/",
      "/profile/_.data",
      "/contact/",
      "/admin/sign-in/_.data",
      "/profile/cancel-subscription/_.data",
    ]) {
      const response = await inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/json" },
        payload: "{}",
      });
      expect(response.statusCode, path).toBe(415);
      expect(response.headers["accept-post"], path).toBe("application/x-www-form-urlencoded, multipart/form-data");
    }
    // The funnel's pages take their scripts' JSON and, before and without scripts, their forms.
    for (const [path, accepted] of [
      ["/onboarding/_.data", "application/x-www-form-urlencoded, multipart/form-data, application/json"],
      ["/ar/purchase/", "application/x-www-form-urlencoded, multipart/form-data, application/json"],
      ["/actions/confirm-email", "application/json"],
    ]) {
      const response = await inject({
        method: "POST",
        url: path,
        headers: { "content-type": "text/plain" },
        payload: JSON.stringify({ intent: "check-email", email: "a\u0000b@example.com" }),
      });
      expect(response.statusCode, path).toBe(415);
      expect(response.headers["accept-post"], path).toBe(accepted);
    }
  });

  it("answers methods a page does not take with 405 and the methods it does", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "TRACE", "PROPFIND", "OPTIONS"] as const) {
      const profile = await inject({
        method,
        url: "/profile/",
        headers: { "content-type": "application/json" },
        payload: "{}",
      });
      expect(profile.statusCode, method).toBe(405);
      expect(profile.headers.allow, method).toBe("GET, HEAD, POST");
      const page = await inject({ method, url: "/onboarding/" });
      expect(page.headers.allow, method).toBe("GET, HEAD, POST");
      const home = await inject({ method, url: "/" });
      expect(home.statusCode, method).toBe(405);
      expect(home.headers.allow, method).toBe("GET, HEAD");
    }
    expect((await inject({ method: "POST", url: "/terms/privacy-policy/" })).statusCode).toBe(415);
    expect((await inject({ method: "POST", url: "/404/" })).headers.allow).toBe("GET, HEAD");
  });

  it("serves a page under each language's prefix only, and any other first segment as an unknown address", async () => {
    for (const url of ["/ru/onboarding/", "/ar/quiz1/", "/de/terms/privacy-policy/", "/pt/404/"]) {
      const page = await inject({ url, headers: { "accept-language": "en" } });
      expect(page.statusCode, url).toBe(url.endsWith("/404/") ? 404 : 200);
      expect(page.body, url).toContain(`<html lang="${url.slice(1, 3)}"`);
    }
    for (const url of ["/xx/onboarding/", "/en/onboarding/", "/xx/", "/ru/nothing/here/"]) {
      const page = await inject({ url, headers: { "accept-language": "en" } });
      expect(page.statusCode, url).toBe(404);
    }
  });

  it("answers odd methods on the API with 405 and the route's methods, before the key is checked", async () => {
    for (const method of ["TRACE", "PROPFIND", "DELETE"] as const) {
      const health = await inject({ method, url: "/api/v1/health" });
      expect(health.statusCode, method).toBe(405);
      expect(health.headers.allow, method).toBe("GET, HEAD");
      expect(health.json(), method).toEqual({ message: "Method not allowed", statusCode: 405 });
    }
    const profile = await inject({ method: "TRACE", url: "/api/v1/profile/sometoken0000000000000" });
    expect(profile.headers.allow).toBe("GET, HEAD");
    // An address no route has stays a 404 (401 without the key), whatever the method.
    const unknown = await inject({
      method: "TRACE",
      url: "/api/v1/nothing",
      headers: { "x-api-key": productTestApiKey },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("answers CONNECT on a real socket with 405 instead of dropping the connection", async () => {
    const { port } = new URL(product.origin);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write("CONNECT /onboarding/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      });
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk;
      });
      socket.on("end", () => resolve(received));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toContain("Allow: GET, HEAD, POST");
  });

  it("refuses a chunked body over the limit with 413 on every page action and API route, however it is framed", async () => {
    const { port } = new URL(product.origin);
    const targets = [
      { path: "/contact/", type: "application/x-www-form-urlencoded" },
      { path: "/ar/printables/_.data", type: "application/x-www-form-urlencoded" },
      { path: "/onboarding/", type: "application/json" },
      { path: "/admin/sign-in/", type: "multipart/form-data; boundary=x" },
      { path: "/api/v1/support", type: "application/json", headers: `x-api-key: ${productTestApiKey}\r\n` },
    ];
    for (const { path, type, headers } of targets) {
      // 8 MB in 64 KB chunks, no Content-Length: counted as it arrives, refused at the limit, and
      // the answer reaches a client still sending (not a reset).
      const answer = await sendChunked(Number(port), path, type, 128, 64 * 1024, headers);
      expect(answer.head, path).toMatch(/^HTTP\/1\.1 413 /);
    }
    // The process still answers.
    expect((await inject({ url: "/api/v1/health" })).statusCode).toBe(200);
  });

  it("takes a chunked body within the limit as the action's own", async () => {
    const { port } = new URL(product.origin);
    const answer = await sendChunked(Number(port), "/contact/", "application/x-www-form-urlencoded", 1, 100);
    // A form with nothing the contact form asks for: refused by the page, naming the field.
    expect(answer.head).toMatch(/^HTTP\/1\.1 400 /);
  });

  it("sets the language cookie Secure, HttpOnly and Lax when the site is on https", async () => {
    const response = await inject({ url: "/onboarding/?lang=de" });
    expect(response.statusCode).toBe(302);
    const cookie = [response.headers["set-cookie"]].flat().find((value) => value?.startsWith("i18n_redirected="));
    expect(cookie).toMatch(/^i18n_redirected=de; /);
    expect(cookie).toContain("; Secure");
    expect(cookie).toContain("; HttpOnly");
    expect(cookie).toContain("; SameSite=Lax");
  });

  it("under load, answers 503 with Retry-After but never to a return from the gateway, a webhook or the page after an action", async () => {
    // An accepted action (signing out) marks the browser for the page it is sent to next.
    const signOut = await inject({
      method: "POST",
      url: "/profile/",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "intent=sign-out",
    });
    expect(signOut.statusCode).toBe(303);
    const mark = [signOut.headers["set-cookie"]].flat().find((value) => value?.startsWith("kr_after_action="));
    expect(mark).toMatch(/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
    const afterAction = (mark ?? "").split(";", 1)[0] ?? "";

    const release = saturate();
    try {
      // The plugin samples the delay once a second, over the second before: two samples in.
      await pause(3_000);
      const health = await inject({ url: "/api/v1/health" });
      expect(health.statusCode).toBe(503);
      expect(health.headers["retry-after"]).toBe(String(databaseRetryAfterSeconds));
      expect(health.json()).toEqual({ message: "Service temporarily unavailable", statusCode: 503 });

      const busy = await inject({ url: "/ar/onboarding/?utm_source=x" });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers["retry-after"]).toBe(String(databaseRetryAfterSeconds));
      expect(busy.body).not.toContain("http-equiv");
      expect(busy.body).toContain('href="/ar/onboarding/?utm_source=x"');

      const back = [
        "/ar/purchase/?token=sometoken0000000000000&order_id=order-1",
        "/printables/?token=sometoken0000000000000&order_id=order-1&upsale_type=monthly",
      ];
      for (const url of back) expect((await inject({ url })).statusCode, url).not.toBe(503);
      const webhook = await inject({
        method: "POST",
        url: "/api/v1/solid/webhook",
        headers: { "content-type": "application/json" },
        payload: "{}",
      });
      expect(webhook.statusCode).toBe(401);
      const landing = await inject({ url: "/profile/", headers: { cookie: afterAction } });
      expect(landing.statusCode).toBe(200);
    } finally {
      release();
    }
  }, 60_000);
});
