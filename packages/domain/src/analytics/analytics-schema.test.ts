import { describe, expect, it } from "vitest";
import { analyticsBatchSchema, analyticsPayloadSchema } from "./analytics-schema.ts";

describe("analyticsPayloadSchema", () => {
  it("takes a host name (with a port, or an IPv6 address) and refuses any other text there", () => {
    for (const host of ["kinderready.app", "localhost:3000", "xn--kindr-4qa.de", "127.0.0.1:8080", "[::1]:3000"]) {
      expect(analyticsPayloadSchema.parse({ locale: "en", host }).host).toBe(host);
    }
    for (const host of ["<script>alert(1)</script>", "a b", "evil\u202Ehost", "host/path", "-x.com", ""]) {
      const parsed = analyticsPayloadSchema.safeParse({ locale: "en", host });
      expect(parsed.success, host).toBe(false);
      expect(parsed.error?.issues[0]?.path, host).toEqual(["host"]);
    }
  });

  it("stores free text fields without control characters or direction overrides", () => {
    const parsed = analyticsPayloadSchema.parse({
      locale: "en",
      utm_campaign: "spring\u202Esale\u0007",
      browser_name: "\u001B[31mChrome",
      device_model: "Pixel\u20667\u2069",
    });
    expect(parsed).toMatchObject({ utm_campaign: "springsale", browser_name: "[31mChrome", device_model: "Pixel7" });
  });
});

describe("analyticsBatchSchema", () => {
  it("stores event and user property text without control characters or direction overrides", () => {
    const parsed = analyticsBatchSchema.parse({
      device_id: "device-0000000000000",
      session_id: 1,
      user_properties: { group: "\u202Eb" },
      events: [
        {
          event_id: "9b2d5f4e-2f7a-4c3e-9d7a-1b2c3d4e5f60",
          name: "page_viewed",
          time: 1,
          properties: { label: "a\u0000\u200Fb" },
        },
      ],
    });
    expect(parsed.user_properties).toEqual({ group: "b" });
    expect(parsed.events[0]?.properties).toEqual({ label: "ab" });
  });
});
