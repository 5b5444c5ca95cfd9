import { Readable } from "node:stream";
import { fastify } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  pageActionBody,
  pageRequestRefusal,
  readBodyWithin,
  registerRequestRules,
  routePathOf,
} from "./request-rules.ts";

const limit = 1_000;
const post = (pathname: string, contentType?: string, contentLength?: string) =>
  pageRequestRefusal({ method: "POST", pathname, contentType, contentLength }, limit);

describe("page requests", () => {
  it("knows what each action reads, in every language and as a data request", () => {
    expect(pageActionBody("/profile/")).toBe("form");
    expect(pageActionBody("/ar/profile/cancel-subscription/_.data")).toBe("form");
    expect(pageActionBody("/de/terms/do-not-sell/")).toBe("form");
    expect(pageActionBody("/onboarding/_.data")).toBe("form-or-json");
    expect(pageActionBody("/pt/printables/")).toBe("form-or-json");
    expect(pageActionBody("/actions/confirm-email.data")).toBe("json");
    expect(pageActionBody("/admin/customers/42/_.data")).toBe("form");
    expect(pageActionBody("/admin/sign-in/")).toBe("form");
    expect(pageActionBody("/admin/reviews/_.data")).toBe("form");
    expect(pageActionBody("/admin/revenue/_.data")).toBe("form");
    for (const none of [
      "/",
      "/ru/",
      "/admin/",
      "/admin/audit/",
      "/404/",
      "/no-such-page/",
      "/favicon.ico",
      "/dev/mailbox/",
    ]) {
      expect(pageActionBody(none), none).toBeUndefined();
    }
    expect(routePathOf("/_root.data")).toBe("/");
    expect(routePathOf("/ar/purchase.data")).toBe("/ar/purchase");
  });

  it("takes a form or JSON only where the action reads it", () => {
    expect(post("/profile/_.data", "application/x-www-form-urlencoded;charset=UTF-8")).toBeUndefined();
    expect(post("/contact/", "multipart/form-data; boundary=x")).toBeUndefined();
    expect(post("/onboarding/_.data", "application/json")).toBeUndefined();
    const formOnly = { status: 415, accepted: ["application/x-www-form-urlencoded", "multipart/form-data"] };
    expect(post("/profile/_.data", "application/json")).toEqual(formOnly);
    expect(post("/profile/", undefined)).toEqual(formOnly);
    // The quiz's forms work before and without its scripts, which post JSON.
    expect(post("/quiz1/", "application/x-www-form-urlencoded")).toBeUndefined();
    expect(post("/onboarding/", "text/plain;charset=UTF-8")).toEqual({
      status: 415,
      accepted: ["application/x-www-form-urlencoded", "multipart/form-data", "application/json"],
    });
    expect(post("/actions/confirm-email", "text/plain;charset=UTF-8")).toEqual({
      status: 415,
      accepted: ["application/json"],
    });
    expect(post("/actions/confirm-email", "application/x-www-form-urlencoded")).toMatchObject({ status: 415 });
    expect(post("/contact/", "multipart/form-data", String(limit + 1))).toEqual({ status: 413 });
  });

  it("takes GET, HEAD and, where there is an action, POST; nothing else", () => {
    for (const method of ["GET", "HEAD"]) {
      expect(pageRequestRefusal({ method, pathname: "/profile/" }, limit)).toBeUndefined();
    }
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "PROPFIND"]) {
      expect(pageRequestRefusal({ method, pathname: "/profile/" }, limit)).toEqual({
        status: 405,
        allow: ["GET", "HEAD", "POST"],
      });
    }
    expect(post("/")).toEqual({ status: 405, allow: ["GET", "HEAD"] });
  });
});

describe("readBodyWithin", () => {
  /** A body that never ends, as a hostile client sends it; counts what was taken from it. */
  function endlessBody(chunkSize: number) {
    const counted = { bytes: 0 };
    const stream = new Readable({
      read() {
        counted.bytes += chunkSize;
        this.push(Buffer.alloc(chunkSize, "a"));
      },
    });
    return { stream, counted };
  }

  it("stops at the first byte past the limit, having taken no more than the stream reads ahead", async () => {
    const { stream, counted } = endlessBody(100);
    await expect(readBodyWithin(stream, limit)).resolves.toBeUndefined();
    // Past the limit, only what the stream reads ahead of its reader (its high-water mark) is taken.
    expect(counted.bytes).toBeLessThanOrEqual(limit + stream.readableHighWaterMark + 2 * 100);
    expect(stream.isPaused()).toBe(true);
  });

  it("answers a body within the limit whole, and a broken-off one with a 400", async () => {
    const whole = await readBodyWithin(Readable.from([Buffer.from("a=1&"), Buffer.from("b=2")]), limit);
    expect(whole?.toString()).toBe("a=1&b=2");
    expect((await readBodyWithin(Readable.from([Buffer.alloc(limit)]), limit))?.length).toBe(limit);
    const broken = new Readable({ read() {} });
    const reading = readBodyWithin(broken, limit);
    broken.destroy(new Error("socket hang up"));
    await expect(reading).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe("registerRequestRules", () => {
  const app = fastify();
  beforeAll(async () => {
    registerRequestRules(app, { bodyLimit: limit });
    app.get("/api/v1/health", async () => ({ ok: true }));
    app.put("/api/v1/profile/:token/consent", async () => ({ ok: true }));
    app.all("/api/v1/*", async (_request, reply) => reply.status(404).send({ message: "not found", statusCode: 404 }));
    // The pages take any body as it comes, as React Router's adapter does.
    app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    app.all("*", async () => "page");
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers a method a route does not take with 405 and the route's methods, in the API's error shape", async () => {
    for (const method of ["TRACE", "PROPFIND", "POST", "OPTIONS"] as const) {
      const response = await app.inject({ method, url: "/api/v1/health" });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers.allow, method).toBe("GET, HEAD");
      expect(response.json(), method).toEqual({ message: "Method not allowed", statusCode: 405 });
    }
    const consent = await app.inject({ method: "DELETE", url: "/api/v1/profile/abc/consent" });
    expect(consent.headers.allow).toBe("PUT");
    expect((await app.inject({ method: "TRACE", url: "/api/v1/unknown" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/v1/health" })).statusCode).toBe(200);
  });

  it("applies the page rules to everything else, odd methods Fastify cannot route included", async () => {
    const trace = await app.inject({ method: "TRACE", url: "/onboarding/" });
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toBe("GET, HEAD, POST");
    expect(trace.headers["content-type"]).toMatch(/^text\/plain/);
    expect((await app.inject({ method: "PROPFIND", url: "/ar/" })).headers.allow).toBe("GET, HEAD");
    const json = await app.inject({ method: "POST", url: "/profile/_.data", payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    expect(json.headers["accept-post"]).toBe("application/x-www-form-urlencoded, multipart/form-data");
    const form = await app.inject({
      method: "POST",
      url: "/profile/",
      payload: "intent=sign-out",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.body).toBe("page");
  });
});
