import { describe, expect, it } from "vitest";
import { cancelReasons } from "../payments/cancel-reasons.ts";
import { saveOfferFor } from "./save-offers.ts";

describe("the answer to a reason for cancelling", () => {
  it("answers each reason with what fits it when everything can be offered", () => {
    const can = { pause: true, lifetime: true };
    expect(Object.fromEntries(cancelReasons.map((reason) => [reason, saveOfferFor(reason, can)]))).toEqual({
      not_using_now: "pause",
      high_price: "lifetime",
      unable_to_get_content: "help",
      unable_to_get_app_access: "help",
      other: "pause",
    });
  });

  it("falls back to a pause for the price, and to nothing when pausing is used up", () => {
    expect(saveOfferFor("high_price", { pause: true, lifetime: false })).toBe("pause");
    expect(saveOfferFor("high_price", { pause: false, lifetime: false })).toBe("none");
    expect(saveOfferFor("not_using_now", { pause: false, lifetime: true })).toBe("none");
    expect(saveOfferFor("other", { pause: false, lifetime: true })).toBe("none");
    // Help costs nothing to offer: it is always there for a parent who cannot get in.
    expect(saveOfferFor("unable_to_get_app_access", { pause: false, lifetime: false })).toBe("help");
  });
});
