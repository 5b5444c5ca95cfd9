import type { Database } from "@kinderready/db/open-db";
import { pricePlans } from "@kinderready/db/schema";
import { and, eq, inArray } from "drizzle-orm";
import { soldProduct } from "../product.ts";
import { upsellKind } from "../upsell-wire.ts";
import type { CurrencyCode } from "./currency.ts";
import { priceCatalogue, type SplitGroup } from "./price-catalogue.ts";

type PricePlanRow = typeof pricePlans.$inferSelect;

/** Writes the catalogue into `price_plans`, keeping the rows already there. */
export async function insertPriceCatalogue(db: Database): Promise<void> {
  await db
    .insert(pricePlans)
    .values(priceCatalogue.map((entry) => ({ product: soldProduct, ...entry })))
    .onConflictDoNothing();
}

/**
 * The plans of one offer in a currency: the subscription's for an intro-offer group, or the
 * upsell packs' and lifetime access's (every variant).
 */
export async function listOfferPricePlans(
  db: Database,
  input:
    | { currency: CurrencyCode; purchaseType: "subscription"; group: SplitGroup }
    | { currency: string; purchaseType: typeof upsellKind },
): Promise<PricePlanRow[]> {
  return db
    .select()
    .from(pricePlans)
    .where(
      and(
        eq(pricePlans.product, soldProduct),
        eq(pricePlans.currency, input.currency),
        input.purchaseType === "subscription"
          ? and(eq(pricePlans.kind, "subscription"), eq(pricePlans.splitGroup, input.group))
          : inArray(pricePlans.kind, [upsellKind, "lifetime"]),
      ),
    );
}
