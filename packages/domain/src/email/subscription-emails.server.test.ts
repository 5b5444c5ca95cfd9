import { type Locale, localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import {
  renderCancellationConfirmedEmail,
  renderPaymentFailedEmail,
  renderRenewalUpcomingEmail,
  renderTrialEndingEmail,
} from "./subscription-emails.server.ts";

// The notice before the first charge and the cancellation's confirmation, in every language:
// each says who charges what and when, and how to leave or stay, with no key left untranslated.

const terms = { renewalAmount: 2999, currency: "EUR", periodDays: 30 };
const notice = (locale: Locale) => ({
  locale,
  to: "parent@example.com",
  terms,
  chargeAt: new Date("2026-11-25T10:00:00Z"),
  cancelBy: new Date("2026-11-24T10:00:00Z"),
  siteHost: "kit.example",
  subscriptionUrl: "https://kit.example/profile/subscription/?token=abc",
  cancelPageUrl: "https://kit.example/cancel/",
  supportEmail: "support@kit.example",
});
const trialEnding = (locale: Locale) => renderTrialEndingEmail({ ...notice(locale), trialDays: 3 });
const renewalUpcoming = (locale: Locale) => renderRenewalUpcomingEmail(notice(locale));
const paymentFailed = (locale: Locale, retryAt: Date | null) =>
  renderPaymentFailedEmail({
    locale,
    to: "parent@example.com",
    amount: 2999,
    currency: "EUR",
    failedAt: new Date("2026-11-25T10:00:00Z"),
    retryAt,
    subscriptionUrl: "https://kit.example/profile/subscription/?token=abc",
    supportEmail: "support@kit.example",
  });
const confirmation = (locale: Locale, options: { chargedUntilEnd: boolean; canUndo: boolean }) =>
  renderCancellationConfirmedEmail({
    locale,
    to: "parent@example.com",
    terms,
    receivedAt: new Date("2026-11-23T08:15:00Z"),
    endsAt: new Date("2026-11-25T10:00:00Z"),
    subscriptionUrl: "https://kit.example/profile/subscription/?token=abc",
    supportEmail: "support@kit.example",
    ...options,
  });
const rawKey = /\b(?:email|legalCancel)\.[a-zA-Z]+|\{\{/;

describe("the emails about a subscription", () => {
  it.each(localeCodes)("are written out in %s, right to left in Arabic", (locale) => {
    const mails = [
      trialEnding(locale),
      confirmation(locale, { chargedUntilEnd: false, canUndo: true }),
      confirmation(locale, { chargedUntilEnd: true, canUndo: false }),
      renewalUpcoming(locale),
      paymentFailed(locale, new Date("2026-11-28T10:00:00Z")),
      paymentFailed(locale, null),
    ];
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(rawKey);
      expect(mail.html).toContain(locale === "ar" ? 'dir="rtl"' : 'dir="ltr"');
      expect(mail.text).toContain("KinderReady");
      expect(mail.text).toMatch(/29[,.]99/);
    }
    expect(mails[0]?.text).toContain("https://kit.example/cancel/");
    expect(mails[3]?.text).toContain("https://kit.example/cancel/");
    expect(mails[1]?.html).toContain('href="https://kit.example/profile/subscription/?token=abc"');
    expect(mails[2]?.html).not.toContain("/profile/subscription/");
  });

  it("names the charge, its date, the cancel deadline and the merchant before the trial ends", () => {
    const { subject, text } = trialEnding("en");
    expect(subject).toBe("Your trial ends on November 25, 2026: what happens next");
    expect(text).toContain("On November 25, 2026, KinderReady will charge €29.99 to your card, then €29.99 every 30");
    expect(text).toContain("Cancel before November 24, 2026");
    expect(text).toContain("Merchant: KinderReady (kit.example)");
  });

  it("names the renewal's charge and date, and the cancel deadline, before each renewal", () => {
    const { subject, text } = renewalUpcoming("en");
    expect(subject).toBe("Your next KinderReady payment is on November 25, 2026");
    expect(text).toContain("On November 25, 2026, KinderReady will charge €29.99 to your card for the next 30 days");
    expect(text).toContain("Cancel before November 24, 2026");
  });

  it("says when the cancellation was received, when it ends and whether payments go on until then", () => {
    const now = confirmation("en", { chargedUntilEnd: false, canUndo: true }).text;
    expect(now).toContain("We received your cancellation on November 23, 2026 at 8:15 AM UTC.");
    expect(now).toContain("Your subscription ends on November 25, 2026. No further payments will be taken");
    const later = confirmation("en", { chargedUntilEnd: true, canUndo: true }).text;
    expect(later).toContain("Until then it continues as usual");
    const ended = confirmation("en", { chargedUntilEnd: false, canUndo: false }).text;
    expect(ended).toContain("Didn't cancel? Write to us at support@kit.example");
    expect(ended).not.toContain("Keep my subscription");
  });
});
