import { Link } from "react-router";
import { ControlledInput, Field } from "../../components/forms/field.tsx";
import { Picture } from "../../components/picture.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { LeadActionResult } from "./analyzing-screen.tsx";
import { QuizForm } from "./quiz-form.tsx";
import type { LeadInput } from "./quiz-lead.ts";
import { useLeadEmail } from "./use-lead-email.ts";

export type LeadEmailFormProps = {
  kidName: string;
  consentDefault: boolean;
  privacyHref: string;
  onSubmit: (input: LeadInput) => void;
  submitting: boolean;
  submitResult: LeadActionResult | undefined;
  /** The server's answer to the form posted before the scripts ran, and the email it carried. */
  refused: { message: string; value?: string | undefined } | undefined;
};

/** The email page's form: the email, the mailing choice, the privacy policy and submit. */
export function LeadEmailForm({
  kidName,
  consentDefault,
  privacyHref,
  onSubmit,
  submitting,
  submitResult,
  refused,
}: LeadEmailFormProps) {
  const { t } = useTranslation();
  const lead = useLeadEmail({ consentDefault, onSubmit, submitResult, refused });
  return (
    <QuizForm intent="lead" page="analyzing" className="quiz__form analyzing__form" onSubmit={lead.submit}>
      <h2 className="analyzing__title">{t("quiz.pages.analyzing.emailTitle")}</h2>
      <p className="muted">{t("quiz.pages.analyzing.emailText")}</p>
      {/* The welcome email carries this page whenever there is a name to draw on it. */}
      {kidName.trim() && (
        <p className="analyzing__gift">
          <Picture id="crayon" size={32} />
          <span>{t("quiz.pages.analyzing.firstPage", { name: kidName.trim() })}</span>
        </p>
      )}
      <Field
        id="email"
        name="email"
        type="email"
        label={t("quiz.pages.analyzing.emailLabel")}
        error={lead.error}
        value={lead.email}
        placeholder={t("quiz.pages.analyzing.emailPlaceholder")}
        autoComplete="email"
        inputMode="email"
        enterKeyHint="go"
        onChange={lead.change}
        onBlur={lead.leave}
      />
      <label className="consent">
        <ControlledInput
          type="checkbox"
          name="mailing"
          value="yes"
          checked={lead.consent}
          onChange={lead.changeConsent}
        />
        <span>{t("quiz.pages.analyzing.consent")}</span>
      </label>
      <p className="muted small">
        <Link to={privacyHref}>{t("quiz.pages.analyzing.privacy")}</Link>
      </p>
      <button type="submit" className="button button--wide" disabled={submitting} aria-busy={submitting}>
        {submitting ? t("quiz.pages.analyzing.submitting") : t("quiz.pages.analyzing.submit")}
      </button>
    </QuizForm>
  );
}
