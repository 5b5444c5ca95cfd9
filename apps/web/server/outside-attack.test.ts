import { request as httpRequest } from "node:http";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { signBody } from "@kinderready/domain/payments/solidgate-protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OperatorBrowser, signInOverHttp, testOperatorEnv } from "../test/console-operator.ts";
import { startTestProduct, type TestProduct } from "../test/product.ts";

// What an outside attack on the running product found, asked of the whole product again: a
// console date range that exhausted the process, dates PostgreSQL cannot hold, an address of
// slashes, a refund on an id that is no id, and a number where the payment page takes text.
// Each is answered 4xx, naming the field, and quickly.

describe.each(testDatabases())("the outside attack's requests on $name", (target) => {
  let product: TestProduct;
  let operator: OperatorBrowser;

  beforeAll(async () => {
    product = await startTestProduct(target, { ...testOperatorEnv, OVERLOAD_EVENT_LOOP_DELAY_MS: "0" });
    operator = await signInOverHttp(product.app, "de");
  }, 120_000);
  afterAll(() => product?.close(), 60_000);

  const asOperator = (url: string) => product.app.inject({ url, headers: { cookie: operator.cookie } });

  /** A GET with the path exactly as written on a real socket (inject resolves `/\x` as a URL first). */
  const rawGet = (path: string) =>
    new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const { hostname, port } = new URL(product.origin);
      httpRequest({ hostname, port, path }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
      })
        .on("error", reject)
        .end();
    });

  it("refuses a revenue range since 1900 at once, with a 400 that names `from` in the operator's language", async () => {
    const started = Date.now();
    const response = await asOperator("/admin/revenue/?from=1900-01-01&to=2026-12-31");
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.body.length).toBeLessThan(500_000);
    expect(response.body).toContain("„Von“ darf nicht vor dem 01.01.2020 liegen");
  });

  it.each(["/admin/export/audit.csv", "/admin/export/revenue-daily.csv", "/admin/audit/"])(
    "answers to=9999-12-31 on %s with a 400 that names `to`",
    async (path) => {
      const response = await asOperator(`${path}?from=2026-01-01&to=9999-12-31`);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      if (path.endsWith(".csv")) {
        expect(response.headers["content-type"]).toMatch(/^text\/plain/);
        expect(response.body).toMatch(/^to: /);
      } else {
        expect(response.body).toContain("„Bis“ darf nicht nach morgen");
      }
    },
  );

  it.each(["//", "///", "//evil.example/", "//evil.example/admin/", "///x/", "/\\evil.example/"])(
    "answers GET %s with a 404 or a 308 to the path of one slash, never off the site",
    async (url) => {
      const response = await rawGet(url);
      expect([308, 404], `${response.status} to ${response.location}`).toContain(response.status);
      if (response.status === 308) {
        const location = String(response.location);
        expect(location).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, product.origin).origin).toBe(product.origin);
      }
    },
  );

  it("answers a refund on a customer id that is not a UUID with 404, naming no row", async () => {
    for (const userId of ["1", "not-a-uuid", `${"a".repeat(300)}`, "%00", "%C3%A9t%C3%A9"]) {
      const response = await product.app.inject({
        method: "POST",
        url: `/admin/customers/${userId}/`,
        headers: { cookie: operator.cookie, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ intent: "refund", orderId: "x", csrf: operator.csrf }).toString(),
      });
      expect(response.statusCode, `${userId}: ${response.body.slice(0, 200)}`).toBe(404);
    }
  });

  it("answers the payment page's JSON body with a number for the CVV with 422 naming `cvv`", async () => {
    const { publicKey, secretKey } = product.config.payments;
    const init = JSON.stringify({
      order: {
        order_id: `attack-${Date.now()}`,
        amount: 999,
        currency: "USD",
        order_description: "Kit",
        customer_email: "parent@example.com",
        success_url: `${product.origin}/purchase/`,
        fail_url: `${product.origin}/purchase/`,
      },
    });
    const page = await product.app.inject({
      method: "POST",
      url: "/gateway-simulator/api/v1/init",
      headers: {
        "content-type": "application/json",
        merchant: publicKey,
        signature: signBody(publicKey, secretKey, init),
      },
      payload: init,
    });
    expect(page.statusCode, page.body).toBe(200);
    const { guid } = page.json() as { guid: string };
    const response = await product.app.inject({
      method: "POST",
      url: `/gateway-simulator/pay/${guid}`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ method: "card", number: "4242424242424242", expiry: "12/40", cvv: 123 }),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(422);
    expect(response.body).toContain('id="cvv-error"');
  });

  // Found by the fuzzer once it signed in: a NUL reached PostgreSQL from a console query.
  it.each([
    "/admin/customers/?q=nul%00inside",
    "/admin/export/customers.csv?q=nul%00inside",
    "/admin/export/experiment.csv?split=%00",
    "/admin/?utmSource=%00",
  ])("answers a NUL in the query of %s with a 400 naming the parameter", async (url) => {
    const response = await asOperator(url);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(response.body).toContain("querystring.");
  });
});
