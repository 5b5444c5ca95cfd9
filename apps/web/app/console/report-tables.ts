import type { AuditEntry } from "@kinderready/domain/console/audit-log.server";
import type { PricePlanRow } from "@kinderready/domain/console/offer-settings.server";
import type { CsvTable } from "./csv.ts";

// The price catalogue's and the audit log's tables as CSV, column for column as
// the pages show them.

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
