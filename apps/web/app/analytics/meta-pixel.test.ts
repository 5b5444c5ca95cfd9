// @vitest-environment happy-dom

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterPoll } from "../payments/payment-result.ts";
import { configurePixel, firePixel } from "./meta-pixel.ts";

// The pixel's image request: a purchase carries the order id as its event id (the Conversions
// API's too) and the value and currency the server answered, so whichever copy Meta keeps
// after deduplication has them.

describe("the Meta pixel", () => {
  const sent: string[] = [];
  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal(
      "Image",
      class {
        set src(value: string) {
          sent.push(value);
        }
      },
    );
    configurePixel({ pixelId: "1234567890", consentRequired: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    configurePixel({ pixelId: undefined, consentRequired: true });
  });

  it("sends a purchase with the order id and the server's value and currency from the order's status", () => {
    // The order-status answer as the purchase page's action gives it.
    const outcome = afterPoll({ status: "approved", errorCode: null, purchase: { value: 29.99, currency: "EUR" } }, 1);
    expect(outcome.kind).toBe("approved");
    firePixel(
      "purchase_succeeded",
      "analytics-event-id",
      { order_id: "kr_0123456789abcdef" },
      outcome.kind === "approved" ? outcome.purchase : undefined,
    );
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0] ?? "");
    expect(url.searchParams.get("ev")).toBe("Purchase");
    expect(url.searchParams.get("eid")).toBe("kr_0123456789abcdef");
    expect(url.searchParams.get("cd[value]")).toBe("29.99");
    expect(url.searchParams.get("cd[currency]")).toBe("EUR");
  });

  it("sends other events without a value", () => {
    firePixel("checkout_started", "event-1", undefined);
    const url = new URL(sent[0] ?? "");
    expect(url.searchParams.get("ev")).toBe("InitiateCheckout");
    expect(url.searchParams.has("cd[value]")).toBe(false);
  });
});
