import { contactFieldRules } from "@kinderready/domain/profile/profile-rules";
import { useState } from "react";
import { useActionData, useFetcher, useRouteLoaderData } from "react-router";
import { Field, TextAreaField, useValueTypedBeforeHydration } from "../../components/forms/field.tsx";
import { useValidatedField } from "../../components/forms/use-validated-field.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import type { ContactActionResult } from "./contact-route.server.ts";

/** The contact form: checked as the parent types (the shared rules), again by the server. */
export function ContactForm({ initialEmail }: { initialEmail: string }) {
  const { t, ifKnown } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const supportEmail = root?.config.supportEmail ?? "";
  const fetcher = useFetcher<ContactActionResult>();
  // Posted before the scripts loaded, the form was a plain one: its answer is the page's.
  const posted = useActionData<ContactActionResult>();
  const [values, setValues] = useState(
    posted && !posted.ok ? posted.values : { name: "", email: initialEmail, message: "" },
  );
  const name = useValidatedField({ value: values.name, ...contactFieldRules.name });
  const email = useValidatedField({ value: values.email, ...contactFieldRules.email });
  const message = useValidatedField({ value: values.message, ...contactFieldRules.message });
  const [sentCount, setSentCount] = useState(0);
  const result = fetcher.state === "idle" ? (fetcher.data ?? posted) : undefined;
  const sent = result?.ok && sentCount === 0;
  const serverFailed = (field: "name" | "email" | "message") =>
    result && !result.ok && result.fields[field]
      ? t(`validation.messages.${contactFieldRules[field].message}`)
      : undefined;
  useValueTypedBeforeHydration("contact-name", (name) => setValues((current) => ({ ...current, name })));
  useValueTypedBeforeHydration("contact-email", (email) => setValues((current) => ({ ...current, email })));
  useValueTypedBeforeHydration("contact-message", (message) => setValues((current) => ({ ...current, message })));
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <section className="page profile" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.contact.heading")}</h1>
      <p>{t("pages.contact.intro")}</p>
      {sent && result?.ok ? (
        <div className="notice" role="status">
          <p>{t("contact.sent", { email: result.email })}</p>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              setValues({ name: values.name, email: values.email, message: "" });
              setSentCount((count) => count + 1);
            }}
          >
            {t("contact.sendAnother")}
          </button>
        </div>
      ) : (
        <fetcher.Form
          method="post"
          noValidate
          className="profile__form"
          onSubmit={(event) => {
            const checks = [name.check(), email.check(), message.check()];
            if (checks.includes(false)) event.preventDefault();
            else setSentCount(0);
          }}
        >
          <Field
            id="contact-name"
            name="name"
            autoComplete="name"
            label={t("validation.fields.name")}
            error={name.error ?? serverFailed("name")}
            value={values.name}
            onChange={set("name")}
            onBlur={name.onBlur}
          />
          <Field
            id="contact-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            label={t("validation.fields.email")}
            error={email.error ?? serverFailed("email")}
            value={values.email}
            onChange={set("email")}
            onBlur={email.onBlur}
          />
          <TextAreaField
            id="contact-message"
            name="message"
            label={t("validation.fields.message")}
            error={message.error ?? serverFailed("message")}
            rows={6}
            maxLength={2000}
            value={values.message}
            onChange={set("message")}
            onBlur={message.onBlur}
          />
          {result && !result.ok && result.errorKey && (
            <p className="notice notice--error" role="alert">
              {ifKnown(result.errorKey, { email: supportEmail }) ?? t("errors.generic")}
            </p>
          )}
          <button type="submit" className="button button--wide" disabled={fetcher.state !== "idle"}>
            {fetcher.state === "idle" ? t("contact.send") : t("contact.sending")}
          </button>
        </fetcher.Form>
      )}
      <p className="muted">{t("contact.orEmail", { email: supportEmail })}</p>
    </section>
  );
}
