import { z } from "zod";
import { flowTypes } from "../flows.ts";
import { products } from "../product.ts";
import { upsellKind } from "../upsell-wire.ts";
import { currencyCodes } from "./currency.ts";
import { splitGroups } from "./price-catalogue.ts";

export const priceConfigBody = z.object({
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
    .transform((code) => code.toLowerCase()),
  product: z.enum(products),
  /** Subscription plans for the offer, or the upsell plans after it. */
  purchaseType: z.enum(["subscription", upsellKind]),
  flow: z.enum(flowTypes),
  /** The visitor's intro-offer split group; it changes prices only in the copy_1 flow. */
  introOfferGroup: z.enum(splitGroups).default("A"),
});
export type PriceConfigInput = z.input<typeof priceConfigBody>;

/** One plan as the offer shows it; prices in major units (14.99), currency as its symbol. */
export const pricePlan = z.object({
  price: z.number(),
  oldPrice: z.number().optional(),
  discount: z.number().int().optional(),
  currency: z.string(),
  currency_code: z.enum(currencyCodes),
  product_name: z.string(),
  product: z.enum(["subscription", upsellKind, "lifetime"]),
  trial_days: z.number().int().optional(),
  period_days: z.number().int().optional(),
  renewal_price: z.number().optional(),
});
export type PricePlan = z.infer<typeof pricePlan>;

export const priceConfigResult = z.object({
  priceConfig: z.object({ initial: z.array(pricePlan), catchy: z.array(pricePlan), expired: z.array(pricePlan) }),
});
export type PriceConfig = z.infer<typeof priceConfigResult>["priceConfig"];
