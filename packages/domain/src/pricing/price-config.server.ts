import type { Database } from "@kinderready/db/open-db";
import type { pricePlans } from "@kinderready/db/schema";
import type { upsellKind } from "../upsell-wire.ts";
import { type CurrencyCode, currencies, currencyFor } from "./currency.ts";
import type { PriceVariant, SplitGroup } from "./price-catalogue.ts";
import { insertPriceCatalogue, listOfferPricePlans } from "./price-config-queries.server.ts";
import type { PriceConfig, PricePlan } from "./price-config-schema.ts";

/**
 * Writes the catalogue into `price_plans`. Existing rows are kept: once the catalogue is in the
 * database, the operator's edits there are the prices.
 */
export async function seedPriceCatalogue(deps: { db: Database }): Promise<void> {
  await insertPriceCatalogue(deps.db);
}

const toMajor = (minor: number) => minor / 100;

/** A catalogue row as the pages and the API show it: major units and the currency's symbol. */
export function toPricePlan(row: typeof pricePlans.$inferSelect): PricePlan {
  const currency = row.currency as CurrencyCode;
  return {
    price: toMajor(row.amount),
    ...(row.oldAmount !== null && { oldPrice: toMajor(row.oldAmount) }),
    ...(row.discountPercent !== null && { discount: row.discountPercent }),
    currency: currencies[currency].symbol,
    currency_code: currency,
    product_name: row.productName,
    product: row.kind as PricePlan["product"],
    ...(row.trialDays !== null && { trial_days: row.trialDays }),
    ...(row.periodDays !== null && { period_days: row.periodDays }),
    ...(row.renewalAmount !== null && { renewal_price: toMajor(row.renewalAmount) }),
  };
}

/**
 * The prices a visitor sees, decided by the server alone: the currency from the country, the
 * intro-offer group only where the experiment runs (the copy_1 flow), the rest from the catalogue.
 */
export async function getPriceConfig(
  deps: { db: Database },
  input: {
    countryCode: string;
    purchaseType: "subscription" | typeof upsellKind;
    flow: "main" | "copy_1";
    introOfferGroup: SplitGroup;
  },
): Promise<PriceConfig> {
  const currency = currencyFor(input.countryCode);
  const group = input.flow === "copy_1" ? input.introOfferGroup : "A";
  const rows = await listOfferPricePlans(
    deps.db,
    input.purchaseType === "subscription"
      ? { currency, purchaseType: "subscription", group }
      : { currency, purchaseType: input.purchaseType },
  );
  // Upsell packs come before lifetime access, as the offer shows them.
  const order = (row: typeof pricePlans.$inferSelect) => (row.kind === "lifetime" ? 1 : 0);
  const of = (variant: PriceVariant) =>
    rows
      .filter((row) => row.variant === variant)
      .sort((a, b) => order(a) - order(b))
      .map(toPricePlan);
  return { initial: of("initial"), catchy: of("catchy"), expired: of("expired") };
}
