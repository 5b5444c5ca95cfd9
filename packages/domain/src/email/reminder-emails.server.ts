import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { renderEmail } from "./email-layout.server.ts";
import type { MailAttachment, OutgoingMail } from "./mail.ts";

// The marketing reminders: to a parent who made a plan and did not start the trial (twice at
// most), and to one whose kit closed a week ago (once). Each carries the way out (unsubscribe).

type Reminder = {
  locale: Locale;
  to: string;
  kidName: string | null;
  /** The page the button opens: the offer, or the renewal, signed in by the parent's token. */
  url: string;
  supportEmail: string;
  unsubscribeUrl: string;
};

/** The first or second reminder about the plan; the first carries one of the child's own pages. */
export function renderCheckoutAbandonedEmail(
  input: Reminder & { number: 1 | 2; page?: MailAttachment | undefined },
): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const name = input.kidName?.trim() || t("purchase.yourChild");
  const mail = renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t(input.number === 1 ? "email.checkoutAbandoned.subject1" : "email.checkoutAbandoned.subject2", { name }),
    preheader: t("email.checkoutAbandoned.preheader"),
    paragraphs: [
      t(input.number === 1 ? "email.checkoutAbandoned.intro1" : "email.checkoutAbandoned.intro2", { name }),
      ...(input.page ? [t("email.checkoutAbandoned.attached")] : []),
      t("email.checkoutAbandoned.cancel"),
    ],
    link: {
      label: t("email.checkoutAbandoned.button"),
      url: input.url,
      fallback: t("email.welcome.linkFallback"),
      after: [t("email.welcome.signature")],
    },
    footer: t("email.checkoutAbandoned.footer", { email: input.supportEmail }),
    unsubscribe: { label: t("email.unsubscribe"), url: input.unsubscribeUrl },
  });
  return input.page ? { ...mail, attachments: [input.page] } : mail;
}

/** A week after the kit closed: what is still waiting, and the way back. */
export function renderWinBackEmail(input: Reminder): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const name = input.kidName?.trim() || t("purchase.yourChild");
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t("email.winBack.subject", { name }),
    preheader: t("email.winBack.preheader"),
    paragraphs: [t("email.winBack.intro", { name }), t("email.winBack.offer")],
    link: {
      label: t("email.winBack.button"),
      url: input.url,
      fallback: t("email.welcome.linkFallback"),
      after: [t("email.welcome.signature")],
    },
    footer: t("email.winBack.footer", { email: input.supportEmail }),
    unsubscribe: { label: t("email.unsubscribe"), url: input.unsubscribeUrl },
  });
}
