import type { SubscriptionCohort } from "@kinderready/domain/console/subscription-cohorts.server";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { expectTableExport } from "../../../../test/console-table.tsx";
import { toCsv } from "../../../console/csv.ts";
import type { TableColumns } from "../../../console/data-table.tsx";
import { TranslatorProvider } from "../../../i18n/translation-context.tsx";
import {
  CohortTriangle,
  churnColumns,
  cohortValueColumns,
  type SubscriptionExport,
  subscriptionDayColumns,
  subscriptionTables,
} from "./subscription-columns.tsx";

// The revenue page's subscription tables and their CSV exports come from one list of columns;
// the cohort triangle has a column per renewal, empty where no one has reached it yet.

const cohorts: SubscriptionCohort[] = [
  {
    week: "2026-W06",
    weekStart: "2026-02-02",
    parents: 4,
    trialsEnded: 4,
    converted: 3,
    trialToPaid: 0.75,
    refundedFirstPayments: 1,
    refundRate: 0.25,
    retention: [
      { reached: 4, paid: 3, rate: 0.75 },
      { reached: 4, paid: 2, rate: 0.5 },
    ],
  },
  {
    week: "2026-W10",
    weekStart: "2026-03-02",
    parents: 2,
    trialsEnded: 0,
    converted: 0,
    trialToPaid: null,
    refundedFirstPayments: 0,
    refundRate: 0,
    retention: [
      { reached: 0, paid: 0, rate: null },
      { reached: 0, paid: 0, rate: null },
    ],
  },
];

const data: SubscriptionExport = {
  metrics: {
    daily: [
      {
        day: "2026-03-01",
        currency: "EUR",
        active: 3,
        inTrial: 2,
        lifetime: 1,
        mrr: 8_997,
        newPaid: 1,
        churned: 0,
        newTrials: 2,
      },
    ],
    churn: [{ currency: "EUR", activeAtStart: 2, newPaid: 2, churned: 1, rate: 0.25 }],
  },
  cohorts,
  values: [{ week: "2026-W06", weekStart: "2026-02-02", currency: "EUR", parents: 4, net: 12_001, ltv: 3_000 }],
};

const exports: [string, TableColumns<never>, readonly unknown[], string][] = [
  [
    "subscribers-daily.csv",
    subscriptionDayColumns as TableColumns<never>,
    data.metrics.daily,
    "day,currency,active,in_trial,lifetime,mrr_minor,new_paid,churned,new_trials\r\n2026-03-01,EUR,3,2,1,8997,1,0,2\r\n",
  ],
  [
    "churn.csv",
    churnColumns as TableColumns<never>,
    data.metrics.churn,
    "currency,active_at_start,new_paid,churned,churn_rate\r\nEUR,2,2,1,0.25\r\n",
  ],
  [
    "cohort-values.csv",
    cohortValueColumns as TableColumns<never>,
    data.values,
    "week,week_start,currency,parents,net_minor,ltv_minor\r\n2026-W06,2026-02-02,EUR,4,12001,3000\r\n",
  ],
];

describe("the subscription tables and their CSV exports", () => {
  it.each(exports)("%s exports the page table's columns", (name, columns, rows, csv) => {
    expectTableExport({ columns, rows: rows as never[], exported: subscriptionTables[name]?.(data), csv });
  });

  it("exports the cohort triangle with each renewal's reached, paid and rate", () => {
    const exported = subscriptionTables["cohorts.csv"]?.(data);
    expect(exported && toCsv(exported)).toBe(
      "week,week_start,parents,trials_ended,trial_to_paid,refund_rate," +
        "renewal_1_reached,renewal_1_paid,renewal_1_rate,renewal_2_reached,renewal_2_paid,renewal_2_rate\r\n" +
        "2026-W06,2026-02-02,4,4,0.75,0.25,4,3,0.75,4,2,0.5\r\n" +
        "2026-W10,2026-03-02,2,0,,0,0,0,,0,0,\r\n",
    );
  });

  it("draws the triangle with a column per renewal, empty where no one has reached it", () => {
    const html = renderToStaticMarkup(
      <TranslatorProvider translator={serverI18n("en")}>
        <CohortTriangle labelledBy="cohorts" cohorts={cohorts} />
      </TranslatorProvider>,
    );
    const headers = [...html.matchAll(/<th scope="col">(.*?)<\/th>/g)].map((match) => match[1]);
    expect(headers).toEqual([
      "Week of first payment",
      "Parents",
      "Trials ended",
      "Trial to paid",
      "Refund rate",
      "Renewal 1",
      "Renewal 2",
    ]);
    const rows = [...html.matchAll(/<tr><th scope="row">(.*?)<\/th>(.*?)<\/tr>/g)].map((match) => [
      match[1],
      ...[...(match[2] ?? "").matchAll(/<td>(.*?)<\/td>/g)].map((cell) => cell[1]),
    ]);
    expect(rows).toEqual([
      ["<bdi>2026‑W06 (2026‑02‑02)</bdi>", "4", "4", "75%", "25%", "75% (3/4)", "50% (2/4)"],
      ["<bdi>2026‑W10 (2026‑03‑02)</bdi>", "2", "0", "—", "0%", "", ""],
    ]);
  });
});
