import { fieldRules } from "@kinderready/domain/onboarding/field-rules";
import { useEffect, useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Field } from "../../components/forms/field.tsx";
import { useValidatedField } from "../../components/forms/use-validated-field.ts";
import { Picture } from "../../components/picture.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useAnalyticsStore } from "../../stores/analytics-store.ts";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import { QuizForm } from "./quiz-form.tsx";
import { statusIndexOf, useAnalysisProgress } from "./use-analysis-progress.ts";

export type LeadActionResult =
  | { intent: "check-email"; isEmailUnique: boolean }
  | { intent: "submit"; error: { field: string; message?: string; messageKey?: string } };

/**
 * The last quiz page: the analysis animation runs while the parent gives an email. The email
 * is checked when the field is left, and again by the server on submit.
 */
export function AnalyzingScreen({
  kidName,
  consentDefault,
  privacyHref,
  onSubmit,
  submitting,
  submitResult,
  refused,
}: {
  kidName: string;
  consentDefault: boolean;
  privacyHref: string;
  onSubmit: (input: { email: string; mailingConsent: boolean }) => void;
  submitting: boolean;
  submitResult: LeadActionResult | undefined;
  /** The server's answer to the form posted before the scripts ran, and the email it carried. */
  refused: { message: string; value?: string | undefined } | undefined;
}) {
  const { t, ifKnown } = useTranslation();
  const percent = useAnalysisProgress();
  const statusId = useId();
  const stored = useOnboardingStore();
  const [email, setEmail] = useState(refused?.value ?? stored.email);
  const consent = stored.mailingConsent ?? consentDefault;
  const field = useValidatedField({ value: email, ...fieldRules.email, refused: refused?.message });
  const check = useFetcher<LeadActionResult>();
  const { setServerError } = field;

  useEffect(() => {
    if (check.data?.intent === "check-email" && !check.data.isEmailUnique) {
      setServerError(t("validation.messages.emailExists"));
    }
  }, [check.data, setServerError, t]);
  useEffect(() => {
    if (submitResult?.intent !== "submit") return;
    const { messageKey, message } = submitResult.error;
    setServerError((messageKey ? ifKnown(messageKey) : undefined) ?? message ?? t("quiz.pages.analyzing.failed"));
  }, [submitResult, setServerError, t, ifKnown]);

  const statusIndex = statusIndexOf(percent);
  const statusText =
    percent >= 95
      ? t("quiz.pages.analyzing.done", { name: kidName })
      : t(`quiz.pages.analyzing.status${statusIndex}`, { name: kidName });

  return (
    <div className="analyzing">
      <div className="analyzing__meter">
        <span className="analyzing__percent" aria-hidden="true">
          {percent}%
        </span>
        <progress
          className="analyzing__bar"
          max={100}
          value={percent}
          aria-label={t("quiz.pages.analyzing.progressLabel")}
          aria-describedby={statusId}
        />
        <p id={statusId} className="analyzing__status" aria-live="polite">
          {statusText}
        </p>
      </div>
      <QuizForm
        intent="lead"
        page="analyzing"
        className="quiz__form analyzing__form"
        onSubmit={(event) => {
          event.preventDefault();
          field.clearServerError();
          if (!field.check()) return;
          useOnboardingStore.setState({ email: email.trim() });
          onSubmit({ email: email.trim(), mailingConsent: consent });
        }}
      >
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
          error={field.error}
          value={email}
          placeholder={t("quiz.pages.analyzing.emailPlaceholder")}
          autoComplete="email"
          inputMode="email"
          enterKeyHint="go"
          onChange={(event) => {
            field.clearServerError();
            setEmail(event.target.value);
          }}
          onBlur={() => {
            field.onBlur();
            const trimmed = email.trim();
            if (field.check()) {
              useOnboardingStore.setState({ email: trimmed });
              const user_token = useAnalyticsStore.getState().userId;
              check.submit(
                { intent: "check-email", email: trimmed, ...(user_token && { user_token }) },
                { method: "post", encType: "application/json" },
              );
            }
          }}
        />
        <label className="consent">
          <input
            type="checkbox"
            name="mailing"
            value="yes"
            checked={consent}
            onChange={(event) => useOnboardingStore.setState({ mailingConsent: event.target.checked })}
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
    </div>
  );
}
