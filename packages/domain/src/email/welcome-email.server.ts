import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { renderEmail } from "./email-layout.server.ts";
import type { MailAttachment, OutgoingMail } from "./mail.ts";

/**
 * The welcome email with the confirmation link, in the parent's language; with the child's first
 * worksheet attached when it could be drawn (the text names it only then).
 */
export function renderWelcomeEmail(input: {
  locale: Locale;
  to: string;
  kidName: string;
  confirmUrl: string;
  supportEmail: string;
  firstPage?: MailAttachment | undefined;
}): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const name = input.kidName;
  const mail = renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t("email.welcome.subject", { name }),
    preheader: t("email.welcome.preheader"),
    paragraphs: [
      t("email.welcome.greeting"),
      t("email.welcome.body", { name }),
      ...(input.firstPage ? [t("email.welcome.firstPage", { name })] : []),
      t("email.welcome.confirmIntro"),
    ],
    link: {
      label: t("email.welcome.confirmButton"),
      url: input.confirmUrl,
      fallback: t("email.welcome.linkFallback"),
      after: [t("email.welcome.ignore"), t("email.welcome.signature")],
    },
    footer: t("email.footer", { email: input.supportEmail }),
  });
  return input.firstPage ? { ...mail, attachments: [input.firstPage] } : mail;
}
