import { describe, expect, it } from "vitest";
import { afterPoll, errorMessageKey, failureTitleKey, maxPolls } from "./payment-result.ts";

describe("payment result", () => {
  it("stops at a final status and times out after the last poll", () => {
    expect(afterPoll({ status: "approved", errorCode: null }, 1)).toEqual({ kind: "approved" });
    expect(afterPoll({ status: "declined", errorCode: "3.02" }, 5)).toEqual({ kind: "declined", errorCode: "3.02" });
    expect(afterPoll({ status: "pending", errorCode: null }, 1)).toEqual({ kind: "checking" });
    expect(afterPoll({ status: "pending", errorCode: null }, maxPolls - 1)).toEqual({ kind: "checking" });
    expect(afterPoll({ status: "pending", errorCode: null }, maxPolls)).toEqual({ kind: "timeout" });
  });

  it("names the message for each decline code", () => {
    expect(errorMessageKey("2.06")).toBe("purchase.result.errors.2_06");
    expect(errorMessageKey("3.02")).toBe("purchase.result.errors.3_02");
    expect(errorMessageKey("4.08")).toBe("purchase.result.errors.4_08");
    for (const code of ["2.10", "2.11", "2.12"]) expect(errorMessageKey(code)).toBe("purchase.result.errors.2_10");
    for (const code of ["0.01", "9.99", "", null]) expect(errorMessageKey(code)).toBe("purchase.result.errors.default");
  });

  it('titles insufficient funds apart from "Payment failed!"', () => {
    expect(failureTitleKey("3.02")).toBe("purchase.result.insufficientTitle");
    expect(failureTitleKey("2.06")).toBe("purchase.result.failedTitle");
    expect(failureTitleKey(null)).toBe("purchase.result.failedTitle");
  });
});
