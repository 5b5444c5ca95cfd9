import { describe, expect, it } from "vitest";
import { readPurchaseAddress } from "./purchase-load.server.ts";

const address = (path: string) => readPurchaseAddress(new URL(`http://kit.test${path}`));

describe("what the purchase page's address asks", () => {
  it("serves the first step unless the address names one or asks for the offer", () => {
    expect(address("/purchase/")).toMatchObject({ servedStep: "time-to-learn", namedStep: undefined });
    expect(address("/purchase/?step=email")).toMatchObject({ servedStep: "email", namedStep: "email" });
    expect(address("/purchase/?offer=1")).toMatchObject({ servedStep: "subscription-offer", namedStep: undefined });
    // A step the flow does not have is no step: the page opens as if none were named.
    expect(address("/purchase/?step=nowhere")).toMatchObject({ servedStep: "time-to-learn", namedStep: undefined });
  });

  it("serves the offer to a payment coming back, with its order", () => {
    expect(address("/purchase/?order_id=o-1")).toMatchObject({
      servedStep: "subscription-offer",
      returning: true,
      orderId: "o-1",
    });
    expect(address("/purchase/")).toMatchObject({ returning: false, orderId: null });
  });

  it("reads the language from the path and the flow from the page", () => {
    expect(address("/de/purchase/")).toMatchObject({ locale: "de", flowType: "main" });
    expect(address("/offer1/")).toMatchObject({ locale: "en", flowType: "copy_1" });
  });
});
