import type { AuditEntry } from "@kinderready/domain/console/audit-log.server";
import type { ExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import type { PricePlanRow } from "@kinderready/domain/console/offer-settings.server";
import type { CsvTable } from "./csv.ts";

// The experiments' and the price catalogue's tables as CSV, column for column as
// the pages show them.

export const experimentTables: Record<string, (results: ExperimentResults) => CsvTable> = {
  "experiment.csv": (results) => {
    const currencies = [...new Set(results.groups.flatMap((group) => Object.keys(group.revenuePerVisitor)))].sort();
    return {
      header: [
        "group",
        "exposed",
        "purchased",
        "conversion_rate",
        "interval_low",
        "interval_high",
        ...currencies.map((currency) => `revenue_per_visitor_${currency.toLowerCase()}_minor`),
        "chance_to_beat_a",
        "difference_low",
        "difference_high",
      ],
      rows: results.groups.map((group) => [
        group.group,
        group.exposed,
        group.purchased,
        group.conversionRate,
        group.interval.low,
        group.interval.high,
        ...currencies.map((currency) => group.revenuePerVisitor[currency] ?? 0),
        group.versusControl?.chanceToBeat ?? null,
        group.versusControl?.difference.low ?? null,
        group.versusControl?.difference.high ?? null,
      ]),
    };
  },
  "experiment-daily.csv": (results) => ({
    header: ["day", "group", "exposed", "purchased"],
    rows: results.daily.map((row) => [row.day, row.group, row.exposed, row.purchased]),
  }),
};

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

export const auditTable = (entries: AuditEntry[]): CsvTable => ({
  header: ["at", "operator", "action", "target", "details"],
  rows: entries.map((entry) => [
    entry.at.toISOString(),
    entry.operator,
    entry.action,
    entry.target,
    JSON.stringify(entry.details),
  ]),
});
