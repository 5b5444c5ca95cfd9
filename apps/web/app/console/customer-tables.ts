import type { CustomerDetail, CustomerMatch } from "@kinderready/domain/console/customer-admin.server";
import type { CsvTable } from "./csv.ts";
import { auditTable } from "./report-tables.ts";

// The customer pages' tables as CSV. Amounts in minor units of the row's own currency.

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const customerSearchTable = (matches: CustomerMatch[]): CsvTable => ({
  header: ["id", "email", "child_name", "locale", "created_at", "subscription_status"],
  rows: matches.map((match) => [
    match.id,
    match.email,
    match.kidName,
    match.locale,
    iso(match.createdAt),
    match.subscriptionStatus,
  ]),
});

export const customerTables: Record<string, (detail: CustomerDetail) => CsvTable> = {
  "customer-charges.csv": (detail) => ({
    header: [
      "order_id",
      "created_at",
      "purpose",
      "amount_minor",
      "currency",
      "status",
      "error_code",
      "refundable_until",
    ],
    rows: detail.charges.map((charge) => [
      charge.orderId,
      iso(charge.createdAt),
      charge.purpose,
      charge.amount,
      charge.currency,
      charge.status,
      charge.errorCode,
      iso(charge.refundableUntil),
    ]),
  }),
  "customer-ledger.csv": (detail) => ({
    header: ["created_at", "type", "order_id", "amount_minor", "currency", "details"],
    rows: detail.ledger.map((entry) => [
      iso(entry.createdAt),
      entry.type,
      entry.orderId,
      entry.amount,
      entry.currency,
      JSON.stringify(entry.details),
    ]),
  }),
  "customer-audit.csv": (detail) => auditTable(detail.audit),
  "customer-answers.csv": (detail) => ({
    header: ["question", "answer"],
    rows: detail.answers.map((entry) => [entry.questionId, JSON.stringify(entry.answer)]),
  }),
};
