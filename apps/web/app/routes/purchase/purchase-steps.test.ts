import { purchaseSteps } from "@kinderready/domain/flows";
import { describe, expect, it } from "vitest";
import type { PurchaseState } from "../../stores/purchase-store.ts";
import {
  addressedStep,
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
    expect(resolvePurchaseState(state, { userId: "parent-a", addressed: undefined })).toBe(state);
  });

  it("starts another parent at the first step", () => {
    expect(resolvePurchaseState(saved(), { userId: "parent-b", addressed: undefined })).toEqual({
      step: 0,
      stepUserId: "parent-b",
    });
  });

  it("claims the step for the first parent on a new device", () => {
    const fresh = saved({ step: 0, stepUserId: undefined });
    expect(resolvePurchaseState(fresh, { userId: "parent-a", addressed: undefined })).toMatchObject({
      step: 0,
      stepUserId: "parent-a",
    });
  });

  it("jumps to the offer, also for a parent who just changed", () => {
    expect(resolvePurchaseState(saved(), { userId: "parent-a", addressed: offerStep })).toEqual(
      saved({ step: offerStep }),
    );
    expect(resolvePurchaseState(saved(), { userId: "parent-b", addressed: offerStep })).toMatchObject({
      step: offerStep,
      stepUserId: "parent-b",
    });
  });

  it("opens the step its address names, which is how the pages move without scripts", () => {
    expect(resolvePurchaseState(saved(), { userId: "parent-a", addressed: 5 })).toEqual(saved({ step: 5 }));
    expect(resolvePurchaseState(saved(), { userId: "parent-b", addressed: 1 })).toEqual(
      saved({ step: 1, stepUserId: "parent-b" }),
    );
  });
});

describe("addressedStep", () => {
  const at = (query: string) => addressedStep(new URLSearchParams(query));

  it("reads the step by its name, before the offer link and a payment coming back", () => {
    expect(at("step=real-reviews")).toBe(purchaseSteps.indexOf("real-reviews"));
    expect(at("step=email&offer=1")).toBe(purchaseSteps.indexOf("email"));
    expect(at("offer=1")).toBe(offerStep);
    expect(at("token=abc&order_id=o-1")).toBe(offerStep);
  });

  it("asks for nothing without a known step", () => {
    expect(at("")).toBeUndefined();
    expect(at("step=checkout")).toBeUndefined();
    expect(at("step=")).toBeUndefined();
  });
});
