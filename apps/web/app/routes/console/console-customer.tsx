import { cancelReasons } from "@kinderready/domain/payments/cancel-reasons";
import { Form, Link, useNavigation } from "react-router";
import { ConsoleCard } from "../../components/console/console-card.tsx";
import { CsrfField } from "../../components/console/csrf-field.tsx";
import { TableScroll } from "../../components/console/table-scroll.tsx";
import { actionName } from "../../console/action-name.ts";
import { handleConsoleCustomerAction, loadConsoleCustomer } from "../../console/console-customer-route.server.ts";
import { formatMoney } from "../../console/console-format.ts";
import { exportHref } from "../../console/export-href.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-customer";

// One parent (/admin/customers/{id}/): answers, subscription, charges, ledger and what operators
// did; refund a charge within the policy, cancel renewals, manual access, a new sign-in link.

export const loader = (args: Route.LoaderArgs) => loadConsoleCustomer(args);
export const action = (args: Route.ActionArgs) => handleConsoleCustomerAction(args);

const answerText = (answer: unknown) =>
  typeof answer === "string" || typeof answer === "number"
    ? String(answer)
    : Array.isArray(answer)
      ? answer.join(", ")
      : JSON.stringify(answer);

export default function ConsoleCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const locale = i18n.language;
  const busy = useNavigation().state === "submitting";
  const { detail, refundPolicyDays } = loaderData;
  const { user, subscription } = detail;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const at = (value: Date | string | null) => (value ? when.format(new Date(value)) : "—");
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
            ? (ifKnown(`customers.done.${actionData.intent}`) ?? actionData.intent)
            : (ifKnown(actionData.messageKey, { days: refundPolicyDays }) ?? t("errors.generic"))}
        </p>
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
        <TableScroll labelledBy="customer-charges">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("customers.columns.date")}</th>
                <th scope="col">{t("revenue.columns.purpose")}</th>
                <th scope="col">{t("customers.columns.amount")}</th>
                <th scope="col">{t("customers.columns.status")}</th>
                <th scope="col">{t("customers.columns.order")}</th>
                <th scope="col">{t("customers.columns.refund")}</th>
              </tr>
            </thead>
            <tbody>
              {detail.charges.map((charge) => (
                <tr key={charge.orderId}>
                  <th scope="row">{at(charge.createdAt)}</th>
                  <td>{ifKnown(`revenue.purposes.${charge.purpose}`) ?? charge.purpose}</td>
                  <td>{formatMoney(locale, charge.amount, charge.currency)}</td>
                  <td>
                    {ifKnown(`customers.orderStatuses.${charge.status}`) ?? charge.status}
                    {charge.errorCode && ` (${charge.errorCode})`}
                  </td>
                  <td>
                    <code>{charge.orderId}</code>
                  </td>
                  <td>
                    {charge.refundableUntil ? (
                      <Form method="post">
                        <CsrfField />
                        <input type="hidden" name="orderId" value={charge.orderId} />
                        <button
                          type="submit"
                          name="intent"
                          value="refund"
                          className="console-button console-button--danger"
                          disabled={busy}
                          aria-label={t("customers.refundLabel", {
                            amount: formatMoney(locale, charge.amount, charge.currency),
                            date: at(charge.createdAt),
                          })}
                        >
                          {t("customers.refund")}
                        </button>
                      </Form>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </ConsoleCard>

      <ConsoleCard table id="customer-answers" title={t("customers.answers")} csvHref={csv("customer-answers.csv")}>
        <TableScroll labelledBy="customer-answers">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("customers.columns.question")}</th>
                <th scope="col">{t("customers.columns.answer")}</th>
              </tr>
            </thead>
            <tbody>
              {detail.answers.map((entry) => (
                <tr key={entry.questionId}>
                  <th scope="row">{entry.questionId}</th>
                  <td>{answerText(entry.answer)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </ConsoleCard>

      <ConsoleCard table id="customer-ledger" title={t("customers.ledger")} csvHref={csv("customer-ledger.csv")}>
        <TableScroll labelledBy="customer-ledger">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("customers.columns.date")}</th>
                <th scope="col">{t("customers.columns.entry")}</th>
                <th scope="col">{t("customers.columns.amount")}</th>
                <th scope="col">{t("customers.columns.order")}</th>
              </tr>
            </thead>
            <tbody>
              {detail.ledger.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{at(entry.createdAt)}</th>
                  <td>{ifKnown(`customers.ledgerTypes.${entry.type}`) ?? entry.type}</td>
                  <td>
                    {entry.amount !== null && entry.currency ? formatMoney(locale, entry.amount, entry.currency) : "—"}
                  </td>
                  <td>{entry.orderId ? <code>{entry.orderId}</code> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </ConsoleCard>

      <ConsoleCard table id="customer-audit" title={t("customers.audit")} csvHref={csv("customer-audit.csv")}>
        <TableScroll labelledBy="customer-audit">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("customers.columns.date")}</th>
                <th scope="col">{t("customers.columns.action")}</th>
                <th scope="col">{t("customers.columns.operator")}</th>
              </tr>
            </thead>
            <tbody>
              {detail.audit.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{at(entry.at)}</th>
                  <td>{actionName(ifKnown, entry.action)}</td>
                  <td>{entry.operator ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </ConsoleCard>
    </>
  );
}
