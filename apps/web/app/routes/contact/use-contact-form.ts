import { contactFieldRules } from "@kinderready/domain/profile/profile-rules";
import { type FormEvent, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { useValidatedField } from "../../components/forms/use-validated-field.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { ContactActionResult } from "./contact-route.server.ts";

type ContactField = "name" | "email" | "message";

/**
 * The contact form's state: what is typed (a refused plain post starts from what it carried),
 * each field checked as the parent types (the shared rules) and by the server, and whether the
 * message went. "Send another" keeps the name and email.
 */
export function useContactForm(initialEmail: string) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ContactActionResult>();
  // Posted before the scripts loaded, the form was a plain one: its answer is the page's.
  const posted = useActionData<ContactActionResult>();
  const [values, setValues] = useState(
    posted && !posted.ok ? posted.values : { name: "", email: initialEmail, message: "" },
  );
  const fields = {
    name: useValidatedField({ value: values.name, ...contactFieldRules.name }),
    email: useValidatedField({ value: values.email, ...contactFieldRules.email }),
    message: useValidatedField({ value: values.message, ...contactFieldRules.message }),
  };
  const [sentCount, setSentCount] = useState(0);
  const result = fetcher.state === "idle" ? (fetcher.data ?? posted) : undefined;

  const serverFailed = (field: ContactField) =>
    result && !result.ok && result.fields[field]
      ? t(`validation.messages.${contactFieldRules[field].message}`)
      : undefined;
  return {
    fetcher,
    values,
    /** The answer that the message went, shown until the parent sends another. */
    sent: result?.ok && sentCount === 0 ? result : undefined,
    /** The server's failure to show under the fields (not a field's). */
    failedKey: result && !result.ok ? result.errorKey : undefined,
    errorOf: (field: ContactField) => fields[field].error ?? serverFailed(field),
    blurOf: (field: ContactField) => fields[field].onBlur,
    change: (field: ContactField) => (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    submit: (event: FormEvent<HTMLFormElement>) => {
      const checks = [fields.name.check(), fields.email.check(), fields.message.check()];
      if (checks.includes(false)) event.preventDefault();
      else setSentCount(0);
    },
    sendAnother: () => {
      setValues({ name: values.name, email: values.email, message: "" });
      setSentCount((count) => count + 1);
    },
  };
}
