import type { PricePlanRow } from "@kinderready/domain/console/offer-settings.server";
import { describe, expect, it } from "vitest";
import { expectTableExport } from "../../../../test/console-table.tsx";
import { priceColumns, priceTable } from "./price-columns.tsx";

const plan = (row: Partial<PricePlanRow>): PricePlanRow => ({
  id: "00000000-0000-4000-8000-000000000001",
  product: "kit",
  kind: "subscription",
  variant: "initial",
  splitGroup: "A",
  currency: "GBP",
  amount: 179,
  oldAmount: 1_499,
  discountPercent: 88,
  trialDays: 7,
  periodDays: 30,
  renewalAmount: 2_999,
  productName: "Trial, then monthly",
  updatedAt: new Date("2026-03-01T09:30:00.000Z"),
  ...row,
});

const plans = [
  plan({}),
  plan({
    id: "00000000-0000-4000-8000-000000000002",
    kind: "lifetime",
    variant: "expired",
    splitGroup: "all",
    currency: "EUR",
    amount: 4_999,
    oldAmount: null,
    discountPercent: null,
    renewalAmount: null,
    productName: "=Lifetime",
  }),
];

describe("the price catalogue's export", () => {
  it("prices.csv exports the prices table's columns and each plan's last change, as it always did", () => {
    const html = expectTableExport({
      columns: priceColumns,
      rows: plans,
      exported: priceTable(plans),
      csv:
        "kind,currency,split_group,variant,amount_minor,old_amount_minor,renewal_amount_minor,discount_percent,product_name,updated_at\r\n" +
        'subscription,GBP,A,initial,179,1499,2999,88,"Trial, then monthly",2026-03-01T09:30:00.000Z\r\n' +
        "lifetime,EUR,all,expired,4999,,,,'=Lifetime,2026-03-01T09:30:00.000Z\r\n",
    });
    // The inputs and the save button keep their names, which say the plan.
    const plan = "Subscription (trial), During the countdown, group A, GBP";
    expect(html).toContain(`aria-label="Price: ${plan}"`);
    expect(html).toContain(`aria-label="Save ${plan}"`);
    expect(html).toContain('<th scope="col"><span class="visually-hidden">Save</span></th>');
  });
});
