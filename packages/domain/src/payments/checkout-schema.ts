import { localeCodes } from "@kinderready/i18n/locales";
import { z } from "zod";
import { flowTypes } from "../flows.ts";
import { userTokenSchema } from "../parents/parent-token.ts";
import { products } from "../product.ts";

/**
 * POST /purchase/checkout: no amount, currency or variant; the server prices the plan for the
 * country and the parent's countdown.
 */
export const checkoutBody = z.object({
  user_token: userTokenSchema,
  product: z.enum(products),
  flow: z.enum(flowTypes),
  country_code: z.string().regex(/^[A-Za-z]{2}$/, "must be a two-letter country code"),
  locale: z.enum(localeCodes),
  /**
   * The parent expressly asked for the kit at once and acknowledged that the right of withdrawal
   * ends with it. Required (true) where that right applies: the EU, the EEA and the UK.
   */
  immediate_access: z.boolean().optional(),
  /** The offer page to return to; it must be on the product's own site. */
  return_url: z.url(),
});

/** POST /purchase/offer-view: the price is on the parent's screen; the countdown starts once. */
export const offerViewBody = z.object({ user_token: userTokenSchema, product: z.enum(products) });
export const offerViewResult = z.object({ seconds_left: z.number().int().min(0) });

export const checkoutResult = z.object({ order_id: z.string(), redirect_url: z.url() });

/** Which order to ask about: the API's body and the offer page's post carry the same field. */
export const orderStatusFields = z.object({ order_id: z.string().min(1).max(255) });
export const orderStatusBody = orderStatusFields.extend({ user_token: userTokenSchema });

export const orderStatusResult = z.object({
  /**
   * duplicate: paid while the parent already had a subscription; offer_ended: the intro price
   * paid after its countdown. Both refunded by themselves.
   */
  status: z.enum(["pending", "approved", "declined", "duplicate", "offer_ended"]),
  error_code: z.string().nullable(),
});
