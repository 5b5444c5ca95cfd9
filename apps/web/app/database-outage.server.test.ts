import { memoryLogger } from "@kinderready/config/test/memory-logger";
import { databaseRetryAfterSeconds } from "@kinderready/db/database-unavailable";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { hadDatabaseOutage, noteDatabaseOutage, outageDataResponse, outageDocument } from "./database-outage.server.ts";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const where = { method: "GET", path: "/purchase/" };

describe("database outage on pages", () => {
  it("marks the request and logs one warning however many loaders fail", () => {
    const context = new RouterContextProvider();
    const { log, lines } = memoryLogger();
    expect(hadDatabaseOutage(context)).toBe(false);
    expect(noteDatabaseOutage(new Error("Failed query", { cause: refused }), context, where, log)).toBe(true);
    expect(noteDatabaseOutage(refused, context, where, log)).toBe(true);
    expect(hadDatabaseOutage(context)).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: "database unavailable",
      path: "/purchase/",
      err: { code: "ECONNREFUSED" },
    });
  });

  it("leaves other errors to the error reporter", () => {
    const context = new RouterContextProvider();
    const { log, lines } = memoryLogger();
    expect(noteDatabaseOutage(new TypeError("x is undefined"), context, where, log)).toBe(false);
    expect(hadDatabaseOutage(context)).toBe(false);
    expect(lines).toEqual([]);
  });

  it("answers a document with 503, Retry-After and the page's language, and leaves trying again to the visitor", async () => {
    const response = outageDocument(new Request("http://kit.test/ar/purchase/?x=%22%3E"), "ar", "nonce-1");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(databaseRetryAfterSeconds));
    const html = await response.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("سنعود خلال لحظات");
    expect(html).toContain('<style nonce="nonce-1">');
    // No reload by itself (axe-core's meta-refresh rule): "Try again" leads to the same address, query included.
    expect(html).not.toContain("http-equiv");
    expect(html).toContain('href="/ar/purchase/?x=%22%3E"');
    expect(html).not.toContain("<script");
  });

  it("answers a form post with the same document, and HEAD without a body", async () => {
    const post = outageDocument(new Request("http://kit.test/profile/", { method: "POST" }), "en", "n");
    expect(await post.text()).toContain('href="/profile/"');
    const head = outageDocument(new Request("http://kit.test/purchase/", { method: "HEAD" }), "en", "n");
    expect(head.status).toBe(503);
    expect(head.body).toBeNull();
  });

  it("turns a data request into a plain 503, which the browser's router shows as a 503 route error", async () => {
    const response = await outageDataResponse(new Response("turbo-stream", { headers: { "X-Remix-Response": "yes" } }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(databaseRetryAfterSeconds));
    expect(response.headers.has("X-Remix-Response")).toBe(false);
  });
});
