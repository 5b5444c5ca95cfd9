import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { renderEmail } from "./email-layout.server.ts";
import type { OutgoingMail } from "./mail.ts";

// Emails about the parent's account: the sign-in link asked for on a new device, and the last
// email, confirming their data was deleted.

export function renderAccessLinkEmail(input: {
  locale: Locale;
  to: string;
  signInUrl: string;
  minutes: number;
  supportEmail: string;
}): OutgoingMail {
  const { t } = serverI18n(input.locale);
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t("email.accessLink.subject"),
    preheader: t("email.accessLink.preheader", { count: input.minutes }),
    paragraphs: [t("email.welcome.greeting"), t("email.accessLink.body", { count: input.minutes })],
    link: {
      label: t("email.accessLink.button"),
      url: input.signInUrl,
      fallback: t("email.welcome.linkFallback"),
      after: [t("email.accessLink.ignore"), t("email.welcome.signature")],
    },
    footer: t("email.accessLink.footer", { email: input.supportEmail }),
  });
}

/** Sent once the data is gone: it names nobody and links to nothing personal. */
export function renderDataErasedEmail(input: { locale: Locale; to: string; supportEmail: string }): OutgoingMail {
  const { t } = serverI18n(input.locale);
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t("email.erased.subject"),
    preheader: t("email.erased.preheader"),
    paragraphs: [
      t("email.welcome.greeting"),
      t("email.erased.body"),
      t("email.erased.kept"),
      t("email.erased.last"),
      t("email.welcome.signature"),
    ],
    footer: t("email.erased.footer", { email: input.supportEmail }),
  });
}
