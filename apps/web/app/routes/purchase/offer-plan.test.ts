import { describe, expect, it } from "vitest";
import { toOfferPlan } from "./offer-plan.ts";

const plan = {
  price: 1.99,
  oldPrice: 3.99,
  discount: 50,
  currency: "£",
  currency_code: "GBP",
  product_name: "trial_1.99_24.99_£",
  product: "subscription",
  trial_days: 3,
  period_days: 30,
  renewal_price: 24.99,
} as const;

describe("toOfferPlan", () => {
  it("keeps what the offer shows", () => {
    expect(toOfferPlan(plan)).toEqual({
      price: 1.99,
      oldPrice: 3.99,
      discount: 50,
      currency: "£",
      currency_code: "GBP",
      trialDays: 3,
      periodDays: 30,
      renewalPrice: 24.99,
    });
  });

  it("refuses a missing plan or one without its trial terms", () => {
    expect(() => toOfferPlan(undefined)).toThrow(/no complete subscription plan/);
    expect(() => toOfferPlan({ ...plan, renewal_price: undefined })).toThrow(/trial_1.99/);
  });
});
