import { z } from "zod";
import { userTokenSchema } from "../parents/parent-token.ts";
import { currencyCodes } from "../pricing/currency.ts";
import { upsellDecisions, upsellStages } from "../pricing/offer-rules.ts";
import { products } from "../product.ts";
import { upsellKind } from "../upsell-wire.ts";

/** What a one-click upsell buys: every add-on pack, or lifetime access. */
export const upsellTypes = [upsellKind, "lifetime"] as const;
export type UpsellType = (typeof upsellTypes)[number];

/** POPUP: a modal over the printables (`upsell-popup`); TABS: an `additional_packs` tab (`upsell-tabs`). */
export const upsellDisplayModes = ["POPUP", "TABS"] as const;
export type UpsellDisplayMode = (typeof upsellDisplayModes)[number];
export const upsellDisplayModeBody = z.object({ mode: z.enum(upsellDisplayModes) });

/** The gateways an upsell can go through; the path's `{gateway}`. */
export const upsellGateways = ["solid"] as const;

export const upsellParams = z.object({ gateway: z.enum(upsellGateways) });

/**
 * The upsell checkout (upsellPaths.checkout). The amount and currency are checked against the
 * server's own current price for the parent (by the offer's stage) and never used to price anything.
 */
export const upsellBody = z.object({
  email: z.email(),
  product: z.enum(products),
  /** Minor units, without a separator: 1499 for 14.99. */
  amount: z.coerce.number().int().positive(),
  currency: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(currencyCodes)),
  recurring_type: z.enum(upsellTypes),
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

export const upsellResult = z.object({ order_id: z.string() });

export const upsellStatusBody = z.object({ order_id: z.string().min(1).max(255), user_token: userTokenSchema });

export const upsellStatusResult = z.object({
  status: z.enum(["processing", "approved", "declined"]),
  error_code: z.string().nullable(),
});

/** The offer's decision (upsellPaths.decision): "no, thanks" opens the catchy discount; closing it ends the discount. */
export const upsellDecisionBody = z.object({
  user_token: userTokenSchema,
  product: z.enum(products),
  decision: z.enum(upsellDecisions),
});
export const upsellDecisionResult = z.object({ stage: z.enum(upsellStages) });

export const triggerUpsellBody = z.object({ user_token: userTokenSchema, product: z.enum(products) });
export const triggerUpsellResult = z.object({ recorded: z.boolean() });
