import type { RevenueReport } from "@kinderready/domain/console/revenue-report.server";
import { describe, expect, it } from "vitest";
import { expectTableExport } from "../../../../test/console-table.tsx";
import type { TableColumns } from "../../../console/data-table.tsx";
import {
  cancellationColumns,
  dailyColumns,
  purposeColumns,
  renewalsColumns,
  revenueTables,
  totalsColumns,
  upsellColumns,
} from "./revenue-columns.tsx";

// The revenue page's tables and their CSV exports come from one list of columns.

const report: RevenueReport = {
  daily: [
    {
      day: "2026-03-01",
      currency: "EUR",
      gross: 2_998,
      refunds: 1_499,
      net: 1_499,
      firstPayments: 2,
      renewals: 0,
      upsells: 1,
    },
  ],
  byPurpose: [{ currency: "EUR", purpose: "subscription", charges: 2, gross: 2_998, refundCount: 1, refunds: 1_499 }],
  totals: [{ currency: "EUR", gross: 2_998, refunds: 1_499, net: 1_499, charges: 2, refundCount: 1 }],
  trials: { started: 1, ended: 0, converted: 0, conversion: null },
  renewals: [{ currency: "EUR", paid: 3, failed: 1, recovered: 1 }],
  pastDue: 0,
  upsells: [{ mode: "modal", variant: "a", viewers: 4, packs: 1, lifetime: 0 }],
  cancellations: [{ reason: "too_expensive", subscriptions: 2 }],
};

/** Each export, the page's table it exports, and the CSV it has always written. */
const exports: [string, TableColumns<never>, readonly unknown[], string][] = [
  [
    "revenue-totals.csv",
    totalsColumns as TableColumns<never>,
    report.totals,
    "currency,charges,gross_minor,refunds,refunded_minor,net_minor\r\nEUR,2,2998,1,1499,1499\r\n",
  ],
  [
    "revenue-daily.csv",
    dailyColumns as TableColumns<never>,
    report.daily,
    "day,currency,gross_minor,refunded_minor,net_minor,first_payments,renewals,upsells\r\n2026-03-01,EUR,2998,1499,1499,2,0,1\r\n",
  ],
  [
    "revenue-purposes.csv",
    purposeColumns as TableColumns<never>,
    report.byPurpose,
    "currency,purpose,charges,gross_minor,refunds,refunded_minor\r\nEUR,subscription,2,2998,1,1499\r\n",
  ],
  [
    "renewals.csv",
    renewalsColumns as TableColumns<never>,
    report.renewals,
    "currency,paid,failed,recovered\r\nEUR,3,1,1\r\n",
  ],
  [
    "upsells.csv",
    upsellColumns as TableColumns<never>,
    report.upsells,
    "mode,variant,viewers,bought_packs,packs_take_rate,bought_lifetime,lifetime_take_rate\r\nmodal,a,4,1,0.25,0,0\r\n",
  ],
  [
    "cancellations.csv",
    cancellationColumns as TableColumns<never>,
    report.cancellations,
    "reason,subscriptions\r\ntoo_expensive,2\r\n",
  ],
];

describe("the revenue tables and their CSV exports", () => {
  it.each(exports)(
    "%s exports the page table's columns, with the headers and values it always had",
    (name, columns, rows, csv) => {
      expectTableExport({ columns, rows: rows as never[], exported: revenueTables[name]?.(report), csv });
    },
  );

  it("has a test for every revenue export", () => {
    expect(Object.keys(revenueTables).sort()).toEqual(exports.map(([name]) => name).sort());
  });
});
