import type { PricePlanRow } from "@kinderready/domain/console/offer-settings.server";
import type { CsvTable } from "./csv.ts";

// The price catalogue's table as CSV, column for column as the page shows it.

export const priceTable = (plans: PricePlanRow[]): CsvTable => ({
  header: [
    "kind",
    "currency",
    "split_group",
    "variant",
    "amount_minor",
    "old_amount_minor",
    "renewal_amount_minor",
    "discount_percent",
    "product_name",
    "updated_at",
  ],
  rows: plans.map((plan) => [
    plan.kind,
    plan.currency,
    plan.splitGroup,
    plan.variant,
    plan.amount,
    plan.oldAmount,
    plan.renewalAmount,
    plan.discountPercent,
    plan.productName,
    plan.updatedAt.toISOString(),
  ]),
});
