import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlatformStub, startPlatformStub, testConversion } from "../../../test/platform-stub.server.ts";
import { createTiktokEventsAdapter } from "./tiktok-events.server.ts";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("TikTok Events API adapter", () => {
  let tiktok: PlatformStub;
  beforeAll(async () => {
    tiktok = await startPlatformStub({ code: 0, message: "OK", request_id: "r1" });
  });
  afterAll(() => tiktok.close());
  beforeEach(() => tiktok.reset());

  const adapter = () => createTiktokEventsAdapter({ pixelCode: "CPIXEL123", accessToken: "tt-token", url: tiktok.url });

  it("posts a CompletePayment with the token in the Access-Token header and hashed identifiers", async () => {
    const conversion = testConversion();
    await adapter().send([conversion]);

    expect(tiktok.requests).toHaveLength(1);
    const [request] = tiktok.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/open_api/v1.3/event/track/");
    expect(request?.query).toEqual({});
    expect(request?.headers["access-token"]).toBe("tt-token");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({
      event_source: "web",
      event_source_id: "CPIXEL123",
      data: [
        {
          event: "CompletePayment",
          event_time: Math.floor(conversion.occurredAt.getTime() / 1000),
          event_id: conversion.eventId,
          user: {
            email: sha256("parent@example.com"),
            external_id: sha256(conversion.userId),
            ttclid: "E.C.P.tt-click",
            user_agent: "Mozilla/5.0 (iPhone)",
          },
          properties: { currency: "USD", value: 1.99 },
          page: { url: "https://kinderready.app/purchase/" },
        },
      ],
    });
  });

  it("treats a non-zero code in a 200 answer as not delivered", async () => {
    tiktok.reply({ status: 200, body: { code: 40001, message: "Invalid access token" } });
    await expect(adapter().send([testConversion()])).rejects.toThrow("TikTok code 40001: Invalid access token");
  });
});
