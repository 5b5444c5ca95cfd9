import { dateTimeFormat, numberFormat } from "@kinderready/i18n/intl-locale";
import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { renderEmail } from "./email-layout.server.ts";
import type { OutgoingMail } from "./mail.ts";

/** A receipt for one approved charge, with the subscription terms that follow from it. */
export function renderReceiptEmail(input: {
  locale: Locale;
  to: string;
  orderId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  paidAt: Date;
  /** Set for a subscription: the trial just started (trialDays) or a renewal was paid. */
  subscription?: { trialDays: number | null; renewalAmount: number; periodDays: number } | undefined;
  profileUrl: string;
  supportEmail: string;
}): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const money = (minor: number) =>
    numberFormat(input.locale, { style: "currency", currency: input.currency }).format(minor / 100);
  const date = dateTimeFormat(input.locale, { dateStyle: "long", timeZone: "UTC" }).format(input.paidAt);
  const { subscription } = input;
  const terms = subscription
    ? [
        subscription.trialDays
          ? t("email.receipt.trialTerms", {
              days: subscription.trialDays,
              renewal: money(subscription.renewalAmount),
              period: subscription.periodDays,
            })
          : t("email.receipt.renewalTerms", {
              renewal: money(subscription.renewalAmount),
              period: subscription.periodDays,
            }),
      ]
    : [];
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t("email.receipt.subject"),
    preheader: t("email.receipt.intro"),
    paragraphs: [
      t("email.receipt.intro"),
      t("email.receipt.amount", { amount: money(input.amount) }),
      t("email.receipt.date", { date }),
      t("email.receipt.order", { orderId: input.orderId }),
      ...terms,
      t("email.receipt.manage"),
    ],
    link: {
      label: t("email.receipt.profileButton"),
      url: input.profileUrl,
      fallback: t("email.welcome.linkFallback"),
      after: [t("email.welcome.signature")],
    },
    footer: t("email.footer", { email: input.supportEmail }),
  });
}
