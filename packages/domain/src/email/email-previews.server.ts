import type { Locale } from "@kinderready/i18n/locales";
import { renderAccessLinkEmail } from "./account-emails.server.ts";
import type { EmailKindId } from "./email-kinds.ts";
import type { OutgoingMail } from "./mail.ts";
import { renderOperatorLinkEmail } from "./operator-sign-in-email.server.ts";
import { renderReceiptEmail } from "./receipt-email.server.ts";
import { renderCheckoutAbandonedEmail, renderWinBackEmail } from "./reminder-emails.server.ts";
import { renderReviewRequestEmail } from "./review-request-email.server.ts";
import {
  renderCancellationConfirmedEmail,
  renderPauseEndingEmail,
  renderPauseStartedEmail,
  renderPaymentFailedEmail,
  renderRenewalUpcomingEmail,
  renderTrialEndingEmail,
} from "./subscription-emails.server.ts";
import { supportRequestMail } from "./support-request-email.server.ts";
import { renderWelcomeEmail } from "./welcome-email.server.ts";

// Every kind of email as a parent (or the support team, or an operator) receives it, drawn with
// sample data: what the console's emails page shows. One entry per kind: a kind added without its
// preview does not compile.

const site = "https://kinderready.app";
const day = 24 * 60 * 60 * 1000;
const at = new Date("2026-12-07T10:00:00Z");
const later = (days: number) => new Date(at.getTime() + days * day);
const to = "parent@example.com";
const supportEmail = "support@kinderready.app";
const link = (path: string) => `${site}${path}?token=sample`;
const terms = (locale: Locale) => ({
  renewalAmount: 2999,
  currency: locale === "en" ? "USD" : locale === "pt" ? "USD" : "EUR",
  periodDays: 30,
});
const kidName = (locale: Locale) => (locale === "ar" ? "ليلى" : locale === "ru" ? "Маша" : "Emma");
const notice = (locale: Locale, chargeAt: Date) => ({
  locale,
  to,
  terms: terms(locale),
  chargeAt,
  cancelBy: new Date(chargeAt.getTime() - day),
  siteHost: "kinderready.app",
  subscriptionUrl: link("/profile/subscription/"),
  cancelPageUrl: `${site}/cancel/`,
  supportEmail,
});

const previews: { [Id in EmailKindId]: (locale: Locale) => OutgoingMail | undefined } = {
  welcome: (locale) =>
    renderWelcomeEmail({ locale, to, kidName: kidName(locale), confirmUrl: link("/purchase/"), supportEmail }),
  receipt: (locale) =>
    renderReceiptEmail({
      locale,
      to,
      orderId: "kr_0123456789abcdef",
      amount: 199,
      currency: terms(locale).currency,
      paidAt: at,
      immediateAccessConsentAt: locale === "en" ? null : at,
      subscription: { trialDays: 3, renewalAmount: 2999, periodDays: 30, nextChargeAt: later(3) },
      siteHost: "kinderready.app",
      profileUrl: link("/profile/"),
      cancelPageUrl: `${site}/cancel/`,
      supportEmail,
    }),
  "access-link": (locale) =>
    renderAccessLinkEmail({ locale, to, signInUrl: `${site}/profile/?access=sample`, minutes: 30, supportEmail }),
  "operator-sign-in": (locale) =>
    renderOperatorLinkEmail({
      args: [locale, "00000000-0000-4000-8000-000000000000"],
      to: "operator@example.com",
      appUrl: site,
      accessLinkSecret: "a-sample-secret-only-for-previews",
    }),
  support: () =>
    supportRequestMail(
      { name: "Ana", email: to, locale: "pt", userId: null, message: "Can I print the worksheets in A4?" },
      supportEmail,
    ),
  "review-request": (locale) =>
    renderReviewRequestEmail({
      locale,
      to,
      kidName: kidName(locale),
      reviewUrl: link("/printables/"),
      supportEmail,
      unsubscribeUrl: `${site}/unsubscribe/?u=sample`,
    }),
  "trial-ending": (locale) => renderTrialEndingEmail({ ...notice(locale, later(3)), trialDays: 3 }),
  "renewal-upcoming": (locale) => renderRenewalUpcomingEmail(notice(locale, later(30))),
  "payment-failed": (locale) =>
    renderPaymentFailedEmail({
      locale,
      to,
      amount: 2999,
      currency: terms(locale).currency,
      failedAt: at,
      retryAt: later(3),
      subscriptionUrl: link("/profile/subscription/"),
      supportEmail,
    }),
  "cancellation-confirmed": (locale) =>
    renderCancellationConfirmedEmail({
      locale,
      to,
      terms: terms(locale),
      receivedAt: at,
      endsAt: later(20),
      chargedUntilEnd: false,
      canUndo: true,
      subscriptionUrl: link("/profile/subscription/"),
      supportEmail,
    }),
  "pause-started": (locale) =>
    renderPauseStartedEmail({ ...notice(locale, later(63)), from: later(3), resumesAt: later(63) }),
  "pause-ending": (locale) => renderPauseEndingEmail(notice(locale, later(63))),
  "checkout-abandoned": (locale) =>
    renderCheckoutAbandonedEmail({
      locale,
      to,
      kidName: kidName(locale),
      number: 1,
      url: `${link("/purchase/")}&offer=1`,
      supportEmail,
      unsubscribeUrl: `${site}/unsubscribe/?u=sample`,
    }),
  "win-back": (locale) =>
    renderWinBackEmail({
      locale,
      to,
      kidName: kidName(locale),
      url: link("/purchase/"),
      supportEmail,
      unsubscribeUrl: `${site}/unsubscribe/?u=sample`,
    }),
};

/** A kind's email in a language, drawn with sample data. */
export function previewEmail(id: EmailKindId, locale: Locale): OutgoingMail | undefined {
  return previews[id](locale);
}
