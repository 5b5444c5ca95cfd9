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

// Each use case's own fields are declared once, here: the API's body adds who is asking (the
// parent's token, the product, the price the client showed), and the printables page's post adds
// its intent; both parse the same fields with the same rules.

/** What to buy: every add-on pack, or lifetime access. */
export const upsellChoiceFields = z.object({ recurring_type: z.enum(upsellTypes) });

/**
 * The upsell checkout (upsellPaths.checkout). The amount and currency are checked against the
 * server's own current price for the parent (by the offer's stage) and never used to price anything.
 */
export const upsellBody = upsellChoiceFields.extend({
  email: z.email(),
  product: z.enum(products),
  /** Minor units, without a separator: 1499 for 14.99. */
  amount: z.coerce.number().int().positive(),
  currency: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(currencyCodes)),
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

/** Which upsell order to ask about. */
export const upsellStatusFields = z.object({ order_id: z.string().min(1).max(255) });
export const upsellStatusBody = upsellStatusFields.extend({ user_token: userTokenSchema });

export const upsellStatusResult = z.object({
  status: z.enum(["processing", "approved", "declined"]),
  error_code: z.string().nullable(),
});

/** The offer's decision (upsellPaths.decision): "no, thanks" opens the catchy discount; closing it ends the discount. */
export const upsellDecisionFields = z.object({ decision: z.enum(upsellDecisions) });
export const upsellDecisionBody = upsellDecisionFields.extend({
  user_token: userTokenSchema,
  product: z.enum(products),
});
export const upsellDecisionResult = z.object({ stage: z.enum(upsellStages) });

export const triggerUpsellBody = z.object({ user_token: userTokenSchema, product: z.enum(products) });
export const triggerUpsellResult = z.object({ recorded: z.boolean() });
