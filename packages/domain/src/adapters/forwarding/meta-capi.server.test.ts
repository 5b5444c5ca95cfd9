import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlatformStub, startPlatformStub, testConversion } from "../../../test/platform-stub.server.ts";
import { DeliveryError } from "../../analytics/forwarding/forwarding-adapter.server.ts";
import { createMetaCapiAdapter } from "./meta-capi.server.ts";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("Meta Conversions API adapter", () => {
  let meta: PlatformStub;
  beforeAll(async () => {
    meta = await startPlatformStub({ events_received: 1, fbtrace_id: "trace" });
  });
  afterAll(() => meta.close());
  beforeEach(() => meta.reset());

  const adapter = () =>
    createMetaCapiAdapter({ pixelId: "1234567890", accessToken: "meta-token/+", url: `${meta.url}/v25.0` });

  it("posts the event to the pixel's events edge with hashed contact data and the shared event id", async () => {
    const conversion = testConversion();
    await adapter().send([conversion]);

    expect(meta.requests).toHaveLength(1);
    const [request] = meta.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v25.0/1234567890/events");
    expect(request?.query).toEqual({ access_token: "meta-token/+" });
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({
      data: [
        {
          event_name: "Purchase",
          event_time: Math.floor(conversion.occurredAt.getTime() / 1000),
          event_id: conversion.eventId,
          action_source: "website",
          event_source_url: "https://kinderready.app/purchase/",
          user_data: {
            em: [sha256("parent@example.com")],
            external_id: [sha256(conversion.userId)],
            fbc: "fb.1.1732531200.IwAR1234",
            fbp: "fb.1.1732531200.987654321",
            client_user_agent: "Mozilla/5.0 (iPhone)",
          },
          custom_data: { currency: "USD", value: 1.99 },
        },
      ],
    });
  });

  it("leaves out what it does not know instead of sending empty values", async () => {
    await adapter().send([testConversion({ email: null, fbc: null, fbp: null, userAgent: null })]);
    const body = meta.bodyAt<{ data: { user_data: object }[] }>(0);
    expect(body.data[0]?.user_data).toEqual({ external_id: [sha256(testConversion().userId)] });
  });

  it("reports a refusal as final and a server error as worth retrying", async () => {
    meta.reply(
      { status: 400, body: { error: { message: "Invalid parameter", code: 100 } } },
      { status: 503, body: {} },
    );
    const refused = await adapter()
      .send([testConversion()])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect(refused).toMatchObject({ retryable: false, status: 400 });
    expect((refused as Error).message).not.toContain("meta-token");
    await expect(adapter().send([testConversion()])).rejects.toMatchObject({ retryable: true, status: 503 });
  });
});
