import type { Database } from "@kinderready/db/open-db";
import type { pricePlans } from "@kinderready/db/schema";
import { z } from "zod";
import { AppError, AppErrorCode } from "../app-error.ts";
import type { CurrencyCode } from "../pricing/currency.ts";
import { getOfferTimerSeconds, offerTimerBounds } from "../pricing/offer-timer.server.ts";
import { offerTimerSettingKey } from "../pricing/offer-timer-queries.server.ts";
import { type PlanKind, type PriceVariant, percentOff, productNameOf } from "../pricing/price-catalogue.ts";
import { getUpsellDisplayMode } from "../upsell/upsell.server.ts";
import { upsertUpsellDisplayMode } from "../upsell/upsell-queries.server.ts";
import { upsellDisplayModes } from "../upsell/upsell-schema.ts";
import { insertAuditEntry } from "./audit-log-queries.server.ts";
import { listPricePlanRows, lockPricePlan, updatePricePlan } from "./price-plan-queries.server.ts";
import { upsertSetting } from "./settings-queries.server.ts";

/**
 * The offer's configuration in the console: the price catalogue (per currency, which is the
 * country group, split group and variant), how upsells are shown, and the offer's countdown.
 * Every change is validated, written with its audit entry in one transaction, and read by the
 * funnel on its next page load.
 */

export type PricePlanRow = typeof pricePlans.$inferSelect;

/**
 * A price as the operator types it, in major units with at most two decimals ("14.99"), stored in
 * minor units: at least 0.01 and at most 1000.00 (a typing slip stops here).
 */
const price = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+([.,]\d{1,2})?$/, `${label} must be a number with at most two decimals, like 14.99`)
    .transform((value) => Math.round(Number(value.replace(",", ".")) * 100))
    .pipe(z.number().min(1, `${label} must be at least 0.01`).max(100_000, `${label} must be at most 1000.00`));
/** Empty (or absent) for none. */
const optionalPrice = (label: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(price(label).optional())
    .transform((value) => value ?? null);

export const pricePlanChangeSchema = z.object({
  id: z.uuid("must be a plan id"),
  amount: price("the price"),
  /** The struck-through price; empty for none. */
  oldAmount: optionalPrice("the old price"),
  /** Every period after the trial (subscriptions only). */
  renewalAmount: optionalPrice("the renewal price"),
});
export type PricePlanChange = z.input<typeof pricePlanChangeSchema>;

export async function listPricePlans(deps: { db: Database }): Promise<PricePlanRow[]> {
  return listPricePlanRows(deps.db);
}

/**
 * Changes one plan's prices. The discount and the plan's name follow from them (never typed),
 * and orders already made keep the amounts they were made with.
 */
export async function changePricePlan(
  deps: { db: Database },
  input: { operatorId: string; change: PricePlanChange; now: Date },
): Promise<PricePlanRow> {
  const parsed = pricePlanChangeSchema.safeParse(input.change);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "id");
    throw new AppError(AppErrorCode.Invalid, field, issue?.message ?? "invalid", `offer.errors.${field}`);
  }
  const { id, amount, oldAmount, renewalAmount } = parsed.data;
  return deps.db.transaction(async (tx) => {
    const before = await lockPricePlan(tx, id);
    if (!before) throw new AppError(AppErrorCode.NotFound, "id", "No such plan", "offer.errors.id");
    if (oldAmount !== null && oldAmount <= amount) {
      throw new AppError(
        AppErrorCode.Invalid,
        "oldAmount",
        "the old price must be above the price, or empty",
        "offer.errors.oldAmount",
      );
    }
    const subscription = before.kind === "subscription";
    if (subscription && renewalAmount === null) {
      throw new AppError(
        AppErrorCode.Invalid,
        "renewalAmount",
        "a subscription needs a renewal price",
        "offer.errors.renewalRequired",
      );
    }
    if (!subscription && renewalAmount !== null) {
      throw new AppError(
        AppErrorCode.Invalid,
        "renewalAmount",
        "only a subscription renews",
        "offer.errors.renewalNotAllowed",
      );
    }
    const prices = { amount, oldAmount, renewalAmount };
    const after = await updatePricePlan(tx, id, {
      ...prices,
      discountPercent: oldAmount === null ? null : percentOff(amount, oldAmount),
      productName: productNameOf({
        kind: before.kind as PlanKind,
        variant: before.variant as PriceVariant,
        currency: before.currency as CurrencyCode,
        amount,
        renewalAmount,
      }),
      updatedAt: input.now,
    });
    if (!after) throw new Error(`plan ${id} vanished`);
    await insertAuditEntry(tx, {
      operatorId: input.operatorId,
      action: "prices.change",
      target: `plan:${id}`,
      details: {
        plan: `${before.kind}/${before.variant}/${before.splitGroup}/${before.currency}`,
        before: { amount: before.amount, oldAmount: before.oldAmount, renewalAmount: before.renewalAmount },
        after: prices,
      },
    });
    return after;
  });
}

export const offerSettingsSchema = z.object({
  upsellDisplayMode: z.enum(upsellDisplayModes),
  offerTimerSeconds: z.coerce
    .number("must be a number of seconds")
    .int("must be whole seconds")
    .min(offerTimerBounds.min, `must be at least ${offerTimerBounds.min} seconds`)
    .max(offerTimerBounds.max, `must be at most ${offerTimerBounds.max} seconds`),
});
export type OfferSettings = z.infer<typeof offerSettingsSchema>;

export async function getOfferSettings(deps: { db: Database }, timerFallback: number): Promise<OfferSettings> {
  return {
    upsellDisplayMode: await getUpsellDisplayMode(deps),
    offerTimerSeconds: await getOfferTimerSeconds(deps, timerFallback),
  };
}

/** Saves the upsell display mode and the countdown together, auditing what changed. */
export async function changeOfferSettings(
  deps: { db: Database },
  input: {
    operatorId: string;
    /** As typed in the form: checked here. */
    settings: { upsellDisplayMode: string; offerTimerSeconds: string | number };
    timerFallback: number;
    now: Date;
  },
): Promise<OfferSettings> {
  const parsed = offerSettingsSchema.safeParse(input.settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "offerTimerSeconds");
    throw new AppError(AppErrorCode.Invalid, field, issue?.message ?? "invalid", `offer.errors.${field}`);
  }
  const after = parsed.data;
  const before = await getOfferSettings(deps, input.timerFallback);
  await deps.db.transaction(async (tx) => {
    await upsertUpsellDisplayMode(tx, { mode: after.upsellDisplayMode, now: new Date() });
    await upsertSetting(tx, { key: offerTimerSettingKey, value: after.offerTimerSeconds, now: input.now });
    await insertAuditEntry(tx, { operatorId: input.operatorId, action: "offer.settings", details: { before, after } });
  });
  return after;
}
