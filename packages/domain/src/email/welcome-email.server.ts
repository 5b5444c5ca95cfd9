import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { renderEmail } from "./email-layout.server.ts";
import type { OutgoingMail } from "./mail.ts";

/** The welcome email with the confirmation link, in the parent's language. */
export function renderWelcomeEmail(input: {
  locale: Locale;
  to: string;
  kidName: string;
  confirmUrl: string;
  supportEmail: string;
}): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const name = input.kidName;
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t("email.welcome.subject", { name }),
    preheader: t("email.welcome.preheader"),
    paragraphs: [t("email.welcome.greeting"), t("email.welcome.body", { name }), t("email.welcome.confirmIntro")],
    link: {
      label: t("email.welcome.confirmButton"),
      url: input.confirmUrl,
      fallback: t("email.welcome.linkFallback"),
      after: [t("email.welcome.ignore"), t("email.welcome.signature")],
    },
    footer: t("email.footer", { email: input.supportEmail }),
  });
}
