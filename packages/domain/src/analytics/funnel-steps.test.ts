import { describe, expect, it } from "vitest";
import { deviceKindOf, flowOfPage, funnelSteps, localeOfPage, stepMaskOf, stepTimesOf } from "./funnel-steps.ts";

const indexOf = (id: string) => funnelSteps.findIndex((step) => step.id === id);

describe("funnel steps", () => {
  it("runs from a visit through every quiz question, the email, the purchase pages and the upsell", () => {
    const ids = funnelSteps.map((step) => step.id);
    expect(ids[0]).toBe("visit");
    expect(ids).toContain("quiz:kid-name");
    expect(ids).not.toContain("quiz:analyzing");
    expect(ids.slice(-6)).toEqual(["offer", "checkout", "purchase", "upsell-offer", "upsell", "printables"]);
    // The purchase pages and the upsell are skippable; the quiz is not.
    expect(funnelSteps.filter((step) => step.optional).map((step) => step.id)).toEqual([
      "purchase:time-to-learn",
      "purchase:skills-growing-plan",
      "purchase:personalized-growing-plan",
      "purchase:colorful-worksheets",
      "purchase:real-reviews",
      "purchase:email",
      "upsell-offer",
      "upsell",
    ]);
    expect(indexOf("email")).toBeLessThan(indexOf("purchase:time-to-learn"));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sets a bit per step reached; a question step needs its step id, unknown events set none", () => {
    const mask = stepMaskOf([
      { name: "page_viewed" },
      { name: "quiz_step_viewed", properties: { step: "kid-age" } },
      { name: "quiz_step_viewed", properties: { step: "no-such-step" } },
      { name: "consent_changed" },
    ]);
    expect(mask).toBe((1n << BigInt(indexOf("visit"))) | (1n << BigInt(indexOf("quiz:kid-age"))));
    expect(stepMaskOf([])).toBe(0n);
  });

  it("keeps the first time a batch reached each step, in seconds", () => {
    const times = stepTimesOf([
      { name: "page_viewed", occurredAt: new Date(5_000) },
      { name: "page_viewed", occurredAt: new Date(2_500) },
      { name: "quiz_step_viewed", properties: { step: "ty" }, occurredAt: new Date(9_999) },
    ]);
    expect(times).toHaveLength(funnelSteps.length);
    expect(times[indexOf("visit")]).toBe(2);
    expect(times[indexOf("quiz:ty")]).toBe(9);
    expect(times.filter((time) => time !== null)).toHaveLength(2);
  });

  it("tells the flow and the language from a page's path", () => {
    expect(flowOfPage("/quiz1/")).toBe("copy_1");
    expect(flowOfPage("/de/offer1/")).toBe("copy_1");
    expect(flowOfPage("/ar/onboarding/")).toBe("main");
    expect(flowOfPage("/printables/")).toBeNull();
    expect(localeOfPage("/ar/onboarding/")).toBe("ar");
    expect(localeOfPage("/purchase/")).toBe("en");
    expect(deviceKindOf("tablet")).toBe("tablet");
    expect(deviceKindOf(undefined)).toBe("desktop");
  });
});
