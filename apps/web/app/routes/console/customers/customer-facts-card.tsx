import type { CustomerDetail } from "@kinderready/domain/console/customer-admin.server";
import { Form, useNavigation } from "react-router";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatMoment } from "../../../console/console-format.ts";
import { CsrfField } from "../../../console/csrf-field.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";

type Customer = CustomerDetail["user"];

/** Who the parent is (child, language, country, dates, manual access), with the access actions. */
export function CustomerFactsCard({ user }: { user: Customer }) {
  const { t, i18n } = useTranslation("console");
  const at = (value: Date | string | null) => formatMoment(i18n.language, value, "short");
  return (
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
      <CustomerAccessActions user={user} />
    </ConsoleCard>
  );
}

/** Grant or revoke manual access; send a new sign-in link while there is an address to send it to. */
function CustomerAccessActions({ user }: { user: Customer }) {
  const { t } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  return (
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
  );
}
