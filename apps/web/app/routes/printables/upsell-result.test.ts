import { describe, expect, it } from "vitest";
import { upsellDeclineMessageKey, upsellDeclineTitleKey } from "./upsell-result.ts";

describe("upsell decline messages", () => {
  it("calls 3.02 and 3_02 insufficient funds", () => {
    for (const code of ["3.02", "3_02"]) {
      expect(upsellDeclineTitleKey(code)).toBe("upsell.insufficientTitle");
      expect(upsellDeclineMessageKey(code)).toBe("purchase.result.errors.3_02");
    }
  });

  it("asks the parent to confirm with the bank where the charge needed them", () => {
    for (const code of ["2.10", "2.15", "3.09", "3_09"])
      expect(upsellDeclineMessageKey(code)).toBe("upsell.needsCardholder");
  });

  it("falls back to the general decline", () => {
    for (const code of ["0.01", "3.01", null]) {
      expect(upsellDeclineTitleKey(code)).toBe("upsell.declinedTitle");
      expect(upsellDeclineMessageKey(code)).toBe("purchase.result.errors.default");
    }
  });
});
