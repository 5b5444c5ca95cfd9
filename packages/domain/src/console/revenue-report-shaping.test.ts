import { describe, expect, it } from "vitest";
import {
  currencyTotals,
  type RevenueRows,
  shapeRevenueReport,
  trialConversion,
  upsellTakeRates,
} from "./revenue-report-shaping.ts";

// The revenue report from hand-written rows, as the queries would return them: no database.

const purpose = (currency: string, name: string, charges: number, gross: number, refundCount = 0, refunds = 0) => ({
  currency,
  purpose: name,
  charges,
  gross,
  refundCount,
  refunds,
});

describe("currencyTotals", () => {
  it("adds up every purpose within each currency, never across currencies, in the order they come", () => {
    expect(
      currencyTotals([
        purpose("EUR", "renewal", 2, 2_000, 1, 1_000),
        purpose("USD", "subscription", 3, 3_000),
        purpose("EUR", "subscription", 1, 500, 1, 500),
      ]),
    ).toEqual([
      { currency: "EUR", gross: 2_500, refunds: 1_500, net: 1_000, charges: 3, refundCount: 2 },
      { currency: "USD", gross: 3_000, refunds: 0, net: 3_000, charges: 3, refundCount: 0 },
    ]);
    expect(currencyTotals([])).toEqual([]);
  });
});

describe("trialConversion", () => {
  it("reads the renewed share of the trials that ended, none while no trial has ended", () => {
    expect(trialConversion({ started: 10, ended: 4, converted: 3 })).toEqual({
      started: 10,
      ended: 4,
      converted: 3,
      conversion: 0.75,
    });
    expect(trialConversion({ started: 2, ended: 0, converted: 0 }).conversion).toBeNull();
    expect(trialConversion(undefined)).toEqual({ started: 0, ended: 0, converted: 0, conversion: null });
  });
});

describe("upsellTakeRates", () => {
  it("puts the buyers beside the viewers of each mode and variant, either side alone at zero, by mode then variant", () => {
    expect(
      upsellTakeRates(
        [
          { mode: "popup", variant: "b", viewers: 40 },
          { mode: "inline", variant: "a", viewers: 10 },
          { mode: "popup", variant: "a", viewers: 50 },
        ],
        [
          { mode: "popup", variant: "a", packs: 5, lifetime: 2 },
          // Bought where no browser reported the offer (events lost).
          { mode: "unknown", variant: "unknown", packs: 1, lifetime: 0 },
        ],
      ),
    ).toEqual([
      { mode: "inline", variant: "a", viewers: 10, packs: 0, lifetime: 0 },
      { mode: "popup", variant: "a", viewers: 50, packs: 5, lifetime: 2 },
      { mode: "popup", variant: "b", viewers: 40, packs: 0, lifetime: 0 },
      { mode: "unknown", variant: "unknown", viewers: 0, packs: 1, lifetime: 0 },
    ]);
  });
});

describe("shapeRevenueReport", () => {
  const rows: RevenueRows = {
    daily: [
      {
        day: "2026-11-10",
        currency: "USD",
        gross: 5_000,
        refunds: 1_200,
        firstPayments: 2,
        renewals: 1,
        upsells: 1,
      },
    ],
    byPurpose: [purpose("USD", "subscription", 2, 4_000, 1, 1_200), purpose("USD", "upsell", 1, 1_000)],
    trials: { started: 3, ended: 2, converted: 1 },
    renewals: [{ currency: "USD", paid: 4, failed: 2, recovered: 1 }],
    pastDue: undefined,
    seen: [{ mode: "popup", variant: "a", viewers: 8 }],
    bought: [{ mode: "popup", variant: "a", packs: 2, lifetime: 1 }],
    cancellations: [{ reason: "too_expensive", subscriptions: 3 }],
  };

  it("nets each day, totals each currency and passes the counted tables through", () => {
    expect(shapeRevenueReport(rows)).toEqual({
      daily: [
        {
          day: "2026-11-10",
          currency: "USD",
          gross: 5_000,
          refunds: 1_200,
          net: 3_800,
          firstPayments: 2,
          renewals: 1,
          upsells: 1,
        },
      ],
      byPurpose: rows.byPurpose,
      totals: [{ currency: "USD", gross: 5_000, refunds: 1_200, net: 3_800, charges: 3, refundCount: 1 }],
      trials: { started: 3, ended: 2, converted: 1, conversion: 0.5 },
      renewals: rows.renewals,
      // No count read: none in dunning.
      pastDue: 0,
      upsells: [{ mode: "popup", variant: "a", viewers: 8, packs: 2, lifetime: 1 }],
      cancellations: rows.cancellations,
    });
    expect(shapeRevenueReport({ ...rows, pastDue: 4 }).pastDue).toBe(4);
  });
});
