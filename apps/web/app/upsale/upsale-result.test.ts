import { describe, expect, it } from "vitest";
import { upsaleDeclineMessageKey, upsaleDeclineTitleKey } from "./upsale-result.ts";

describe("upsell decline messages", () => {
  it("calls 3.02 and 3_02 insufficient funds", () => {
    for (const code of ["3.02", "3_02"]) {
      expect(upsaleDeclineTitleKey(code)).toBe("upsale.insufficientTitle");
      expect(upsaleDeclineMessageKey(code)).toBe("purchase.result.errors.3_02");
    }
  });

  it("asks the parent to confirm with the bank where the charge needed them", () => {
    for (const code of ["2.10", "2.15", "3.09", "3_09"])
      expect(upsaleDeclineMessageKey(code)).toBe("upsale.needsCardholder");
  });

  it("falls back to the general decline", () => {
    for (const code of ["0.01", "3.01", null]) {
      expect(upsaleDeclineTitleKey(code)).toBe("upsale.declinedTitle");
      expect(upsaleDeclineMessageKey(code)).toBe("purchase.result.errors.default");
    }
  });
});
