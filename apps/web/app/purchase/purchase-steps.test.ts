import { purchaseSteps } from "@kinderready/domain/flows";
import { describe, expect, it } from "vitest";
import type { PurchaseState } from "../stores/purchase-store.ts";
import {
  buttonOf,
  clampStep,
  nextStep,
  offerStep,
  previousStep,
  resolvePurchaseState,
  stepIdAt,
} from "./purchase-steps.ts";

const saved = (overrides: Partial<PurchaseState> = {}): PurchaseState => ({
  step: 3,
  stepUserId: "parent-a",
  ...overrides,
});

describe("purchase steps", () => {
  it("lists the seven pages in order, the offer last", () => {
    expect(purchaseSteps).toEqual([
      "time-to-learn",
      "skills-growing-plan",
      "personalized-growing-plan",
      "colorful-worksheets",
      "real-reviews",
      "email",
      "subscription-offer",
    ]);
    expect(stepIdAt(offerStep)).toBe("subscription-offer");
  });

  it("moves forward only while steps remain, and back to the first at most", () => {
    expect(nextStep(0)).toBe(1);
    expect(nextStep(offerStep - 1)).toBe(offerStep);
    expect(nextStep(offerStep)).toBe(offerStep);
    expect(previousStep(2)).toBe(1);
    expect(previousStep(0)).toBe(0);
  });

  it("keeps a saved step inside the flow", () => {
    expect(clampStep(-1)).toBe(0);
    expect(clampStep(99)).toBe(offerStep);
    expect(clampStep(Number.NaN)).toBe(0);
    expect(clampStep(2.5)).toBe(0);
    expect(stepIdAt(99)).toBe("subscription-offer");
  });

  it("shows continue on the first four pages, get-kit on reviews and email, purchase on the offer", () => {
    expect(purchaseSteps.map(buttonOf)).toEqual([
      "continue",
      "continue",
      "continue",
      "continue",
      "get-kit",
      "get-kit",
      "purchase",
    ]);
  });
});

describe("resolvePurchaseState", () => {
  it("keeps the same parent where they were", () => {
    const state = saved();
    expect(resolvePurchaseState(state, { userId: "parent-a", jumpToOffer: false })).toBe(state);
  });

  it("starts another parent at the first step", () => {
    expect(resolvePurchaseState(saved(), { userId: "parent-b", jumpToOffer: false })).toEqual({
      step: 0,
      stepUserId: "parent-b",
    });
  });

  it("claims the step for the first parent on a new device", () => {
    const fresh = saved({ step: 0, stepUserId: undefined });
    expect(resolvePurchaseState(fresh, { userId: "parent-a", jumpToOffer: false })).toMatchObject({
      step: 0,
      stepUserId: "parent-a",
    });
  });

  it("jumps to the offer, also for a parent who just changed", () => {
    expect(resolvePurchaseState(saved(), { userId: "parent-a", jumpToOffer: true })).toEqual(
      saved({ step: offerStep }),
    );
    expect(resolvePurchaseState(saved(), { userId: "parent-b", jumpToOffer: true })).toMatchObject({
      step: offerStep,
      stepUserId: "parent-b",
    });
  });
});
