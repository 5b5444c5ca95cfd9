import { dateTimeFormat, formatPrice } from "@kinderready/i18n/intl-locale";
import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { renderEmail } from "./email-layout.server.ts";
import type { OutgoingMail } from "./mail.ts";

// The service mails of a subscription's life after the sale: the notice before the trial turns
// into the first charge, and the confirmation of a cancellation. Both name the amount, the dates
// and the merchant, and say how to cancel (or take a cancellation back) in plain words.

/** The name the parent bought from, as every notice and receipt states it. */
export const merchantName = "KinderReady";

/** The subscription's terms as the mails state them. Amounts in minor units. */
export type SubscriptionTerms = { renewalAmount: number; currency: string; periodDays: number };

export const formatMoney = (locale: Locale, currency: string, minor: number) =>
  formatPrice(locale, currency, minor / 100);
export const formatDay = (locale: Locale, date: Date) =>
  dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date);
/** A moment to the minute, with its time zone named: the law asks for the time a cancellation was received. */
export const formatMoment = (locale: Locale, date: Date) =>
  dateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date).concat(" UTC");

type ChargeNotice = {
  locale: Locale;
  to: string;
  terms: SubscriptionTerms;
  chargeAt: Date;
  /** The terms ask parents to cancel at least a day before the trial or the period ends. */
  cancelBy: Date;
  siteHost: string;
  subscriptionUrl: string;
  cancelPageUrl: string;
  supportEmail: string;
};

/**
 * Sent before the trial turns into the first full charge, early enough to act on: the amount,
 * the date, the merchant, and how to cancel (in the profile, or on the public cancel page).
 */
export function renderTrialEndingEmail(input: ChargeNotice & { trialDays: number }): OutgoingMail {
  return renderChargeNotice(input, "email.trialEnding", { count: input.trialDays });
}

/** Sent before each renewal, as before the first charge: what, when, who, and how to stop it. */
export function renderRenewalUpcomingEmail(input: ChargeNotice): OutgoingMail {
  return renderChargeNotice(input, "email.renewalUpcoming", {});
}

/** Sent before a pause ends and billing resumes, as before any charge: what, when, who, and how to stop it. */
export function renderPauseEndingEmail(input: ChargeNotice): OutgoingMail {
  return renderChargeNotice(input, "email.pauseEnding", {});
}

/**
 * Sent when the parent pauses: when the pause begins (the kit stays open until then) and ends,
 * that nothing is charged meanwhile, what is charged when it ends and when, and how to resume
 * sooner or cancel.
 */
export function renderPauseStartedEmail(input: {
  locale: Locale;
  to: string;
  terms: SubscriptionTerms;
  from: Date;
  resumesAt: Date;
  siteHost: string;
  subscriptionUrl: string;
  cancelPageUrl: string;
  supportEmail: string;
}): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const from = formatDay(input.locale, input.from);
  const until = formatDay(input.locale, input.resumesAt);
  const amount = formatMoney(input.locale, input.terms.currency, input.terms.renewalAmount);
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t("email.pauseStarted.subject", { date: until }),
    preheader: t("email.pauseStarted.preheader", { date: until }),
    paragraphs: [
      t("email.pauseStarted.intro", { from, until }),
      t("email.pauseStarted.access", { date: from }),
      t("email.pauseStarted.charge", { date: until, amount, count: input.terms.periodDays, merchant: merchantName }),
      t("email.merchant", { merchant: merchantName, site: input.siteHost }),
      t("email.pauseStarted.change", { site: input.siteHost }),
    ],
    link: manageLink(input.locale, input),
    footer: t("email.serviceFooter", { email: input.supportEmail }),
  });
}

/** The way to the subscription page, then to the cancel page that needs no sign-in. */
function manageLink(locale: Locale, urls: { subscriptionUrl: string; cancelPageUrl: string }) {
  const { t } = serverI18n(locale);
  return {
    label: t("email.manageSubscription"),
    url: urls.subscriptionUrl,
    fallback: t("email.welcome.linkFallback"),
    after: [t("email.cancelPage", { url: urls.cancelPageUrl }), t("email.welcome.signature")],
  };
}

function renderChargeNotice(
  input: ChargeNotice,
  texts: "email.trialEnding" | "email.renewalUpcoming" | "email.pauseEnding",
  introValues: Record<string, number>,
): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const amount = formatMoney(input.locale, input.terms.currency, input.terms.renewalAmount);
  const chargeDate = formatDay(input.locale, input.chargeAt);
  const cancelBy = formatMoment(input.locale, input.cancelBy);
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t(`${texts}.subject`, { date: chargeDate }),
    preheader: t(`${texts}.preheader`, { date: cancelBy }),
    paragraphs: [
      t(`${texts}.intro`, { ...introValues, date: chargeDate }),
      t(`${texts}.charge`, { date: chargeDate, amount, count: input.terms.periodDays, merchant: merchantName }),
      t("email.merchant", { merchant: merchantName, site: input.siteHost }),
      t(`${texts}.keep`),
      t(`${texts}.cancel`, { date: cancelBy, site: input.siteHost }),
    ],
    link: manageLink(input.locale, input),
    footer: t("email.serviceFooter", { email: input.supportEmail }),
  });
}

/** Sent when a renewal is declined: what failed, then the next try or the end of the subscription. */
export function renderPaymentFailedEmail(input: {
  locale: Locale;
  to: string;
  amount: number;
  currency: string;
  failedAt: Date;
  /** The next attempt; null when the subscription has ended. */
  retryAt: Date | null;
  subscriptionUrl: string;
  supportEmail: string;
}): OutgoingMail {
  const { t } = serverI18n(input.locale);
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t("email.paymentFailed.subject"),
    preheader: t("email.paymentFailed.preheader"),
    paragraphs: [
      t("email.paymentFailed.intro", {
        amount: formatMoney(input.locale, input.currency, input.amount),
        date: formatDay(input.locale, input.failedAt),
      }),
      input.retryAt
        ? t("email.paymentFailed.retry", { date: formatDay(input.locale, input.retryAt) })
        : t("email.paymentFailed.ended"),
    ],
    link: {
      label: t("email.paymentFailed.button"),
      url: input.subscriptionUrl,
      fallback: t("email.welcome.linkFallback"),
      after: [t("email.paymentFailed.otherCard", { email: input.supportEmail }), t("email.welcome.signature")],
    },
    footer: t("email.serviceFooter", { email: input.supportEmail }),
  });
}

/**
 * Sent at once when a subscription is cancelled, however it was: the time the cancellation was
 * received, when the subscription ends and whether anything is still charged until then, and a
 * link to take it back (which asks the parent to sign in, since anyone may cancel by address).
 */
export function renderCancellationConfirmedEmail(input: {
  locale: Locale;
  to: string;
  terms: SubscriptionTerms;
  receivedAt: Date;
  endsAt: Date;
  /** Renewals go on until a later end the parent asked for. */
  chargedUntilEnd: boolean;
  /** Whether the subscription may still be kept (it has not ended yet). */
  canUndo: boolean;
  subscriptionUrl: string;
  supportEmail: string;
}): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const end = formatDay(input.locale, input.endsAt);
  const amount = formatMoney(input.locale, input.terms.currency, input.terms.renewalAmount);
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: t("email.cancelled.subject"),
    preheader: t("email.cancelled.preheader", { date: end }),
    paragraphs: [
      t("email.cancelled.received", { moment: formatMoment(input.locale, input.receivedAt) }),
      t("email.cancelled.contract", {
        merchant: merchantName,
        amount,
        count: input.terms.periodDays,
        email: input.to,
      }),
      input.chargedUntilEnd ? t("email.cancelled.endsLater", { date: end }) : t("email.cancelled.ends", { date: end }),
      input.canUndo ? t("email.cancelled.undo") : t("email.cancelled.notYouEnded", { email: input.supportEmail }),
    ],
    ...(input.canUndo && {
      link: {
        label: t("email.cancelled.button"),
        url: input.subscriptionUrl,
        fallback: t("email.welcome.linkFallback"),
        after: [t("email.cancelled.notYou", { email: input.supportEmail }), t("email.welcome.signature")],
      },
    }),
    footer: t("email.serviceFooter", { email: input.supportEmail }),
  });
}
