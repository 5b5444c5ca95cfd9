import { useRouteLoaderData } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import { ContactMessageForm } from "./contact-message-form.tsx";
import { useContactForm } from "./use-contact-form.ts";

/** The contact form: checked as the parent types (the shared rules), again by the server. */
export function ContactForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const supportEmail = root?.config.supportEmail ?? "";
  const contact = useContactForm(initialEmail);

  return (
    <section className="page profile" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.contact.heading")}</h1>
      <p>{t("pages.contact.intro")}</p>
      {contact.sent ? (
        <div className="notice" role="status">
          <p>{t("contact.sent", { email: contact.sent.email })}</p>
          <button type="button" className="button button--quiet" onClick={contact.sendAnother}>
            {t("contact.sendAnother")}
          </button>
        </div>
      ) : (
        <ContactMessageForm contact={contact} supportEmail={supportEmail} />
      )}
      <p className="muted">{t("contact.orEmail", { email: supportEmail })}</p>
    </section>
  );
}
