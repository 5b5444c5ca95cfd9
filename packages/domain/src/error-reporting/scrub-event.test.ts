import type { Event } from "@sentry/core";
import { describe, expect, it } from "vitest";
import { scrubEvent, scrubSpan, scrubText } from "./scrub-event.ts";

const token = "q3VtR8xKp2LmN9sTz4Yb_w";
const userId = "0b7e6a4c-5f1d-4c8e-9a2b-3d4e5f6a7b8c";

describe("scrubText", () => {
  it("takes out emails, query values, IP addresses and token-like words", () => {
    expect(scrubText("no parent for jane.doe+kit@example.co.uk")).toBe("no parent for [email]");
    expect(scrubText("GET /printables/?token=abc&lang=de#top")).toBe(
      "GET /printables/?token=[redacted]&lang=[redacted]#top",
    );
    expect(scrubText("/profile/?access=0b7e.sig")).toBe("/profile/?access=[redacted]");
    expect(scrubText("from 203.0.113.7 and 2001:db8::8a2e:370:7334 and ::ffff:10.0.0.1")).toBe(
      "from [ip] and [ip] and [ip]",
    );
    expect(scrubText(`GET /api/v1/printables/${token}`)).toBe("GET /api/v1/printables/[redacted]");
    expect(scrubText(`token ${token}.`)).toBe("token [redacted].");
  });

  it("keeps what helps find the fault: the user id, words, times, route paths", () => {
    const text = `user ${userId} at 12:30:45 on /cancel-subscription/ with PRINTABLES_RENDER_THREADS`;
    expect(scrubText(text)).toBe(text);
  });
});

describe("scrubEvent", () => {
  const event: Event = {
    event_id: "4f1c2a9e8b7d6c5e4f3a2b1c0d9e8f7a",
    message: "failed for jane@example.com",
    exception: {
      values: [
        {
          type: "Error",
          value: `no order for ${token} (jane@example.com)`,
          stacktrace: {
            frames: [
              { filename: "/app/orders.server.ts", function: "ensureOrder", vars: { email: "jane@example.com" } },
            ],
          },
        },
      ],
    },
    request: {
      method: "GET",
      url: `https://kit.example/printables/?token=${token}&email=jane%40example.com`,
      query_string: `token=${token}&email=jane%40example.com`,
      cookies: { kr_session: "secret-session" },
      data: { email: "jane@example.com", childName: "Mia" },
      headers: {
        Cookie: "kr_session=secret",
        Referer: `https://kit.example/?token=${token}`,
        "User-Agent": "Mozilla/5.0",
      },
      env: { REMOTE_ADDR: "203.0.113.7" },
    },
    user: { id: userId, email: "jane@example.com", ip_address: "203.0.113.7", username: "jane" },
    breadcrumbs: [
      { category: "navigation", data: { from: "/", to: `/purchase/?token=${token}` } },
      { category: "console", message: '{"level":"error","msg":"contact failed for jane@example.com"}' },
    ],
    extra: { msg: "checkout failed", userToken: token, nested: { childName: "Mia", note: `see ${token}` } },
    tags: { user_id: userId },
    contexts: { trace: { trace_id: "4f1c2a9e8b7d6c5e4f3a2b1c0d9e8f7a", span_id: "4f1c2a9e8b7d6c5e" } },
  };

  it("sends no email, token, cookie, body, address or child's name", () => {
    const scrubbed = JSON.stringify(scrubEvent(event));
    for (const secret of [token, "jane", "example.com", "Mia", "secret-session", "kr_session", "203.0.113.7"]) {
      expect(scrubbed).not.toContain(secret);
    }
  });

  it("keeps the user id tag, the error's type and code locations, and the ids Sentry needs", () => {
    const scrubbed = scrubEvent(event);
    expect(scrubbed.tags).toEqual({ user_id: userId });
    expect(scrubbed.user).toEqual({ id: userId });
    expect(scrubbed.event_id).toBe(event.event_id);
    expect(scrubbed.contexts).toEqual(event.contexts);
    expect(scrubbed.exception?.values?.[0]).toEqual({
      type: "Error",
      value: "no order for [redacted] ([email])",
      stacktrace: { frames: [{ filename: "/app/orders.server.ts", function: "ensureOrder" }] },
    });
    expect(scrubbed.request).toEqual({
      method: "GET",
      url: "https://kit.example/printables/?token=[redacted]&email=[redacted]",
      query_string: "token=[redacted]&email=[redacted]",
      headers: { "User-Agent": "Mozilla/5.0" },
    });
    expect(scrubbed.extra).toEqual({
      msg: "checkout failed",
      userToken: "[redacted]",
      nested: { childName: "[redacted]", note: "see [redacted]" },
    });
  });

  it("leaves an event without a user without one", () => {
    expect(scrubEvent({ message: "boom" })).toEqual({ message: "boom", user: undefined });
  });
});

describe("scrubSpan", () => {
  it("scrubs a traced request's name and attributes", () => {
    const span = scrubSpan({
      trace_id: "4f1c2a9e8b7d6c5e4f3a2b1c0d9e8f7a",
      span_id: "4f1c2a9e8b7d6c5e",
      name: `GET /api/v1/profile/${token}`,
      start_timestamp: 1,
      status: "ok",
      is_segment: true,
      attributes: {
        "url.full": `https://kit.example/profile/?token=${token}`,
        "http.request.header.cookie": "kr_session=x",
      },
    });
    expect(span.name).toBe("GET /api/v1/profile/[redacted]");
    expect(span.attributes).toEqual({
      "url.full": "https://kit.example/profile/?token=[redacted]",
      "http.request.header.cookie": "[redacted]",
    });
    expect(span.trace_id).toBe("4f1c2a9e8b7d6c5e4f3a2b1c0d9e8f7a");
  });
});
