import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlatformStub, startPlatformStub, testConversion } from "../../../test/platform-stub.server.ts";
import { createGa4MeasurementAdapter } from "./ga4-measurement.server.ts";

describe("GA4 Measurement Protocol adapter", () => {
  let ga4: PlatformStub;
  beforeAll(async () => {
    ga4 = await startPlatformStub();
  });
  afterAll(() => ga4.close());
  beforeEach(() => ga4.reset());

  const adapter = () => createGa4MeasurementAdapter({ measurementId: "G-ABC123", apiSecret: "s3cret&x", url: ga4.url });

  it("posts a purchase with the order as transaction id, the browser's client id and our user id", async () => {
    const conversion = testConversion();
    await adapter().send([conversion]);

    expect(ga4.requests).toHaveLength(1);
    const [request] = ga4.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/mp/collect");
    expect(request?.query).toEqual({ measurement_id: "G-ABC123", api_secret: "s3cret&x" });
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({
      client_id: "123456.7654321",
      user_id: conversion.userId,
      timestamp_micros: conversion.occurredAt.getTime() * 1000,
      events: [
        {
          name: "purchase",
          params: { transaction_id: conversion.orderId, value: 1.99, currency: "USD" },
        },
      ],
    });
  });

  it("falls back to the first-visit id, then the user id, for the client id; one request per conversion", async () => {
    await adapter().send([
      testConversion({ gaClientId: null }),
      testConversion({ gaClientId: null, deviceId: null, orderId: "kr_second" }),
    ]);
    expect(ga4.requests.map((request) => (request.body as { client_id: string }).client_id)).toEqual([
      "device-0001",
      testConversion().userId,
    ]);
  });
});
