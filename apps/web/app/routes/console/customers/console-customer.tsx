import { Link } from "react-router";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-customer";
import { handleConsoleCustomerAction, loadConsoleCustomer } from "./console-customer-route.server.ts";
import { CustomerFactsCard } from "./customer-facts-card.tsx";
import { CustomerSubscriptionCard } from "./customer-subscription-card.tsx";
import {
  CustomerAnswersCard,
  CustomerAuditCard,
  CustomerCancellationsCard,
  CustomerChargesCard,
  CustomerEmailsCard,
  CustomerLedgerCard,
} from "./customer-table-cards.tsx";
import { RefundConfirmation } from "./refund-confirmation.tsx";

// One parent (/admin/customers/{id}/): answers, subscription, charges, ledger and what operators
// did; refund a charge within the policy (after a confirmation that offers to cancel renewals
// too), cancel renewals, manual access, a new sign-in link.

export const loader = (args: Route.LoaderArgs) => loadConsoleCustomer(args);
export const action = (args: Route.ActionArgs) => handleConsoleCustomerAction(args);

export default function ConsoleCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { t, ifKnown } = useTranslation("console");
  const { detail, refundPolicyDays } = loaderData;
  const { user, subscription } = detail;
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
            : (ifKnown(actionData.messageKey, { count: refundPolicyDays }) ?? t("errors.generic"))}
        </p>
      )}

      {loaderData.refundConfirmation && (
        <RefundConfirmation
          {...loaderData.refundConfirmation}
          subscription={subscription}
          pageHref={`/admin/customers/${user.id}/`}
        />
      )}

      <CustomerFactsCard user={user} />
      <CustomerSubscriptionCard subscription={subscription} />
      <CustomerChargesCard detail={detail} refundPolicyDays={refundPolicyDays} />
      <CustomerAnswersCard detail={detail} />
      <CustomerLedgerCard detail={detail} />
      <CustomerEmailsCard detail={detail} />
      <CustomerCancellationsCard detail={detail} />
      <CustomerAuditCard detail={detail} />
    </>
  );
}
