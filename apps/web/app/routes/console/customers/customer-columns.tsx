import type { CustomerCharge, CustomerDetail, CustomerMatch } from "@kinderready/domain/console/customer-admin.server";
import { dateTimeFormat } from "@kinderready/i18n/intl-locale";
import { Link } from "react-router";
import { formatMoment, formatMoney } from "../../../console/console-format.ts";
import type { CsvTable } from "../../../console/csv.ts";
import type { TableColumns } from "../../../console/data-table.tsx";
import { tableCsv } from "../../../console/data-table.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { auditTable } from "../audit/audit-columns.tsx";

// The customer pages' tables, on the page and as CSV: amounts in minor units of the row's own
// currency, ISO times, answers and details as JSON.

type LedgerEntry = CustomerDetail["ledger"][number];
type EmailRow = CustomerDetail["emails"][number];
type CancellationRow = CustomerDetail["cancellations"][number];
type Answer = CustomerDetail["answers"][number];

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const matchColumns: TableColumns<CustomerMatch> = [
  { page: false, csv: [{ name: "id", value: (match) => match.id }] },
  {
    header: "customers.columns.email",
    rowHeader: true,
    cell: (match, { t }) => <Link to={`/admin/customers/${match.id}/`}>{match.email ?? t("customers.noEmail")}</Link>,
    csv: [{ name: "email", value: (match) => match.email }],
  },
  {
    header: "customers.columns.child",
    cell: (match) => match.kidName ?? "—",
    csv: [{ name: "child_name", value: (match) => match.kidName }],
  },
  {
    header: "customers.columns.language",
    cell: (match) => match.locale,
    csv: [{ name: "locale", value: (match) => match.locale }],
  },
  {
    header: "customers.columns.since",
    cell: (match, { locale }) => dateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(match.createdAt)),
    csv: [{ name: "created_at", value: (match) => iso(match.createdAt) }],
  },
  {
    header: "customers.columns.subscription",
    cell: (match, { t, ifKnown }) =>
      match.subscriptionStatus
        ? (ifKnown(`customers.statuses.${match.subscriptionStatus}`) ?? match.subscriptionStatus)
        : t("customers.noSubscription"),
    csv: [{ name: "subscription_status", value: (match) => match.subscriptionStatus }],
  },
];

/**
 * A refund within the policy: a link to its confirmation (the amount, the order and whether to
 * cancel too), never a refund in one click. It names the charge, as several may read "Refund".
 */
function RefundLink({ charge }: { charge: CustomerCharge }) {
  const { t, i18n } = useTranslation("console");
  return (
    <Link
      to={`?refund=${encodeURIComponent(charge.orderId)}#customer-refund`}
      className="console-button console-button--danger"
      aria-label={t("customers.refundLabel", {
        amount: formatMoney(i18n.language, charge.amount, charge.currency),
        date: formatMoment(i18n.language, charge.createdAt, "short"),
      })}
    >
      {t("customers.refund")}
    </Link>
  );
}

export const chargeColumns: TableColumns<CustomerCharge> = [
  {
    header: "customers.columns.order",
    cell: (charge) => <code>{charge.orderId}</code>,
    csv: [{ name: "order_id", value: (charge) => charge.orderId }],
  },
  {
    header: "customers.columns.date",
    rowHeader: true,
    cell: (charge, { locale }) => formatMoment(locale, charge.createdAt, "short"),
    csv: [{ name: "created_at", value: (charge) => iso(charge.createdAt) }],
  },
  {
    header: "revenue.columns.purpose",
    cell: (charge, { ifKnown }) => ifKnown(`revenue.purposes.${charge.purpose}`) ?? charge.purpose,
    csv: [{ name: "purpose", value: (charge) => charge.purpose }],
  },
  {
    header: "customers.columns.amount",
    cell: (charge, { locale }) => formatMoney(locale, charge.amount, charge.currency),
    csv: [
      { name: "amount_minor", value: (charge) => charge.amount },
      { name: "currency", value: (charge) => charge.currency },
    ],
  },
  {
    header: "customers.columns.status",
    cell: (charge, { ifKnown }) => (
      <>
        {ifKnown(`customers.orderStatuses.${charge.status}`) ?? charge.status}
        {charge.errorCode && ` (${charge.errorCode})`}
      </>
    ),
    csv: [
      { name: "status", value: (charge) => charge.status },
      { name: "error_code", value: (charge) => charge.errorCode },
    ],
  },
  {
    header: "customers.columns.refund",
    cell: (charge) => (charge.refundableUntil ? <RefundLink charge={charge} /> : "—"),
    csv: [{ name: "refundable_until", value: (charge) => iso(charge.refundableUntil) }],
  },
];

export const ledgerColumns: TableColumns<LedgerEntry> = [
  {
    header: "customers.columns.date",
    cell: (entry, { locale }) => formatMoment(locale, entry.createdAt, "short"),
    csv: [{ name: "created_at", value: (entry) => iso(entry.createdAt) }],
  },
  {
    header: "customers.columns.entry",
    cell: (entry, { ifKnown }) => ifKnown(`customers.ledgerTypes.${entry.type}`) ?? entry.type,
    csv: [{ name: "type", value: (entry) => entry.type }],
  },
  {
    header: "customers.columns.order",
    cell: (entry) => (entry.orderId ? <code>{entry.orderId}</code> : "—"),
    csv: [{ name: "order_id", value: (entry) => entry.orderId }],
  },
  {
    header: "customers.columns.amount",
    cell: (entry, { locale }) =>
      entry.amount !== null && entry.currency ? formatMoney(locale, entry.amount, entry.currency) : "—",
    csv: [
      { name: "amount_minor", value: (entry) => entry.amount },
      { name: "currency", value: (entry) => entry.currency },
    ],
  },
  { page: false, csv: [{ name: "details", value: (entry) => JSON.stringify(entry.details) }] },
];

/** The kind's id, without the arguments the stored kind carries (an order, a request). */
const emailKindId = (kind: string) => kind.split(":")[0] ?? kind;

export const emailColumns: TableColumns<EmailRow> = [
  {
    header: "customers.columns.date",
    cell: (email, { locale }) => formatMoment(locale, email.createdAt, "short"),
    csv: [{ name: "created_at", value: (email) => iso(email.createdAt) }],
  },
  {
    header: "customers.columns.emailKind",
    cell: (email, { ifKnown }) => ifKnown(`customers.emailKinds.${emailKindId(email.kind)}`) ?? email.kind,
    csv: [{ name: "kind", value: (email) => email.kind }],
  },
  {
    header: "customers.columns.status",
    cell: (email, { ifKnown }) => ifKnown(`customers.emailStatuses.${email.status}`) ?? email.status,
    csv: [{ name: "status", value: (email) => email.status }],
  },
  {
    header: "customers.columns.sent",
    cell: (email, { locale }) => (email.sentAt ? formatMoment(locale, email.sentAt, "short") : "—"),
    csv: [{ name: "sent_at", value: (email) => iso(email.sentAt) }],
  },
];

export const cancellationColumns: TableColumns<CancellationRow> = [
  {
    header: "customers.columns.date",
    cell: (request, { locale }) => formatMoment(locale, request.receivedAt, "short"),
    csv: [{ name: "received_at", value: (request) => iso(request.receivedAt) }],
  },
  {
    header: "customers.columns.channel",
    cell: (request, { ifKnown }) => ifKnown(`customers.cancelChannels.${request.channel}`) ?? request.channel,
    csv: [{ name: "channel", value: (request) => request.channel }],
  },
  {
    header: "customers.columns.cancelKind",
    cell: (request, { ifKnown }) => ifKnown(`customers.cancelKinds.${request.kind}`) ?? request.kind,
    csv: [
      { name: "kind", value: (request) => request.kind },
      { name: "reason", value: (request) => request.reason },
    ],
  },
  {
    header: "customers.columns.outcome",
    cell: (request, { ifKnown }) => ifKnown(`customers.cancelOutcomes.${request.outcome}`) ?? request.outcome,
    csv: [{ name: "outcome", value: (request) => request.outcome }],
  },
  {
    header: "customers.columns.ends",
    cell: (request, { locale }) => (request.endsAt ? formatMoment(locale, request.endsAt, "short") : "—"),
    csv: [{ name: "ends_at", value: (request) => iso(request.endsAt) }],
  },
];

const answerText = (answer: unknown) =>
  typeof answer === "string" || typeof answer === "number"
    ? String(answer)
    : Array.isArray(answer)
      ? answer.join(", ")
      : JSON.stringify(answer);

export const answerColumns: TableColumns<Answer> = [
  {
    header: "customers.columns.question",
    cell: (entry) => entry.questionId,
    csv: [{ name: "question", value: (entry) => entry.questionId }],
  },
  {
    header: "customers.columns.answer",
    cell: (entry) => answerText(entry.answer),
    csv: [{ name: "answer", value: (entry) => JSON.stringify(entry.answer) }],
  },
];

export const customerSearchTable = (matches: readonly CustomerMatch[]): CsvTable => tableCsv(matchColumns, matches);

/** Each export of a customer's page: the same columns as the page's table. */
export const customerTables: Record<string, (detail: CustomerDetail) => CsvTable> = {
  "customer-charges.csv": (detail) => tableCsv(chargeColumns, detail.charges),
  "customer-ledger.csv": (detail) => tableCsv(ledgerColumns, detail.ledger),
  "customer-emails.csv": (detail) => tableCsv(emailColumns, detail.emails),
  "customer-cancellations.csv": (detail) => tableCsv(cancellationColumns, detail.cancellations),
  "customer-audit.csv": (detail) => auditTable(detail.audit),
  "customer-answers.csv": (detail) => tableCsv(answerColumns, detail.answers),
};
