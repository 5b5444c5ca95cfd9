import { upsellKind, upsellProductPrefix } from "../upsell-wire.ts";
import { type CurrencyCode, currencies, currencyCodes } from "./currency.ts";

/**
 * The whole price catalogue, in minor units: the one source the offer page, the gateway
 * charges and the ledger read (through the `price_plans` table it is seeded into, where the
 * operator can later change it). Prices are shown as numbers like 14.99; charges use cents.
 *
 * Subscription: a 3-day trial at an intro price, then a renewal every 30 days. The intro-offer
 * split tests the trial price (group A 1.99, group B 0.99). While the offer timer runs the
 * `initial` prices apply; at 0 the `expired` ones; `catchy` is the last-chance downsell.
 * Upsells: add-on packs 14.99 (old 30), the discount downsell 4.99 (old 30),
 * lifetime access 29.99 (old 59.99).
 */

export const priceVariants = ["initial", "catchy", "expired"] as const;
export type PriceVariant = (typeof priceVariants)[number];

export const planKinds = ["subscription", upsellKind, "lifetime"] as const;
export type PlanKind = (typeof planKinds)[number];

export const splitGroups = ["A", "B"] as const;
export type SplitGroup = (typeof splitGroups)[number];

export type CatalogueEntry = {
  kind: PlanKind;
  variant: PriceVariant;
  /** The intro-offer split group; upsell prices are the same for everyone. */
  splitGroup: SplitGroup | "all";
  currency: CurrencyCode;
  /** Charged now (the trial price for a subscription). */
  amount: number;
  /** The struck-through price, when the offer shows one. */
  oldAmount: number | null;
  discountPercent: number | null;
  trialDays: number | null;
  periodDays: number | null;
  /** Charged every period after the trial. */
  renewalAmount: number | null;
  /** Names the plan for the gateway and the reports, e.g. `lifetime_29.99_$`. */
  productName: string;
};

export const trialDays = 3;
export const periodDays = 30;

/** Monthly price after the trial, per currency: local price points, not converted amounts. */
const renewal: Record<CurrencyCode, number> = { USD: 2999, EUR: 2999, GBP: 2499 };

// Trial prices by split group and variant; the struck-through price is the regular 3.99 trial.
const trialPrice: Record<SplitGroup, Record<PriceVariant, number>> = {
  A: { initial: 199, catchy: 99, expired: 399 },
  B: { initial: 99, catchy: 49, expired: 399 },
};
const regularTrial = 399;

const major = (minor: number) => (minor / 100).toFixed(2);
/** The discount the offer shows next to a struck-through price, in whole percent. */
export const percentOff = (amount: number, old: number) => Math.round((1 - amount / old) * 100);

/** The plan's name for the gateway and the reports: it carries the prices, so it follows them. */
export function productNameOf(
  plan: Pick<CatalogueEntry, "kind" | "variant" | "currency" | "amount" | "renewalAmount">,
): string {
  const { symbol } = currencies[plan.currency];
  if (plan.kind === "subscription") return `trial_${major(plan.amount)}_${major(plan.renewalAmount ?? 0)}_${symbol}`;
  if (plan.kind === "lifetime") return `lifetime_${major(plan.amount)}_${symbol}`;
  return `${upsellProductPrefix}_${plan.variant === "catchy" ? "discount_" : ""}${major(plan.amount)}_${symbol}`;
}

function subscriptionEntries(currency: CurrencyCode): CatalogueEntry[] {
  return splitGroups.flatMap((group) =>
    priceVariants.map((variant) => {
      const amount = trialPrice[group][variant];
      const discounted = amount < regularTrial;
      const entry = {
        kind: "subscription",
        variant,
        splitGroup: group,
        currency,
        amount,
        oldAmount: discounted ? regularTrial : null,
        discountPercent: discounted ? percentOff(amount, regularTrial) : null,
        trialDays,
        periodDays,
        renewalAmount: renewal[currency],
      } as const;
      return { ...entry, productName: productNameOf(entry) } satisfies CatalogueEntry;
    }),
  );
}

function upsellEntries(currency: CurrencyCode): CatalogueEntry[] {
  const oneOff = { splitGroup: "all", currency, trialDays: null, periodDays: null, renewalAmount: null } as const;
  const packs = { ...oneOff, kind: upsellKind, amount: 1499, oldAmount: 3000, discountPercent: 50 } as const;
  const discount = { ...oneOff, kind: upsellKind, amount: 499, oldAmount: 3000, discountPercent: null } as const;
  const lifetime = { ...oneOff, kind: "lifetime", amount: 2999, oldAmount: 5999, discountPercent: 50 } as const;
  const entries = [
    { ...packs, variant: "initial" },
    { ...packs, variant: "expired" },
    { ...discount, variant: "catchy" },
    ...priceVariants.map((variant) => ({ ...lifetime, variant })),
  ] as const;
  return entries.map((entry) => ({ ...entry, productName: productNameOf(entry) }));
}

export const priceCatalogue: readonly CatalogueEntry[] = currencyCodes.flatMap((currency) => [
  ...subscriptionEntries(currency),
  ...upsellEntries(currency),
]);
