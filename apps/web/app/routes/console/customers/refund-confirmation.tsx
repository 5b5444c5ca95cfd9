import type { CustomerCharge, CustomerDetail } from "@kinderready/domain/console/customer-admin.server";
import { Form, Link, useNavigation } from "react-router";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatMoment, formatMoney } from "../../../console/console-format.ts";
import { CsrfField } from "../../../console/csrf-field.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";

/**
 * The refund's second step: what is refunded (amount, order, date) and, while the subscription
 * renews, whether to cancel it too (ticked for the subscription's own charges). Keeping the
 * charge goes back to the page as it was.
 */
export function RefundConfirmation({
  charge,
  subscriptionRenews,
  cancelByDefault,
  subscription,
  pageHref,
}: {
  charge: CustomerCharge;
  subscriptionRenews: boolean;
  cancelByDefault: boolean;
  subscription: CustomerDetail["subscription"];
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
