import { describe, expect, it } from "vitest";
import {
  nextUpsaleStage,
  offerGraceSeconds,
  secondsLeft,
  startingSeconds,
  subscriptionVariantAt,
  upsaleVariantAt,
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
    expect(upsaleVariantAt("initial")).toBe("initial");
    expect(nextUpsaleStage("initial", "declined")).toBe("discount");
    expect(upsaleVariantAt("discount")).toBe("catchy");
    expect(nextUpsaleStage("discount", "discount-closed")).toBe("ended");
    expect(upsaleVariantAt("ended")).toBe("initial");
    // Decisions out of order change nothing.
    expect(nextUpsaleStage("initial", "discount-closed")).toBe("initial");
    expect(nextUpsaleStage("ended", "declined")).toBe("ended");
    expect(nextUpsaleStage("discount", "declined")).toBe("discount");
  });
});
