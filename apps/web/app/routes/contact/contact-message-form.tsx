import { Field, TextAreaField } from "../../components/forms/field.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { useContactForm } from "./use-contact-form.ts";

/** The form itself: Name, Email, Message, the server's failure if any, and Send. */
export function ContactMessageForm({
  contact,
  supportEmail,
}: {
  contact: ReturnType<typeof useContactForm>;
  supportEmail: string;
}) {
  const { t, ifKnown } = useTranslation();
  const { fetcher, values } = contact;
  return (
    <fetcher.Form method="post" noValidate className="profile__form" onSubmit={contact.submit}>
      <Field
        id="contact-name"
        name="name"
        autoComplete="name"
        label={t("validation.fields.name")}
        error={contact.errorOf("name")}
        value={values.name}
        onChange={contact.change("name")}
        onBlur={contact.blurOf("name")}
      />
      <Field
        id="contact-email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        label={t("validation.fields.email")}
        error={contact.errorOf("email")}
        value={values.email}
        onChange={contact.change("email")}
        onBlur={contact.blurOf("email")}
      />
      <TextAreaField
        id="contact-message"
        name="message"
        label={t("validation.fields.message")}
        error={contact.errorOf("message")}
        rows={6}
        maxLength={2000}
        value={values.message}
        onChange={contact.change("message")}
        onBlur={contact.blurOf("message")}
      />
      {contact.failedKey && (
        <p className="notice notice--error" role="alert">
          {ifKnown(contact.failedKey, { email: supportEmail }) ?? t("errors.generic")}
        </p>
      )}
      <button type="submit" className="button button--wide" disabled={fetcher.state !== "idle"}>
        {fetcher.state === "idle" ? t("contact.send") : t("contact.sending")}
      </button>
    </fetcher.Form>
  );
}
