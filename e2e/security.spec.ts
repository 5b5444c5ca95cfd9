import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { catalogueChunks } from "../apps/web/app/i18n/catalogue-parts.ts";
import { expect, test } from "./fixtures.ts";

// Security headers, cookie flags, cross-site form posts, and the payment pages' script inventory
// (PCI DSS 6.4.3), checked on the running product.

test("pages carry a nonce-based CSP without unsafe-inline, and the other protective headers", async ({ request }) => {
  for (const path of ["/onboarding/", "/ar/onboarding/", "/purchase/", "/profile/"]) {
    const response = await request.get(path);
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src")) ?? "";
    expect(scriptSrc, path).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'$/);
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(policy, path).toContain("object-src 'none'");
    expect(policy, path).toContain("base-uri 'none'");
    expect(policy, path).toContain("form-action 'self'");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("SAMEORIGIN");
    expect(headers["cache-control"], path).toBe("private, no-cache");
    // Plain-http test server: HSTS is for prod only (apps/web/server/security-headers.test.ts).
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
  const first = (await request.get("/onboarding/")).headers()["content-security-policy"];
  const second = (await request.get("/onboarding/")).headers()["content-security-policy"];
  expect(first).not.toBe(second);
});

test("the API and static files carry the protective headers too", async ({ request }) => {
  const api = await request.get("/api/v1/health");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(api.headers()["permissions-policy"]).toContain("geolocation=()");
  const html = await (await request.get("/onboarding/")).text();
  // A script the page's boot imports (a parent's page preloads none: it boots after painting).
  const asset = /from "(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeDefined();
  const file = await request.get(asset ?? "");
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
});

test("cookies the server sets are HttpOnly and SameSite, and the session one is scoped to the site", async ({
  page,
  registerParent,
  emailedSignInLink,
}) => {
  // Sign-in links are limited per client address, counted in the database: an address of its own.
  const octet = () => Math.floor(Math.random() * 256);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
  const { token, email } = await registerParent("cookies");
  // A link with the token signs nobody in (anyone may hold a link); an emailed sign-in link does.
  const linked = await page.request.get(`/profile/?token=${token}`);
  expect(linked.url()).toMatch(/\/profile\/$/);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("kr_session");
  const code = new URL(await emailedSignInLink(email)).searchParams.get("access") ?? "";
  const responses = [
    await page.request.post("/profile/", { form: { intent: "sign-in", code }, maxRedirects: 0 }),
    await page.request.get("/onboarding/?lang=de", { maxRedirects: 0 }),
  ];
  const cookies = responses.flatMap((response) =>
    response
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "set-cookie")
      .map((header) => header.value),
  );
  const session = cookies.find((cookie) => cookie.startsWith("kr_session="));
  expect(session).toMatch(/^kr_session=[A-Za-z0-9_-]{43};/);
  expect(session).not.toContain(token);
  for (const cookie of cookies) {
    expect(cookie, cookie).toMatch(/; HttpOnly/i);
    expect(cookie, cookie).toMatch(/; SameSite=(Lax|Strict)/i);
    expect(cookie, cookie).toMatch(/; Path=\//i);
  }
});

test("a form post another site makes the browser send is refused; our own is served", async ({ request }) => {
  const body = { intent: "check-email", email: "someone@example.com" };
  const foreign = await request.post("/onboarding/?_data", {
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    data: body,
  });
  expect(foreign.status()).toBe(403);
  const own = await request.post("/contact/", {
    headers: { origin: new URL(test.info().project.use.baseURL ?? "").origin, "sec-fetch-site": "same-origin" },
    form: { name: "A", email: "not-an-email", message: "" },
    maxRedirects: 0,
  });
  expect(own.status()).not.toBe(403);
});

test("a page post with text the database cannot store is refused with 400, in the visitor's language", async ({
  request,
}) => {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const form = { name: "Ann", email: "ann@example.com", message: "Hello\u0000 there, a long enough message" };
  for (const [path, heading] of [
    ["/contact/", "We couldn’t accept that"],
    ["/de/contact/", "Das konnten wir nicht annehmen"],
  ] as const) {
    const response = await request.post(path, { headers: { origin }, form, maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toContain(heading);
  }
  // The same message without the NUL is an ordinary post.
  const fine = await request.post("/contact/", {
    headers: { origin },
    form: { ...form, message: form.message.replace("\u0000", "") },
    maxRedirects: 0,
  });
  expect(fine.status()).toBeLessThan(400);
});

type InventoryEntry = { chunk: string; purpose: string };
const inventory: { scripts: InventoryEntry[] } = JSON.parse(
  readFileSync(new URL("../docs/security/payment-page-scripts.json", import.meta.url), "utf8"),
);

/** The scripts a page loads: each must be our own, and named in the inventory. */
async function scriptsOf(page: Page, path: string) {
  const loaded = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") loaded.add(request.url());
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return [...loaded];
}

test("the payment pages load only the inventoried first-party scripts (PCI DSS 6.4.3)", async ({
  page,
  api,
  parent: { token },
}) => {
  await page.setExtraHTTPHeaders({ "x-test-country": "us" });
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const known = new Set(inventory.scripts.map((entry) => entry.chunk));
  for (const path of [`/purchase/?token=${token}&offer=1`, `/offer1/?token=${token}`, `/ar/purchase/?token=${token}`]) {
    const scripts = await scriptsOf(page, path);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const url of scripts) {
      expect(new URL(url).origin, url).toBe(origin);
      // Build hashes change; the chunk's name is what the inventory authorises. A language's
      // catalogue comes in parts (`en-offer`), each authorised as that language's catalogue.
      const chunk = new URL(url).pathname
        .replace(/^\/assets\//, "")
        .replace(/-[\w-]{8}\.js$/, "")
        .replace(new RegExp(`^([a-z]{2})-(?:${catalogueChunks.join("|")})$`), "$1");
      expect(known, `${chunk} (${path}) is not in docs/security/payment-page-scripts.json`).toContain(chunk);
    }
  }
  // The API the pages never call from the browser stays closed to it.
  expect((await page.request.get(`/api/v1/onboarding/${token}?product=kinderready`)).status()).toBe(401);
  expect((await api.get(`/api/v1/onboarding/${token}?product=kinderready`)).status()).toBe(200);
});
