import { describe, expect, it } from "vitest";
import {
  offerGraceSeconds,
  secondsLeft,
  startingSeconds,
  subscriptionVariantAt,
  upsellTransitions,
  upsellVariantAt,
} from "./offer-rules.ts";

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, 0) + seconds * 1000);

describe("offer rules", () => {
  it("starts the countdown at 600 s, capped at the configured timeout", () => {
    expect(startingSeconds(600)).toBe(600);
    expect(startingSeconds(3600)).toBe(600);
    expect(startingSeconds(60)).toBe(60);
    expect(startingSeconds(-5)).toBe(0);
  });

  it("prices the subscription at the initial price until the deadline (plus a tap's grace), then expired", () => {
    const deadline = at(600);
    expect(subscriptionVariantAt(deadline, at(0))).toBe("initial");
    expect(subscriptionVariantAt(deadline, at(600 + offerGraceSeconds - 1))).toBe("initial");
    expect(subscriptionVariantAt(deadline, at(600 + offerGraceSeconds))).toBe("expired");
    expect(subscriptionVariantAt(deadline, at(86_400))).toBe("expired");
    expect(secondsLeft(deadline, at(0.5))).toBe(600);
    expect(secondsLeft(deadline, at(700))).toBe(0);
  });

  it("offers the catchy discount only after a no, thanks, and never again once it was closed", () => {
    expect(upsellVariantAt("initial")).toBe("initial");
    expect(upsellTransitions.declined).toEqual({ from: "initial", to: "discount" });
    expect(upsellVariantAt("discount")).toBe("catchy");
    expect(upsellTransitions["discount-closed"]).toEqual({ from: "discount", to: "ended" });
    expect(upsellVariantAt("ended")).toBe("initial");
  });
});
