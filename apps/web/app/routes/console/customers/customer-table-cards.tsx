import type { CustomerDetail } from "@kinderready/domain/console/customer-admin.server";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { DataTable } from "../../../console/data-table.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { auditColumns, customerAuditHidden } from "../audit/audit-columns.tsx";
import { answerColumns, cancellationColumns, chargeColumns, emailColumns, ledgerColumns } from "./customer-columns.tsx";

// The customer page's tables, each in its card with its CSV export of the same parent.

type Detail = { detail: CustomerDetail };

const customerCsv = (detail: CustomerDetail, report: string) => exportHref(report, { user: detail.user.id });

/** Every charge, with the refund policy its Refund links follow. */
export function CustomerChargesCard({ detail, refundPolicyDays }: Detail & { refundPolicyDays: number }) {
  const { t } = useTranslation("console");
  return (
    <ConsoleCard
      table
      id="customer-charges"
      title={t("customers.charges")}
      csvHref={customerCsv(detail, "customer-charges.csv")}
    >
      <p className="console-note">{t("customers.refundPolicy", { count: refundPolicyDays })}</p>
      <DataTable
        labelledBy="customer-charges"
        columns={chargeColumns}
        rows={detail.charges}
        rowKey={(charge) => charge.orderId}
      />
    </ConsoleCard>
  );
}

export function CustomerAnswersCard({ detail }: Detail) {
  const { t } = useTranslation("console");
  return (
    <ConsoleCard
      table
      id="customer-answers"
      title={t("customers.answers")}
      csvHref={customerCsv(detail, "customer-answers.csv")}
    >
      <DataTable
        labelledBy="customer-answers"
        columns={answerColumns}
        rows={detail.answers}
        rowKey={(entry) => entry.questionId}
      />
    </ConsoleCard>
  );
}

export function CustomerLedgerCard({ detail }: Detail) {
  const { t } = useTranslation("console");
  return (
    <ConsoleCard
      table
      id="customer-ledger"
      title={t("customers.ledger")}
      csvHref={customerCsv(detail, "customer-ledger.csv")}
    >
      <DataTable
        labelledBy="customer-ledger"
        columns={ledgerColumns}
        rows={detail.ledger}
        rowKey={(entry) => entry.id}
      />
    </ConsoleCard>
  );
}

export function CustomerEmailsCard({ detail }: Detail) {
  const { t } = useTranslation("console");
  return (
    <ConsoleCard
      table
      id="customer-emails"
      title={t("customers.emails")}
      csvHref={customerCsv(detail, "customer-emails.csv")}
    >
      <DataTable
        labelledBy="customer-emails"
        columns={emailColumns}
        rows={detail.emails}
        rowKey={(email) => email.id}
      />
    </ConsoleCard>
  );
}

export function CustomerCancellationsCard({ detail }: Detail) {
  const { t } = useTranslation("console");
  return (
    <ConsoleCard
      table
      id="customer-cancellations"
      title={t("customers.cancellations")}
      csvHref={customerCsv(detail, "customer-cancellations.csv")}
    >
      <DataTable
        labelledBy="customer-cancellations"
        columns={cancellationColumns}
        rows={detail.cancellations}
        rowKey={(request) => request.id}
      />
    </ConsoleCard>
  );
}

/** What operators did to this parent; the page leaves out columns (target, details) its export keeps. */
export function CustomerAuditCard({ detail }: Detail) {
  const { t } = useTranslation("console");
  return (
    <ConsoleCard
      table
      id="customer-audit"
      title={t("customers.audit")}
      csvHref={customerCsv(detail, "customer-audit.csv")}
    >
      <DataTable
        labelledBy="customer-audit"
        columns={auditColumns}
        rows={detail.audit}
        rowKey={(entry) => String(entry.id)}
        hide={customerAuditHidden}
      />
    </ConsoleCard>
  );
}
