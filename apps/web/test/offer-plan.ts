import type { PricePlan } from "@kinderready/domain/pricing/price-config-schema";
import type { OfferPlan } from "../app/routes/purchase/offer-plan.ts";

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

/** Lifetime access as the catalogue sells it in the euro zone: €29.99, half of €59.99. */
export const testLifetimePlan: PricePlan = {
  price: 29.99,
  oldPrice: 59.99,
  discount: 50,
  currency: "€",
  currency_code: "EUR",
  product_name: "lifetime_29.99_€",
  product: "lifetime",
};
