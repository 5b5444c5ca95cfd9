import type { AuditEntry } from "@kinderready/domain/console/audit-log.server";
import type { CustomerDetail, CustomerMatch } from "@kinderready/domain/console/customer-admin.server";
import { describe, expect, it } from "vitest";
import { expectTableExport } from "../../../../test/console-table.tsx";
import { auditColumns, customerAuditHidden } from "../audit/audit-columns.tsx";
import {
  answerColumns,
  cancellationColumns,
  chargeColumns,
  customerSearchTable,
  customerTables,
  emailColumns,
  ledgerColumns,
  matchColumns,
} from "./customer-columns.tsx";

// The customer pages' tables and their CSV exports come from one list of columns each; the
// customer page's audit table is the audit log's list, less the target and the details.

const at = new Date("2026-03-01T09:30:00.000Z");

const matches: CustomerMatch[] = [
  {
    id: "7f1c2a10-0000-4000-8000-000000000001",
    email: "ann@example.com",
    kidName: 'Mia, "Mimi"',
    locale: "en",
    createdAt: at,
    subscriptionStatus: "active",
  },
  {
    id: "7f1c2a10-0000-4000-8000-000000000002",
    email: null,
    kidName: null,
    locale: "de",
    createdAt: at,
    subscriptionStatus: null,
  },
];

const audit: AuditEntry[] = [
  { id: 2, at, operator: "ops@example.com", action: "customer.refund", target: "user:1", details: { orderId: "o-1" } },
  { id: 1, at, operator: null, action: "customer.link", target: null, details: {} },
];

const detail = {
  answers: [
    { questionId: "age", answer: 5 },
    { questionId: "skills", answer: ["letters", "numbers"] },
  ],
  charges: [
    {
      orderId: "o-1",
      createdAt: at,
      purpose: "subscription",
      amount: 1_499,
      currency: "EUR",
      status: "approved",
      errorCode: null,
      refundableUntil: new Date("2026-03-15T09:30:00.000Z"),
    },
    {
      orderId: "o-2",
      createdAt: at,
      purpose: "upsale",
      amount: 999,
      currency: "EUR",
      status: "declined",
      errorCode: "3.02",
      refundableUntil: null,
    },
  ],
  ledger: [
    {
      id: "l-1",
      createdAt: at,
      type: "charge",
      orderId: "o-1",
      amount: 1_499,
      currency: "EUR",
      details: { gateway: "simulator" },
    },
    { id: "l-2", createdAt: at, type: "access_granted", orderId: null, amount: null, currency: null, details: {} },
  ],
  emails: [
    { id: "e-2", kind: "trial-ending:s-1:1772617800000", status: "skipped", createdAt: at, sentAt: null },
    { id: "e-1", kind: "receipt:o-1", status: "sent", createdAt: at, sentAt: at },
  ],
  cancellations: [
    {
      id: "c-1",
      userId: "u-1",
      channel: "cancel-page",
      email: "ann@example.com",
      kind: "extraordinary",
      reason: "We moved",
      requestedEnd: null,
      outcome: "cancelled",
      endsAt: at,
      receivedAt: at,
    },
  ],
  audit,
} as unknown as CustomerDetail;

describe("the customer pages' exports", () => {
  it("customers.csv exports the matches table's columns and the parent's id first, as it always did", () => {
    const html = expectTableExport({
      columns: matchColumns,
      rows: matches,
      exported: customerSearchTable(matches),
      csv:
        "id,email,child_name,locale,created_at,subscription_status\r\n" +
        '7f1c2a10-0000-4000-8000-000000000001,ann@example.com,"Mia, ""Mimi""",en,2026-03-01T09:30:00.000Z,active\r\n' +
        "7f1c2a10-0000-4000-8000-000000000002,,,de,2026-03-01T09:30:00.000Z,\r\n",
    });
    expect(html).toContain('<th scope="row"><a href="/admin/customers/7f1c2a10-0000-4000-8000-000000000001/"');
  });

  it("customer-charges.csv exports the charges table's columns, as it always did", () => {
    const html = expectTableExport({
      columns: chargeColumns,
      rows: detail.charges,
      exported: customerTables["customer-charges.csv"]?.(detail),
      csv:
        "order_id,created_at,purpose,amount_minor,currency,status,error_code,refundable_until\r\n" +
        "o-1,2026-03-01T09:30:00.000Z,subscription,1499,EUR,approved,,2026-03-15T09:30:00.000Z\r\n" +
        "o-2,2026-03-01T09:30:00.000Z,upsale,999,EUR,declined,3.02,\r\n",
    });
    // A refundable charge links to its confirmation, named after the charge.
    expect(html.match(/<a[^>]*aria-label="Refund [^"]*" href="\/\?refund=o-1#customer-refund"/g)).toHaveLength(1);
  });

  it("customer-ledger.csv exports the ledger table's columns and the entries' details, as it always did", () => {
    expectTableExport({
      columns: ledgerColumns,
      rows: detail.ledger,
      exported: customerTables["customer-ledger.csv"]?.(detail),
      csv:
        "created_at,type,order_id,amount_minor,currency,details\r\n" +
        '2026-03-01T09:30:00.000Z,charge,o-1,1499,EUR,"{""gateway"":""simulator""}"\r\n' +
        "2026-03-01T09:30:00.000Z,access_granted,,,,{}\r\n",
    });
  });

  it("customer-emails.csv and customer-cancellations.csv export their tables' columns, names for the page", () => {
    const emails = expectTableExport({
      columns: emailColumns,
      rows: detail.emails,
      exported: customerTables["customer-emails.csv"]?.(detail),
      csv:
        "created_at,kind,status,sent_at\r\n" +
        "2026-03-01T09:30:00.000Z,trial-ending:s-1:1772617800000,skipped,\r\n" +
        "2026-03-01T09:30:00.000Z,receipt:o-1,sent,2026-03-01T09:30:00.000Z\r\n",
    });
    expect(emails).toContain("Notice: trial ends");
    expect(emails).toContain("Not needed any more");
    const cancellations = expectTableExport({
      columns: cancellationColumns,
      rows: detail.cancellations,
      exported: customerTables["customer-cancellations.csv"]?.(detail),
      csv:
        "received_at,channel,kind,reason,outcome,ends_at\r\n" +
        "2026-03-01T09:30:00.000Z,cancel-page,extraordinary,We moved,cancelled,2026-03-01T09:30:00.000Z\r\n",
    });
    expect(cancellations).toContain("Cancel page (no sign-in)");
  });

  it("customer-answers.csv exports the answers table's columns, as it always did", () => {
    expectTableExport({
      columns: answerColumns,
      rows: detail.answers,
      exported: customerTables["customer-answers.csv"]?.(detail),
      csv: 'question,answer\r\nage,5\r\nskills,"[""letters"",""numbers""]"\r\n',
    });
  });

  it("customer-audit.csv exports every audit column; the page shows three of them", () => {
    expectTableExport({
      columns: auditColumns,
      rows: detail.audit,
      hide: customerAuditHidden,
      exported: customerTables["customer-audit.csv"]?.(detail),
      csv:
        "at,operator,action,target,details\r\n" +
        '2026-03-01T09:30:00.000Z,ops@example.com,customer.refund,user:1,"{""orderId"":""o-1""}"\r\n' +
        "2026-03-01T09:30:00.000Z,,customer.link,,{}\r\n",
    });
  });

  it("has a test for every customer export", () => {
    expect(Object.keys(customerTables).sort()).toEqual([
      "customer-answers.csv",
      "customer-audit.csv",
      "customer-cancellations.csv",
      "customer-charges.csv",
      "customer-emails.csv",
      "customer-ledger.csv",
    ]);
  });
});
