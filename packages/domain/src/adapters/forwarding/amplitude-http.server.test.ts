import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlatformStub, startPlatformStub, testConversion } from "../../../test/platform-stub.server.ts";
import type { ProductEvent } from "../../analytics/forwarding/forwarding-adapter.server.ts";
import { createAmplitudeHttp } from "./amplitude-http.server.ts";

const productEvent = (index: number): ProductEvent => ({
  eventId: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
  name: "quiz_step",
  userId: index % 2 === 0 ? "7d4f0a1e-2b3c-4d5e-8f90-a1b2c3d4e5f6" : null,
  deviceId: "device-0001",
  sessionId: 1_795_000_000_000,
  occurredAt: new Date(1_795_000_000_000 + index * 1000),
  page: "/onboarding/",
  properties: { step: index },
  userProperties: { split_intro: "B" },
});

describe("Amplitude HTTP V2 adapter", () => {
  let amplitude: PlatformStub;
  beforeAll(async () => {
    amplitude = await startPlatformStub({ code: 200, events_ingested: 1 });
  });
  afterAll(() => amplitude.close());
  beforeEach(() => amplitude.reset());

  const adapter = () => createAmplitudeHttp({ apiKey: "amp-key", url: amplitude.url });

  it("posts a conversion with our user id, the event id as insert_id and its revenue", async () => {
    const conversion = testConversion({ event: "upsale", amount: 999 });
    await adapter().send([conversion]);

    expect(amplitude.requests).toHaveLength(1);
    const [request] = amplitude.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/2/httpapi");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({
      api_key: "amp-key",
      events: [
        {
          user_id: conversion.userId,
          device_id: "device-0001",
          event_type: "conversion_upsale",
          time: conversion.occurredAt.getTime(),
          session_id: -1,
          insert_id: conversion.eventId,
          event_properties: { order_id: conversion.orderId, currency: "USD", value: 9.99 },
          price: 9.99,
          quantity: 1,
          revenue: 9.99,
          productId: "upsale",
          revenueType: "upsale",
        },
      ],
    });
  });

  it("posts stored product events with their session, device and properties", async () => {
    await adapter().sendEvents([productEvent(0), productEvent(1)]);
    const body = amplitude.bodyAt<{ api_key: string; events: object[] }>(0);
    expect(body.api_key).toBe("amp-key");
    expect(body.events).toEqual([
      {
        user_id: "7d4f0a1e-2b3c-4d5e-8f90-a1b2c3d4e5f6",
        device_id: "device-0001",
        event_type: "quiz_step",
        time: 1_795_000_000_000,
        session_id: 1_795_000_000_000,
        insert_id: "00000000-0000-4000-8000-000000000000",
        event_properties: { step: 0, page: "/onboarding/" },
        user_properties: { split_intro: "B" },
      },
      {
        device_id: "device-0001",
        event_type: "quiz_step",
        time: 1_795_000_001_000,
        session_id: 1_795_000_000_000,
        insert_id: "00000000-0000-4000-8000-000000000001",
        event_properties: { step: 1, page: "/onboarding/" },
        user_properties: { split_intro: "B" },
      },
    ]);
  });

  it("sends the rest again when a 400 names the invalid events", async () => {
    amplitude.reply({
      status: 400,
      body: { code: 400, error: "Request missing required field", events_with_invalid_fields: { time: [1] } },
    });
    const result = await adapter().sendEvents([productEvent(0), productEvent(1), productEvent(2)]);
    expect(result).toEqual({ rejected: 1 });
    expect(amplitude.requests).toHaveLength(2);
    const resent = amplitude.bodyAt<{ events: { insert_id: string }[] }>(1);
    expect(resent.events.map((event) => event.insert_id)).toEqual([productEvent(0).eventId, productEvent(2).eventId]);
  });

  it("gives up on a 400 that names no event, and keeps 429 retryable", async () => {
    amplitude.reply({ status: 400, body: { code: 400, error: "Invalid API key" } }, { status: 429, body: {} });
    await expect(adapter().sendEvents([productEvent(0)])).rejects.toMatchObject({ retryable: false, status: 400 });
    await expect(adapter().sendEvents([productEvent(0)])).rejects.toMatchObject({ retryable: true, status: 429 });
  });
});
