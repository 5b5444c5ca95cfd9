import type { DbHandle } from "@kinderready/db/open-db";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { createSolidgateGateway } from "@kinderready/domain/adapters/solidgate-gateway.server";
import { GatewayError, type PaymentGateway } from "@kinderready/domain/payments/payment-gateway";
import { signBody } from "@kinderready/domain/payments/solidgate-protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLoopbackGateway } from "./loopback-gateway.ts";
import { issueCardToken } from "./simulator-plugin.ts";

// Contract tests: the real Solidgate adapter against the simulator, over HTTP on loopback.

let clock = new Date("2026-11-22T10:00:00Z");
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let orderCounter = 0;
const newOrderId = () => `contract-${Date.now()}-${++orderCounter}`;

describe.each(testDatabases())("Solidgate adapter against the simulator on $name", (target) => {
  let database: DbHandle;
  let loopback: Awaited<ReturnType<typeof startLoopbackGateway>>;
  let gateway: PaymentGateway;
  let payUrl = "";
  let keys = { publicKey: "", secretKey: "" };

  beforeAll(async () => {
    database = await openTestDatabase(target);
    loopback = await startLoopbackGateway({ database, now: () => clock, settleMs: 300 });
    ({ gateway, payUrl, keys } = loopback);
  }, 60_000);
  afterAll(async () => {
    await loopback.close();
    await database.close();
  });

  const charge = async (card: string, orderId = newOrderId()) =>
    gateway.chargeRecurring({
      orderId,
      amount: 1499,
      currency: "USD",
      description: "Add-on packs",
      recurringToken: await issueCardToken(database.db, card),
    });

  it("charges a stored card: processing first, approved once settled, with the card token", async () => {
    const created = await charge("4067429974719265");
    expect(created).toMatchObject({ status: "processing", amount: 1499, currency: "USD" });
    expect((await gateway.orderStatus(created.orderId)).status).toBe("processing");
    later(301);
    const settled = await gateway.orderStatus(created.orderId);
    expect(settled.status).toBe("approved");
    expect(settled.cardToken).toMatch(/^sim_tok_/);
    expect(settled.errorCode).toBeUndefined();
  });

  it("declines with the card's code, and the renewal-failure card with 3.02", async () => {
    for (const [card, code] of [
      ["4000000000003022", "3.02"],
      ["4000000000002065", "2.06"],
      ["4000000000013021", "3.02"],
    ] as const) {
      const order = await charge(card);
      later(301);
      expect(await gateway.orderStatus(order.orderId)).toMatchObject({ status: "declined", errorCode: code });
    }
  });

  it("keeps the never-final card processing", async () => {
    const order = await charge("4000000000009995");
    later(60_000);
    expect((await gateway.orderStatus(order.orderId)).status).toBe("processing");
  });

  it("refuses a reused order id (5.06), an unknown order (2.05) and an unknown token (5.02)", async () => {
    const orderId = newOrderId();
    await charge("4067429974719265", orderId);
    await expect(charge("4067429974719265", orderId)).rejects.toMatchObject({ code: "5.06" });
    await expect(gateway.orderStatus("no-such-order")).rejects.toMatchObject({ code: "2.05", httpStatus: 404 });
    await expect(
      gateway.chargeRecurring({
        orderId: newOrderId(),
        amount: 100,
        currency: "USD",
        description: "x",
        recurringToken: "nope",
      }),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it("refunds an approved order in part, then in full, and refuses more", async () => {
    const order = await charge("4067429974719265");
    later(301);
    expect((await gateway.refund({ orderId: order.orderId, amount: 499 })).status).toBe("approved");
    expect((await gateway.refund({ orderId: order.orderId, amount: 1000 })).status).toBe("refunded");
    await expect(gateway.refund({ orderId: order.orderId, amount: 1 })).rejects.toMatchObject({ code: "0.03" });
  });

  it("rejects requests whose signature does not match the bytes (1.01)", async () => {
    const body = JSON.stringify({ order_id: "x" });
    const tampered = await fetch(`${payUrl}/status`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        merchant: keys.publicKey,
        signature: signBody(keys.publicKey, keys.secretKey, `${body} `),
      },
      body,
    });
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toEqual({ error: { code: "1.01", messages: ["Authentication failed"] } });
    const wrongKey = createSolidgateGateway({
      ...keys,
      secretKey: "api_sk_someone_else_entirely_000000000",
      payUrl,
      pageUrl: payUrl,
    });
    await expect(wrongKey.orderStatus("x")).rejects.toMatchObject({ code: "1.01", httpStatus: 401 });
  });
});
