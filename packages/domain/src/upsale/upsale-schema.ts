import { z } from "zod";
import { userTokenSchema } from "../parents/parent-token.ts";
import { currencyCodes } from "../pricing/currency.ts";
import { upsaleDecisions, upsaleStages } from "../pricing/offer-rules.ts";
import { products } from "../product.ts";

/** What a one-click upsell buys: every add-on pack, or lifetime access. */
export const upsaleTypes = ["upsale", "lifetime"] as const;
export type UpsaleType = (typeof upsaleTypes)[number];

/** POPUP: a modal over the printables (`upsale-popup`); TABS: an `additional_packs` tab (`upsale-tabs`). */
export const upsaleDisplayModes = ["POPUP", "TABS"] as const;
export type UpsaleDisplayMode = (typeof upsaleDisplayModes)[number];
export const upsaleDisplayModeBody = z.object({ mode: z.enum(upsaleDisplayModes) });

/** The gateways an upsell can go through; the path's `{gateway}`. */
export const upsaleGateways = ["solid"] as const;

export const upsaleParams = z.object({ gateway: z.enum(upsaleGateways) });

/**
 * POST /{gateway}/upsale. The amount and currency are checked against the
 * server's own current price for the parent (by the offer's stage) and never used to price anything.
 */
export const upsaleBody = z.object({
  email: z.email(),
  product: z.enum(products),
  /** Minor units, without a separator: 1499 for 14.99. */
  amount: z.coerce.number().int().positive(),
  currency: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(currencyCodes)),
  recurring_type: z.enum(upsaleTypes),
  user_token: userTokenSchema,
  /** Where the parent is buying from; without it, nothing is asked about the right of withdrawal. */
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
    .optional(),
  /**
   * The parent expressly asked for the purchase at once and acknowledged that the right of
   * withdrawal ends with it. Required (true) where that right applies: the EU, the EEA and the UK.
   */
  immediate_access: z.boolean().optional(),
});

export const upsaleResult = z.object({ order_id: z.string() });

export const upsaleStatusBody = z.object({ order_id: z.string().min(1).max(255), user_token: userTokenSchema });

export const upsaleStatusResult = z.object({
  status: z.enum(["processing", "approved", "declined"]),
  error_code: z.string().nullable(),
});

/** POST /{gateway}/upsale/decision: "no, thanks" opens the catchy discount; closing it ends the discount. */
export const upsaleDecisionBody = z.object({
  user_token: userTokenSchema,
  product: z.enum(products),
  decision: z.enum(upsaleDecisions),
});
export const upsaleDecisionResult = z.object({ stage: z.enum(upsaleStages) });

export const triggerUpsaleBody = z.object({ user_token: userTokenSchema, product: z.enum(products) });
export const triggerUpsaleResult = z.object({ recorded: z.boolean() });
