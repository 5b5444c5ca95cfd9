import { fieldRules } from "@kinderready/domain/onboarding/field-rules";
import { type ChangeEvent, type FormEvent, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useValidatedField } from "../../components/forms/use-validated-field.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useAnalyticsStore } from "../../stores/analytics-store.ts";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import type { LeadActionResult } from "./analyzing-screen.tsx";
import type { LeadInput } from "./quiz-lead.ts";

/**
 * The email page's field and mailing choice. The email is checked when the field is left (is it
 * free?), and again by the server on submit; either's refusal shows on the field.
 */
export function useLeadEmail({
  consentDefault,
  onSubmit,
  submitResult,
  refused,
}: {
  consentDefault: boolean;
  onSubmit: (input: LeadInput) => void;
  submitResult: LeadActionResult | undefined;
  refused: { message: string; value?: string | undefined } | undefined;
}) {
  const { t, ifKnown } = useTranslation();
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

  return {
    email,
    consent,
    error: field.error,
    submit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      field.clearServerError();
      if (!field.check()) return;
      useOnboardingStore.setState({ email: email.trim() });
      onSubmit({ email: email.trim(), mailingConsent: consent });
    },
    change: (event: ChangeEvent<HTMLInputElement>) => {
      field.clearServerError();
      setEmail(event.target.value);
    },
    /** A valid email is kept, and asked about, as the field is left. */
    leave: () => {
      field.onBlur();
      const trimmed = email.trim();
      if (!field.check()) return;
      useOnboardingStore.setState({ email: trimmed });
      const user_token = useAnalyticsStore.getState().userId;
      void check.submit(
        { intent: "check-email", email: trimmed, ...(user_token && { user_token }) },
        { method: "post", encType: "application/json" },
      );
    },
    changeConsent: (event: ChangeEvent<HTMLInputElement>) =>
      useOnboardingStore.setState({ mailingConsent: event.target.checked }),
  };
}
