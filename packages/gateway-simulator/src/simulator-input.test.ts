import type { DbHandle } from "@kinderready/db/open-db";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { signBody } from "@kinderready/domain/payments/solidgate-protocol";
import { type FastifyInstance, fastify } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateSimulator } from "./simulator-migrations.ts";
import { issueCardToken, simulatorPlugin } from "./simulator-plugin.ts";

// Every field of every simulator endpoint, sent of the wrong type or as text no database keeps:
// the API answers Solidgate's 422 naming the field, the hosted page shows the card field back as
// invalid (422) or names any other field in a 400. Nothing answers 5xx.

const keys = { publicKey: "api_pk_input_test", secretKey: "api_sk_input_test_secret" };
const wrongValues: unknown[] = [
  123,
  1.5,
  -1,
  [],
  ["a"],
  {},
  { a: 1 },
  null,
  true,
  "\u0000",
  "a\uD800b",
  "x".repeat(5_000),
];

describe.each(testDatabases())("the simulator's input checks on $name", (target) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let token = "";

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await migrateSimulator(database);
    app = fastify();
    await app.register((simulator) =>
      simulatorPlugin(simulator, { db: database.db, ...keys, publicUrl: "http://127.0.0.1:1", settleMs: 0 }),
    );
    token = await issueCardToken(database.db, "4067429974719265");
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const signed = (url: string, body: unknown) => {
    const text = JSON.stringify(body);
    return app.inject({
      method: "POST",
      url,
      headers: {
        "content-type": "application/json",
        merchant: keys.publicKey,
        signature: signBody(keys.publicKey, keys.secretKey, text),
      },
      payload: text,
    });
  };

  let orders = 0;
  const order = () => ({
    order_id: `input-${target.name}-${Date.now()}-${++orders}`,
    amount: 999,
    currency: "USD",
    order_description: "Kit",
    customer_email: "parent@example.com",
    language: "de",
    success_url: "https://kit.example/purchase/",
    fail_url: "https://kit.example/purchase/",
  });
  const bodies: Record<string, () => Record<string, unknown>> = {
    "/api/v1/init": () => ({ order: order() }),
    "/api/v1/recurring": () => ({ ...order(), recurring_token: token }),
    "/api/v1/status": () => ({ order_id: "input-none" }),
    "/api/v1/refund": () => ({ order_id: "input-none", amount: 100, refund_reason_code: "0021" }),
  };

  it.each(Object.keys(bodies))("answers every field of %s of the wrong type with a 422 naming it", async (url) => {
    const valid = bodies[url]?.() ?? {};
    const fields = url === "/api/v1/init" ? Object.keys(order()).map((name) => `order.${name}`) : Object.keys(valid);
    for (const field of fields) {
      for (const value of wrongValues) {
        const body = structuredClone(bodies[url]?.() ?? {});
        const [outer = "", inner] = field.split(".");
        if (inner) (body[outer] as Record<string, unknown>)[inner] = value;
        else body[outer] = value;
        const response = await signed(url, body);
        // A value its field takes (a number where a number goes) may pass: what matters is no 5xx.
        expect(response.statusCode, `${field} = ${JSON.stringify(value)?.slice(0, 20)}`).toBeLessThan(500);
        if (response.statusCode === 422 && response.json().error.code === "2.01") {
          expect(response.json().error.messages[0]).toBe(`Invalid data: ${field}`);
        }
      }
    }
    for (const body of [null, [], "text", 12]) {
      const response = await signed(url, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.messages[0]).toBe("Invalid data: body");
    }
  });

  it("refuses amounts past the integer column, and refunds that would add up past it, without a 5xx", async () => {
    const huge = 2_147_483_647;
    expect(
      (await signed("/api/v1/recurring", { ...bodies["/api/v1/recurring"]?.(), amount: huge + 1 })).statusCode,
    ).toBe(422);
    const charged = await signed("/api/v1/recurring", { ...bodies["/api/v1/recurring"]?.(), amount: huge });
    expect(charged.statusCode, charged.body).toBe(200);
    const { order_id } = charged.json().order;
    await signed("/api/v1/status", { order_id });
    for (let attempt = 0; attempt < 2; attempt++) {
      const refund = await signed("/api/v1/refund", { order_id, amount: huge - 1 });
      expect(refund.statusCode, refund.body).toBe(attempt === 0 ? 200 : 422);
    }
  });

  async function hostedPage(): Promise<string> {
    const response = await signed("/api/v1/init", bodies["/api/v1/init"]?.());
    expect(response.statusCode, response.body).toBe(200);
    return response.json().guid;
  }

  it("shows a card field sent as anything but text back as invalid, with a 422", async () => {
    const guid = await hostedPage();
    const card = { method: "card", number: "4067429974719265", expiry: "12/40", cvv: "123" };
    for (const field of ["number", "expiry", "cvv"]) {
      for (const value of wrongValues.filter((value) => typeof value !== "string" || value.length > 100)) {
        const response = await app.inject({
          method: "POST",
          url: `/pay/${guid}`,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ ...card, [field]: value }),
        });
        expect(response.statusCode, `${field} = ${JSON.stringify(value)?.slice(0, 20)}`).toBe(422);
        expect(response.body).toContain(`id="${field}-error"`);
      }
    }
  });

  it("answers any other fault on the page with a 400 naming it, and an address that is no page with 404", async () => {
    const guid = await hostedPage();
    for (const [payload, field] of [
      [{ method: "bitcoin" }, "method"],
      [{ method: 1 }, "method"],
      [[], "body"],
      ["card", "body"],
      [null, "body"],
    ] as const) {
      const response = await app.inject({
        method: "POST",
        url: `/pay/${guid}`,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toMatch(new RegExp(`^${field}: `));
    }
    // Bytes that decode to no text are Fastify's 400 before the route; anything else is no page.
    for (const [address, status] of [
      ["%00", 404],
      ["x", 404],
      ["a".repeat(80), 404],
      [`${guid}%00`, 404],
      ["%ED%A0%80", 400],
    ] as const) {
      for (const method of ["GET", "POST"] as const) {
        const response = await app.inject({
          method,
          url: `/pay/${address}`,
          ...(method === "POST" && {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            payload: "cvv=1",
          }),
        });
        expect(response.statusCode, `${method} ${address.slice(0, 20)}`).toBe(status);
      }
    }
  });

  it("still takes the form as a browser posts it", async () => {
    const guid = await hostedPage();
    const response = await app.inject({
      method: "POST",
      url: `/pay/${guid}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "method=card&number=4067+4299+7471+9265&expiry=12%2F40&cvv=123",
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(303);
    expect(response.headers.location).toBe("https://kit.example/purchase/");
  });
});
