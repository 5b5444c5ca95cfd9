import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayError, GatewayUnavailableError } from "../payments/payment-gateway.ts";
import { createSolidgateGateway } from "./solidgate-gateway.server.ts";

// How the adapter reads the gateway's HTTP answers: which are refusals (an order may be settled
// as declined) and which only say "not now" (the order stays open for reconciliation).

let answer = { status: 200, body: "" };
let server: Server;
let baseUrl = "";

beforeAll(async () => {
  server = createServer((_, response) => {
    response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const gatewayAt = (url: string) =>
  createSolidgateGateway({ publicKey: "pk", secretKey: "sk", payUrl: url, pageUrl: url, timeoutMs: 2000 });
const gateway = () => gatewayAt(baseUrl);
const failure = (code: string) => JSON.stringify({ error: { code, messages: ["refused"] } });

describe("Solidgate adapter's reading of HTTP answers", () => {
  it.each([
    ["429 Too Many Requests, even in the gateway's error shape", 429, failure("0.01")],
    ["408 Request Timeout", 408, failure("0.01")],
    ["503 from a load balancer", 503, "<html>busy</html>"],
    ["500 in the gateway's error shape", 500, failure("0.01")],
  ])("treats %s as the gateway being unavailable, never a decline", async (_, status, body) => {
    answer = { status, body };
    const error = await gateway()
      .orderStatus("order-1")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect(error).not.toBeInstanceOf(GatewayError);
  });

  it("treats another 4xx in the gateway's shape as its refusal, with its code", async () => {
    answer = { status: 422, body: failure("2.05") };
    const error = await gateway()
      .orderStatus("order-1")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: "2.05" });
  });

  it("treats a refused connection as unavailable", async () => {
    // Port 9 (discard) has no listener here.
    await expect(gatewayAt("http://127.0.0.1:9").orderStatus("order-1")).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
  });
});
