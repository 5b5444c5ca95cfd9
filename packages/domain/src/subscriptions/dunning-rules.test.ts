import { describe, expect, it } from "vitest";
import { renewalGraceDays, retryDelayAfter } from "./dunning-rules.ts";

describe("dunning rules", () => {
  it("retries a soft decline after 3 days, then 5, and expires on the third", () => {
    expect([1, 2, 3].map((failed) => retryDelayAfter(failed, "2.06"))).toEqual([3, 5, undefined]);
    expect(renewalGraceDays).toBe(8);
  });

  it("never retries a card that is blocked, closed or flagged", () => {
    for (const code of ["3.01", "3.12", "4.02"]) expect(retryDelayAfter(1, code), code).toBeUndefined();
  });
});
