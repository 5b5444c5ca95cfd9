import { describe, expect, it } from "vitest";
import { renderReceiptEmail } from "./receipt-email.server.ts";

const base = (locale: "en" | "ar" | "de") => ({
  locale,
  to: "parent@example.com",
  orderId: "kr_0123456789abcdef",
  amount: 199,
  currency: "USD",
  paidAt: new Date("2026-11-22T10:00:00Z"),
  immediateAccessConsentAt: null,
  siteHost: "kit.example",
  profileUrl: "https://kit.example/profile/?token=abc",
  cancelPageUrl: "https://kit.example/cancel/",
  supportEmail: "support@kit.example",
});

const receipt = (locale: "en" | "ar" | "de", trialDays: number | null) =>
  renderReceiptEmail({
    ...base(locale),
    currency: locale === "de" ? "EUR" : "USD",
    subscription: { trialDays, renewalAmount: 2999, periodDays: 30, nextChargeAt: new Date("2026-11-25T10:00:00Z") },
  });

describe("receipt email", () => {
  it("states the amount, the date, the merchant, the first charge and how to cancel", () => {
    const mail = receipt("en", 3);
    expect(mail.subject).toBe("Your KinderReady receipt");
    expect(mail.text).toContain("Amount paid: $1.99");
    expect(mail.text).toContain("Date: November 22, 2026");
    expect(mail.text).toContain("Merchant: KinderReady (kit.example)");
    expect(mail.text).toContain("Order number: kr_0123456789abcdef");
    expect(mail.text).toContain("Your 3-day trial has started");
    expect(mail.text).toContain("your first charge of $29.99 is on November 25, 2026, then $29.99 every 30 days");
    expect(mail.text).toContain("To cancel, open your profile");
    expect(mail.text).toContain("Cancel without signing in: https://kit.example/cancel/");
    expect(mail.html).toContain('href="https://kit.example/profile/?token=abc"');
  });

  it("says nothing of cancelling a one-time purchase or a subscription that no longer renews", () => {
    const pack = renderReceiptEmail({ ...base("en"), subscription: undefined });
    expect(pack.text).toContain("Merchant: KinderReady");
    expect(pack.text).not.toMatch(/cancel/i);
    const ended = renderReceiptEmail({
      ...base("en"),
      subscription: { trialDays: null, renewalAmount: 2999, periodDays: 30, nextChargeAt: null },
    });
    expect(ended.text).not.toContain("next charge");
  });

  it("uses the renewal wording after the trial, local money formats and right to left in Arabic", () => {
    expect(receipt("de", null).text).toMatch(/29,99\s€/);
    expect(receipt("de", null).text).toMatch(/Die nächste Abbuchung über 29,99\s€ erfolgt am/);
    const arabic = receipt("ar", 3);
    expect(arabic.html).toContain('dir="rtl"');
    expect(arabic.subject).toBe("إيصال الدفع من KinderReady");
  });

  it("confirms the consent to access at once and the lost right of withdrawal, only when it was given", () => {
    const consented = renderReceiptEmail({
      ...base("de"),
      currency: "EUR",
      immediateAccessConsentAt: new Date("2026-11-22T09:58:00Z"),
    });
    expect(consented.text).toContain(
      "Bei Ihrer Bestellung am 22. November 2026 haben Sie ausdrücklich verlangt, dass der Zugang zum Set sofort beginnt, und bestätigt, dass Ihr Widerrufsrecht damit erlischt.",
    );
    expect(consented.html).toContain("Widerrufsrecht damit erlischt");
    expect(receipt("de", 3).text).not.toContain("Widerrufsrecht");
    expect(receipt("en", 3).text).not.toContain("withdrawal");
  });
});
