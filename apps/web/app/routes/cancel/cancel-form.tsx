import { contactFieldRules } from "@kinderready/domain/profile/profile-rules";
import { cancellationReasonMaxLength } from "@kinderready/domain/profile/profile-schema";
import { Form, useActionData, useNavigation, useRouteLoaderData } from "react-router";
import { Field, TextAreaField } from "../../components/forms/field.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import { CancelEndChoice, CancelKindChoice } from "./cancel-choices.tsx";
import type { CancelActionResult } from "./cancel-route.server.ts";

/**
 * The one confirmation page the cancel button leads to: only what a cancellation needs (who, which
 * contract, which kind, when, where the confirmation goes) and one button. A plain form: it works
 * the same before and without the scripts, and nothing on it tries to keep the parent.
 */
export function CancelForm({ initialEmail, today }: { initialEmail: string; today: string }) {
  const { t, ifKnown } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const supportEmail = root?.config.supportEmail ?? "";
  const result = useActionData<CancelActionResult>();
  const sending = useNavigation().state === "submitting";
  const values = result && !result.ok ? result.values : undefined;
  const failed = (field: "email" | "kind" | "reason" | "endDate") =>
    Boolean(result && !result.ok && result.fields[field]);

  if (result?.ok)
    return <CancelReceived email={result.email} receivedAt={result.receivedAt} supportEmail={supportEmail} />;
  return (
    <section className="page profile" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.legalCancel.heading")}</h1>
      <p>{t("pages.legalCancel.intro")}</p>
      <Form method="post" noValidate className="profile__form">
        <Field
          id="cancel-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t("legalCancel.email")}
          error={failed("email") ? t(`validation.messages.${contactFieldRules.email.message}`) : undefined}
          defaultValue={values?.email ?? initialEmail}
        />
        <p className="muted">{t("legalCancel.emailHint")}</p>
        <fieldset className="profile__reasons">
          <legend>{t("legalCancel.contract")}</legend>
          <label className="answer answer--check">
            <input type="radio" name="contract" value="subscription" defaultChecked />
            <span>{t("legalCancel.contractName")}</span>
          </label>
        </fieldset>
        <CancelKindChoice values={values} failed={failed("kind")} />
        <TextAreaField
          id="cancel-reason"
          name="reason"
          label={t("legalCancel.reason")}
          error={failed("reason") ? t("legalCancel.reasonRequired") : undefined}
          rows={3}
          maxLength={cancellationReasonMaxLength}
          defaultValue={values?.reason}
        />
        <CancelEndChoice values={values} today={today} failed={failed("endDate")} />
        {result && !result.ok && result.errorKey && (
          <p className="notice notice--error" role="alert">
            {ifKnown(result.errorKey, { email: supportEmail }) ?? t("errors.generic")}
          </p>
        )}
        <button type="submit" className="button button--wide button--danger" disabled={sending}>
          {sending ? t("legalCancel.sending") : t("legalCancel.submit")}
        </button>
      </Form>
    </section>
  );
}

/** The cancellation received: when, and where its confirmation went. */
function CancelReceived({
  email,
  receivedAt,
  supportEmail,
}: {
  email: string;
  receivedAt: string;
  supportEmail: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="page profile" aria-labelledby="page-title">
      <h1 id="page-title">{t("legalCancel.doneHeading")}</h1>
      <div className="notice" role="status">
        <p>{t("legalCancel.received", { moment: receivedAt })}</p>
      </div>
      <p>{t("legalCancel.doneEmail", { email })}</p>
      <p className="muted">{t("legalCancel.noMail", { email: supportEmail })}</p>
    </section>
  );
}
