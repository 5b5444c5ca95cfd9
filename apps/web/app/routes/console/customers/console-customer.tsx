import { cancelReasons } from "@kinderready/domain/payments/cancel-reasons";
import { Form, Link, useNavigation } from "react-router";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatMoment, formatMoney } from "../../../console/console-format.ts";
import { CsrfField } from "../../../console/csrf-field.tsx";
import { DataTable } from "../../../console/data-table.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { auditColumns, customerAuditHidden } from "../audit/audit-columns.tsx";
import type { Route } from "./+types/console-customer";
import { handleConsoleCustomerAction, loadConsoleCustomer } from "./console-customer-route.server.ts";
import { answerColumns, cancellationColumns, chargeColumns, emailColumns, ledgerColumns } from "./customer-columns.tsx";

// One parent (/admin/customers/{id}/): answers, subscription, charges, ledger and what operators
// did; refund a charge within the policy (after a confirmation that offers to cancel renewals
// too), cancel renewals, manual access, a new sign-in link.

export const loader = (args: Route.LoaderArgs) => loadConsoleCustomer(args);
export const action = (args: Route.ActionArgs) => handleConsoleCustomerAction(args);

export default function ConsoleCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const locale = i18n.language;
  const busy = useNavigation().state === "submitting";
  const { detail, refundPolicyDays } = loaderData;
  const { user, subscription } = detail;
  const at = (value: Date | string | null) => formatMoment(locale, value, "short");
  const csv = (report: string) => exportHref(report, { user: user.id });
  const renews = subscription && ["trialing", "active", "past_due"].includes(subscription.status);
  return (
    <>
      <p>
        <Link to="/admin/customers/">{t("customers.back")}</Link>
      </p>
      <h1>{user.email ?? t("customers.noEmail")}</h1>
      {actionData && (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "console-ok" : "console-error"}>
          {actionData.ok
            ? (ifKnown(actionData.messageKey ?? `customers.done.${actionData.intent}`) ?? actionData.intent)
            : (ifKnown(actionData.messageKey, { days: refundPolicyDays }) ?? t("errors.generic"))}
        </p>
      )}

      {loaderData.refundConfirmation && (
        <RefundConfirmation
          {...loaderData.refundConfirmation}
          subscription={subscription}
          pageHref={`/admin/customers/${user.id}/`}
        />
      )}

      <ConsoleCard id="customer-facts" title={t("customers.facts")}>
        <dl className="console-facts">
          <dt>{t("customers.columns.child")}</dt>
          <dd>{[user.kidName, user.kidAgeText ?? user.kidAge].filter(Boolean).join(", ") || "—"}</dd>
          <dt>{t("customers.columns.language")}</dt>
          <dd>{user.locale}</dd>
          <dt>{t("customers.country")}</dt>
          <dd>{user.countryCode?.toUpperCase() ?? "—"}</dd>
          <dt>{t("customers.columns.since")}</dt>
          <dd>{at(user.createdAt)}</dd>
          <dt>{t("customers.emailConfirmed")}</dt>
          <dd>{at(user.emailConfirmedAt)}</dd>
          <dt>{t("customers.manualAccess")}</dt>
          <dd>{user.isManualAccess ? t("customers.yes") : t("customers.no")}</dd>
          {user.erasedAt && (
            <>
              <dt>{t("customers.erased")}</dt>
              <dd>{at(user.erasedAt)}</dd>
            </>
          )}
        </dl>
        <div className="console-actions">
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="granted" value={user.isManualAccess ? "false" : "true"} />
            <button type="submit" name="intent" value="access" className="console-button" disabled={busy}>
              {user.isManualAccess ? t("customers.revokeAccess") : t("customers.grantAccess")}
            </button>
          </Form>
          {user.email && !user.erasedAt && (
            <Form method="post">
              <CsrfField />
              <button type="submit" name="intent" value="link" className="console-button" disabled={busy}>
                {t("customers.sendLink")}
              </button>
            </Form>
          )}
        </div>
      </ConsoleCard>

      <ConsoleCard id="customer-subscription" title={t("customers.subscription")}>
        {subscription ? (
          <dl className="console-facts">
            <dt>{t("customers.columns.subscription")}</dt>
            <dd>{ifKnown(`customers.statuses.${subscription.status}`) ?? subscription.status}</dd>
            <dt>{t("customers.renewal")}</dt>
            <dd>
              {t("customers.renewalEvery", {
                amount: formatMoney(locale, subscription.renewalAmount, subscription.currency),
                days: subscription.periodDays,
              })}
            </dd>
            <dt>{t("customers.trialEnds")}</dt>
            <dd>{at(subscription.trialEndsAt)}</dd>
            <dt>{t("customers.periodEnds")}</dt>
            <dd>{at(subscription.currentPeriodEnd)}</dd>
            <dt>{t("customers.failedRenewals")}</dt>
            <dd>{subscription.failedRenewals}</dd>
            {subscription.cancelledAt && (
              <>
                <dt>{t("customers.cancelled")}</dt>
                <dd>
                  {at(subscription.cancelledAt)}
                  {subscription.cancelReason &&
                    ` · ${ifKnown(`revenue.reasons.${subscription.cancelReason}`) ?? subscription.cancelReason}`}
                  {subscription.cancelComment && ` · “${subscription.cancelComment}”`}
                </dd>
              </>
            )}
          </dl>
        ) : (
          <p>{t("customers.noSubscription")}</p>
        )}
        {renews && (
          <Form method="post" className="console-form console-form--inline">
            <CsrfField />
            <label className="console-field">
              <span>{t("customers.cancelReason")}</span>
              <select name="reason" required defaultValue="other">
                {cancelReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`revenue.reasons.${reason}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="console-field console-field--wide">
              <span>{t("customers.cancelComment")}</span>
              <input name="comment" maxLength={500} />
            </label>
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="console-button console-button--danger"
              disabled={busy}
            >
              {t("customers.cancel")}
            </button>
          </Form>
        )}
      </ConsoleCard>

      <ConsoleCard table id="customer-charges" title={t("customers.charges")} csvHref={csv("customer-charges.csv")}>
        <p className="console-note">{t("customers.refundPolicy", { days: refundPolicyDays })}</p>
        <DataTable
          labelledBy="customer-charges"
          columns={chargeColumns}
          rows={detail.charges}
          rowKey={(charge) => charge.orderId}
        />
      </ConsoleCard>

      <ConsoleCard table id="customer-answers" title={t("customers.answers")} csvHref={csv("customer-answers.csv")}>
        <DataTable
          labelledBy="customer-answers"
          columns={answerColumns}
          rows={detail.answers}
          rowKey={(entry) => entry.questionId}
        />
      </ConsoleCard>

      <ConsoleCard table id="customer-ledger" title={t("customers.ledger")} csvHref={csv("customer-ledger.csv")}>
        <DataTable
          labelledBy="customer-ledger"
          columns={ledgerColumns}
          rows={detail.ledger}
          rowKey={(entry) => entry.id}
        />
      </ConsoleCard>

      <ConsoleCard table id="customer-emails" title={t("customers.emails")} csvHref={csv("customer-emails.csv")}>
        <DataTable
          labelledBy="customer-emails"
          columns={emailColumns}
          rows={detail.emails}
          rowKey={(email) => email.id}
        />
      </ConsoleCard>

      <ConsoleCard
        table
        id="customer-cancellations"
        title={t("customers.cancellations")}
        csvHref={csv("customer-cancellations.csv")}
      >
        <DataTable
          labelledBy="customer-cancellations"
          columns={cancellationColumns}
          rows={detail.cancellations}
          rowKey={(request) => request.id}
        />
      </ConsoleCard>

      <ConsoleCard table id="customer-audit" title={t("customers.audit")} csvHref={csv("customer-audit.csv")}>
        <DataTable
          labelledBy="customer-audit"
          columns={auditColumns}
          rows={detail.audit}
          rowKey={(entry) => String(entry.id)}
          hide={customerAuditHidden}
        />
      </ConsoleCard>
    </>
  );
}

type RefundConfirmationData = NonNullable<Route.ComponentProps["loaderData"]["refundConfirmation"]>;

/**
 * The refund's second step: what is refunded (amount, order, date) and, while the subscription
 * renews, whether to cancel it too (ticked for the subscription's own charges). Keeping the
 * charge goes back to the page as it was.
 */
function RefundConfirmation({
  charge,
  subscriptionRenews,
  cancelByDefault,
  subscription,
  pageHref,
}: RefundConfirmationData & {
  subscription: Route.ComponentProps["loaderData"]["detail"]["subscription"];
  pageHref: string;
}) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const locale = i18n.language;
  const busy = useNavigation().state === "submitting";
  const amount = formatMoney(locale, charge.amount, charge.currency);
  return (
    <ConsoleCard id="customer-refund" title={t("customers.refundConfirmTitle")}>
      <dl className="console-facts">
        <dt>{t("customers.columns.amount")}</dt>
        <dd>{amount}</dd>
        <dt>{t("revenue.columns.purpose")}</dt>
        <dd>{ifKnown(`revenue.purposes.${charge.purpose}`) ?? charge.purpose}</dd>
        <dt>{t("customers.columns.date")}</dt>
        <dd>{formatMoment(locale, charge.createdAt, "short")}</dd>
        <dt>{t("customers.columns.order")}</dt>
        <dd>
          <code>{charge.orderId}</code>
        </dd>
      </dl>
      <p>{t("customers.refundConfirmNote")}</p>
      <Form method="post" className="console-form console-form--stacked">
        <CsrfField />
        <input type="hidden" name="orderId" value={charge.orderId} />
        {subscriptionRenews && subscription && (
          <div>
            <label className="console-choice">
              <input type="checkbox" name="cancelSubscription" defaultChecked={cancelByDefault} />
              {t("customers.refundAlsoCancel")}
            </label>
            <p className="console-note">
              {t("customers.refundRenewalWarning", {
                amount: formatMoney(locale, subscription.renewalAmount, subscription.currency),
                date: formatMoment(locale, subscription.nextAttemptAt ?? subscription.currentPeriodEnd, "short"),
              })}
            </p>
          </div>
        )}
        <div className="console-actions">
          <button
            type="submit"
            name="intent"
            value="refund"
            className="console-button console-button--danger"
            disabled={busy}
          >
            {t("customers.refundConfirm", { amount })}
          </button>
          <Link to={pageHref} className="console-button console-button--quiet">
            {t("customers.refundKeep")}
          </Link>
        </div>
      </Form>
    </ConsoleCard>
  );
}
