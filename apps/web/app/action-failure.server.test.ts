import { AppError, AppErrorCode } from "@kinderready/domain/app-error";
import { GatewayError, GatewayUnavailableError } from "@kinderready/domain/payments/payment-gateway";
import { describe, expect, it } from "vitest";
import { failedAction } from "./action-failure.server.ts";

function answer(error: unknown) {
  const reported: string[] = [];
  const result = failedAction(error, {
    errors: { name: "local", report: (_error, { msg }) => reported.push(msg), close: async () => {} },
    msg: "checkout failed",
    fallbackKey: "purchase.result.checkoutFailed",
    answer: (messageKey, { field }) => ({ messageKey, field }),
  });
  return { status: result.init?.status, headers: result.init?.headers, body: result.data, reported };
}

describe("a page action's failure, by the mapping the API uses", () => {
  it("answers a domain failure with its kind's status and its own message", () => {
    expect(
      answer(new AppError(AppErrorCode.Conflict, "subscription", "Already", "purchase.result.alreadySubscribed")),
    ).toMatchObject({
      status: 409,
      body: { messageKey: "purchase.result.alreadySubscribed", field: "subscription" },
      reported: [],
    });
    expect(answer(new AppError(AppErrorCode.RateLimited, "email", "Too many"))).toMatchObject({
      status: 429,
      body: { messageKey: "purchase.result.checkoutFailed" },
    });
  });

  it("asks to try again later while the gateway is out, and reports what needs a person", () => {
    expect(answer(new GatewayUnavailableError("timeout"))).toEqual({
      status: 503,
      headers: { "Retry-After": "5" },
      body: { messageKey: "purchase.result.checkoutFailed", field: undefined },
      reported: [],
    });
    expect(answer(new GatewayError("2.01", "refused", 400))).toMatchObject({
      status: 502,
      reported: ["checkout failed"],
    });
    expect(answer(new Error("bug"))).toMatchObject({ status: 500, reported: ["checkout failed"] });
  });

  it("leaves a database outage to the outage page instead of answering it as a failed action", () => {
    const outage = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(() => answer(outage)).toThrow(outage);
  });
});
