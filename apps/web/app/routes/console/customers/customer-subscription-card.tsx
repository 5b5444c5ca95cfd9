import type { CustomerDetail } from "@kinderready/domain/console/customer-admin.server";
import { cancelReasons } from "@kinderready/domain/payments/cancel-reasons";
import { Form, useNavigation } from "react-router";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatMoment, formatMoney } from "../../../console/console-format.ts";
import { CsrfField } from "../../../console/csrf-field.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";

type Subscription = NonNullable<CustomerDetail["subscription"]>;

/** The states in which a subscription still renews, and so can be cancelled. */
const renewingStatuses = ["trialing", "active", "past_due"];

/** The parent's subscription (status, renewal, dates, a cancellation), and cancelling it while it renews. */
export function CustomerSubscriptionCard({ subscription }: { subscription: CustomerDetail["subscription"] }) {
  const { t } = useTranslation("console");
  const renews = subscription && renewingStatuses.includes(subscription.status);
  return (
    <ConsoleCard id="customer-subscription" title={t("customers.subscription")}>
      {subscription ? <SubscriptionFacts subscription={subscription} /> : <p>{t("customers.noSubscription")}</p>}
      {renews && <CancelRenewalsForm />}
    </ConsoleCard>
  );
}

function SubscriptionFacts({ subscription }: { subscription: Subscription }) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const locale = i18n.language;
  const at = (value: Date | string | null) => formatMoment(locale, value, "short");
  return (
    <dl className="console-facts">
      <dt>{t("customers.columns.subscription")}</dt>
      <dd>{ifKnown(`customers.statuses.${subscription.status}`) ?? subscription.status}</dd>
      <dt>{t("customers.renewal")}</dt>
      <dd>
        {t("customers.renewalEvery", {
          amount: formatMoney(locale, subscription.renewalAmount, subscription.currency),
          count: subscription.periodDays,
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
  );
}

/** The operator's cancellation of renewals, with the reason and a comment as the parent's own has. */
function CancelRenewalsForm() {
  const { t } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  return (
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
  );
}
