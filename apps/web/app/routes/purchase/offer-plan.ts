import type { PricePlan } from "@kinderready/domain/pricing/price-config-schema";

/** The subscription plan as the offer shows it: what is due today and what follows the trial. */
export type OfferPlan = {
  price: number;
  oldPrice: number | undefined;
  discount: number | undefined;
  currency: string;
  currency_code: string;
  trialDays: number;
  periodDays: number;
  renewalPrice: number;
};

/** A catalogue plan for the offer; a subscription without its trial terms cannot be sold. */
export function toOfferPlan(plan: PricePlan | undefined): OfferPlan {
  if (!plan || plan.trial_days === undefined || plan.period_days === undefined || plan.renewal_price === undefined) {
    throw new Error(`the price catalogue has no complete subscription plan (${plan?.product_name ?? "none"})`);
  }
  return {
    price: plan.price,
    oldPrice: plan.oldPrice,
    discount: plan.discount,
    currency: plan.currency,
    currency_code: plan.currency_code,
    trialDays: plan.trial_days,
    periodDays: plan.period_days,
    renewalPrice: plan.renewal_price,
  };
}
