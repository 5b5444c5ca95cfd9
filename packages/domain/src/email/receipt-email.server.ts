import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { renderEmail } from "./email-layout.server.ts";
import type { OutgoingMail } from "./mail.ts";
import { formatDay, formatMoney, merchantName } from "./subscription-emails.server.ts";

/**
 * A receipt for one approved charge: the amount, the date, the merchant, and for a subscription
 * the next charge and how to cancel it. Where the parent waived the right of withdrawal to get the
 * kit at once, the receipt confirms it: the law asks for that confirmation on a durable medium.
 */
export function renderReceiptEmail(input: {
  locale: Locale;
  to: string;
  orderId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  paidAt: Date;
  /** When the parent asked for access at once and acknowledged losing the right of withdrawal; null where not asked. */
  immediateAccessConsentAt: Date | null;
  /**
   * Set for a subscription: the trial just started (trialDays) or a renewal was paid; the next
   * charge is null once the subscription no longer renews.
   */
  subscription?:
    | { trialDays: number | null; renewalAmount: number; periodDays: number; nextChargeAt: Date | null }
    | undefined;
  siteHost: string;
  profileUrl: string;
  cancelPageUrl: string;
  supportEmail: string;
}): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const money = (minor: number) => formatMoney(input.locale, input.currency, minor);
  const { subscription } = input;
  const next = subscription?.nextChargeAt ? formatDay(input.locale, subscription.nextChargeAt) : undefined;
  const terms =
    subscription && next
      ? [
          subscription.trialDays
            ? t("email.receipt.trialTerms", {
                count: subscription.trialDays,
                date: next,
                renewal: money(subscription.renewalAmount),
                every: t("purchase.everyDays", { count: subscription.periodDays }),
              })
            : t("email.receipt.renewalTerms", {
                date: next,
                renewal: money(subscription.renewalAmount),
                count: subscription.periodDays,
              }),
          t("email.receipt.cancelHow", { site: input.siteHost }),
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
      t("email.receipt.date", { date: formatDay(input.locale, input.paidAt) }),
      t("email.merchant", { merchant: merchantName, site: input.siteHost }),
      t("email.receipt.order", { orderId: input.orderId }),
      ...terms,
      ...(input.immediateAccessConsentAt
        ? [t("email.receipt.immediateAccess", { date: formatDay(input.locale, input.immediateAccessConsentAt) })]
        : []),
    ],
    link: {
      label: t("email.receipt.profileButton"),
      url: input.profileUrl,
      fallback: t("email.welcome.linkFallback"),
      after: [
        ...(terms.length ? [t("email.cancelPage", { url: input.cancelPageUrl })] : []),
        t("email.welcome.signature"),
      ],
    },
    footer: t("email.serviceFooter", { email: input.supportEmail }),
  });
}
