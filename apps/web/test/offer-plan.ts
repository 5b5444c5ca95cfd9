import type { OfferPlan } from "../app/purchase/offer-plan.ts";

/** A US offer plan as the purchase loader hands it over: a 3-day trial at `price`, then $29.99 every 30 days. */
export const testOfferPlan = (price: number): OfferPlan => ({
  price,
  oldPrice: 3.99,
  discount: 50,
  currency: "$",
  currency_code: "USD",
  trialDays: 3,
  periodDays: 30,
  renewalPrice: 29.99,
});
