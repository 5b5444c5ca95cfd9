import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import zlib from "node:zlib";
import { type DbHandle, openDb } from "@kinderready/db/open-db";
import { funnelVisitors } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { funnelSteps } from "@kinderready/domain/analytics/funnel-steps";
import { createRandomToken } from "@kinderready/domain/random-token";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestProduct, type TestProduct } from "../test/product.ts";
import { cacheablePage, echoesAttribution, PageCache, splicedEncodingFor } from "./page-cache.ts";
import type { SplicedDocument } from "./spliced-document.ts";

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("which requests the page cache may answer", () => {
  const ask = (url: string, cookies: Record<string, string> = {}, method = "GET", userAgent: string = iphone) =>
    cacheablePage({ method, url, cookies, userAgent });

  it("takes the quiz's first page and the legal texts in every language, asked plainly", () => {
    expect(ask("/quiz1/")).toBe("quiz1");
    expect(ask("/ar/onboarding/")).toBe("onboarding");
    expect(ask("/de/terms/privacy-policy/")).toBe("privacy-policy");
    expect(ask("/quiz1/", { i18n_redirected: "en", kr_device: createRandomToken(), kr_ad_consent: "granted" })).toBe(
      "quiz1",
    );
  });

  it("takes an ad's arrival, whose query holds only the campaign and the click", () => {
    expect(ask("/quiz1/?utm_source=facebook&utm_campaign=fall&fbclid=IwAR0abc")).toBe("quiz1");
    expect(ask("/es/onboarding/?gclid=Cj0KCQ&utm_medium=cpc")).toBe("onboarding");
    expect(ask("/quiz1/?ttclid=E.C.P.abc&utm_content=video-2")).toBe("quiz1");
  });

  it("keeps no render that shows its arrival's campaign or click", () => {
    const url = "/quiz1/?utm_source=newsletter&fbclid=IwAR0abc%2Fdef&utm_medium=ad";
    expect(echoesAttribution("<p>Welcome</p>", url)).toBe(false);
    expect(echoesAttribution('<a href="/x/?utm_source=newsletter">', url)).toBe(true);
    expect(echoesAttribution('<input value="IwAR0abc/def">', url)).toBe(true);
    expect(echoesAttribution('<a href="?fbclid=IwAR0abc%2Fdef">', url)).toBe(true);
    // Too short to tell from the page's own words.
    expect(echoesAttribution("<p>an ad</p>", url)).toBe(false);
  });

  it("renders a query, a parent's or a saved quiz's cookie, a post, a crawler and every other page", () => {
    expect(ask("/quiz1/?token=a-parents-token-0000000000")).toBeUndefined();
    expect(ask("/quiz1/?utm_source=ads&token=a-parents-token-0000000000")).toBeUndefined();
    expect(ask("/quiz1/?lang=ar")).toBeUndefined();
    expect(ask("/quiz1/?country=us")).toBeUndefined();
    expect(ask("/quiz1/", { kr_session: "a-session" })).toBeUndefined();
    expect(ask("/quiz1/", { kr_quiz: "{}" })).toBeUndefined();
    expect(ask("/quiz1/", {}, "POST")).toBeUndefined();
    expect(ask("/quiz1/", {}, "HEAD")).toBeUndefined();
    expect(ask("/quiz1/", {}, "GET", "Googlebot/2.1 (+http://www.google.com/bot.html)")).toBeUndefined();
    expect(ask("/terms/do-not-sell/")).toBeUndefined();
    expect(ask("/purchase/")).toBeUndefined();
    expect(ask("/profile/")).toBeUndefined();
    expect(ask("/printables/")).toBeUndefined();
  });

  it("keeps an entry for its lifetime and no more than its bound, oldest out first", () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 5_000, maxEntries: 2, now: () => now });
    const page = (name: string) => ({ status: 200, headers: { name }, document: {} as SplicedDocument, steps: [] });
    cache.set("a", page("a"));
    cache.set("b", page("b"));
    cache.set("c", page("c"));
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")?.headers.name).toBe("b");
    now = 4_999;
    expect(cache.get("c")?.headers.name).toBe("c");
    now = 5_000;
    expect(cache.get("c")).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("sends brotli, else gzip, else the text as it is", () => {
    expect(splicedEncodingFor("gzip, deflate, br")).toBe("br");
    expect(splicedEncodingFor("br;q=0, gzip")).toBe("gzip");
    expect(splicedEncodingFor("deflate")).toBe("identity");
    expect(splicedEncodingFor(undefined)).toBe("identity");
  });
});

// The whole product on each database, the cache on: what a cached page must still do for
// each response (its nonce, its cookies, its funnel step) and what it must never hold.
describe.each(testDatabases())("pages answered from the cache on $name", (target) => {
  let product: TestProduct;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "kr-page-cache-"));
    // An embedded database on disk, so the test can open it once the server has closed.
    product = await startTestProduct(target, {
      PAGE_CACHE_TTL_SECONDS: "30",
      ...(!target.databaseUrl && { DATA_DIR: dataDir }),
    });
  }, 120_000);
  afterAll(async () => {
    await product?.close();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Devices answered from the cache whose funnel row the last test reads, with the campaign it must hold. */
  const stepsToCheck: { deviceId: string; utmSource: string; utmCampaign: string }[] = [];
  const get = (url: string, headers: Record<string, string> = {}) =>
    product.app.inject({ url, headers: { "user-agent": iphone, "accept-encoding": "br", ...headers } });
  const textOf = (response: LightMyRequestResponse) => {
    const encoding = response.headers["content-encoding"];
    if (encoding === "br") return zlib.brotliDecompressSync(response.rawPayload).toString("utf8");
    if (encoding === "gzip") return zlib.gunzipSync(response.rawPayload).toString("utf8");
    return response.body;
  };
  // Under Vite (as these tests run) the policy is report-only; its nonce is the same.
  const policyNonce = (response: LightMyRequestResponse) =>
    /'nonce-([^']+)'/.exec(
      String(response.headers["content-security-policy"] ?? response.headers["content-security-policy-report-only"]),
    )?.[1];
  const deviceCookieOf = (response: LightMyRequestResponse) =>
    response.cookies.find((cookie) => cookie.name === "kr_device")?.value;

  it("gives every response from the cache a fresh nonce of its own, in its policy and its document", async () => {
    const rendered = await get("/quiz1/");
    expect(rendered.statusCode).toBe(200);
    expect(rendered.headers["x-page-cache"]).toBe("miss");
    const responses = [rendered, await get("/quiz1/"), await get("/quiz1/", { "accept-encoding": "gzip" })];
    responses.push(await get("/quiz1/", { "accept-encoding": "identity" }));
    expect(responses.slice(1).map((response) => response.headers["x-page-cache"])).toEqual(["hit", "hit", "hit"]);
    const nonces = responses.map(policyNonce);
    expect(new Set(nonces).size).toBe(responses.length);
    const documents = responses.map((response, index) => {
      const text = textOf(response);
      const nonce = nonces[index] ?? "";
      const inDocument = [...text.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
      expect(inDocument.length).toBeGreaterThan(3);
      expect(new Set(inDocument)).toEqual(new Set([nonce]));
      for (const other of nonces) if (other !== nonce) expect(text).not.toContain(other);
      return text.replaceAll(nonce, "NONCE");
    });
    expect(new Set(documents).size).toBe(1);
    expect(responses[1]?.headers.vary).toContain("Accept-Encoding");
  });

  it("sets each response's own cookies and keeps none in the document", async () => {
    const known = createRandomToken();
    const first = await get("/fr/quiz1/");
    const second = await get("/fr/quiz1/");
    const returning = await get("/fr/quiz1/", { cookie: `kr_device=${known}` });
    expect([first, second, returning].map((response) => response.headers["x-page-cache"])).toEqual([
      "miss",
      "hit",
      "hit",
    ]);
    const [firstDevice, secondDevice] = [deviceCookieOf(first), deviceCookieOf(second)];
    expect(firstDevice).toBeTruthy();
    expect(secondDevice).toBeTruthy();
    expect(secondDevice).not.toBe(firstDevice);
    // A returning browser keeps its device: no cookie is sent back, and none from another response.
    expect(deviceCookieOf(returning)).toBeUndefined();
    for (const response of [second, returning]) {
      expect(JSON.stringify(response.headers["set-cookie"] ?? "")).not.toContain(firstDevice);
    }
    for (const response of [first, second, returning]) {
      const text = textOf(response);
      for (const device of [firstDevice, secondDevice, known]) expect(text).not.toContain(device);
    }
  });

  it("never answers a parent's token, a signed-in or saved-quiz browser, or another page, from the cache", async () => {
    for (const [url, cookie] of [
      ["/es/quiz1/", undefined],
      ["/es/quiz1/?token=an-unknown-visitor-token-000", undefined],
      ["/es/quiz1/", "kr_session=someone"],
      ["/es/purchase/", undefined],
      ["/es/purchase/", undefined],
    ] as const) {
      const response = await get(url, cookie ? { cookie } : {});
      if (url === "/es/quiz1/" && !cookie) continue;
      expect(response.headers["x-page-cache"], `${url} ${cookie}`).toBeUndefined();
    }
  });

  it("answers ads' arrivals from one render, each recorded with its own campaign, none shown another's", async () => {
    const [firstDevice, secondDevice] = [createRandomToken(), createRandomToken()];
    const first = await get("/pt/quiz1/?utm_source=first-campaign&fbclid=IwAR-first-click", {
      cookie: `kr_device=${firstDevice}`,
    });
    const second = await get("/pt/quiz1/?utm_source=second-campaign&utm_campaign=autumn-sale&gclid=Cj0-second", {
      cookie: `kr_device=${secondDevice}`,
    });
    expect([first.headers["x-page-cache"], second.headers["x-page-cache"]]).toEqual(["miss", "hit"]);
    for (const response of [first, second]) {
      const text = textOf(response);
      for (const value of ["first-campaign", "IwAR-first-click", "second-campaign", "Cj0-second"]) {
        expect(text).not.toContain(value);
      }
    }
    stepsToCheck.push({ deviceId: secondDevice, utmSource: "second-campaign", utmCampaign: "autumn-sale" });
  });

  it("records the funnel steps of a page served from the cache, as its render did", async () => {
    const rendered = createRandomToken();
    const cached = createRandomToken();
    const first = await get("/de/onboarding/", { cookie: `kr_device=${rendered}` });
    const second = await get("/de/onboarding/", { cookie: `kr_device=${cached}` });
    expect([first.headers["x-page-cache"], second.headers["x-page-cache"]]).toEqual(["miss", "hit"]);
    // Closing the server writes what it queued; an embedded database can then be opened here.
    await product.app.close();
    const database: DbHandle = await openDb({ databaseUrl: product.databaseUrl, dataDir });
    try {
      const stepsOf = async (deviceId: string) => {
        const rows = await database.db.select().from(funnelVisitors);
        const row = rows.find((visitor) => visitor.deviceId === deviceId);
        return {
          steps: funnelSteps.filter((_, index) => row && (row.steps & (1n << BigInt(index))) !== 0n).map((s) => s.id),
          country: row?.countryCode,
          locale: row?.locale,
        };
      };
      const [fromRender, fromCache] = [await stepsOf(rendered), await stepsOf(cached)];
      expect(fromRender.steps).toContain("visit");
      expect(fromCache).toEqual(fromRender);
      // An ad's arrival answered from the cache keeps its own campaign, not the render's.
      const rows = await database.db.select().from(funnelVisitors);
      for (const expected of stepsToCheck) {
        const row = rows.find((visitor) => visitor.deviceId === expected.deviceId);
        expect({ deviceId: row?.deviceId, utmSource: row?.utmSource, utmCampaign: row?.utmCampaign }).toEqual(expected);
      }
    } finally {
      await database.close();
    }
  });
});
