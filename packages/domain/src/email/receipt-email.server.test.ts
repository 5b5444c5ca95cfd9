import { describe, expect, it } from "vitest";
import { renderReceiptEmail } from "./receipt-email.server.ts";

const receipt = (locale: "en" | "ar" | "de", trialDays: number | null) =>
  renderReceiptEmail({
    locale,
    to: "parent@example.com",
    orderId: "kr_0123456789abcdef",
    amount: 199,
    currency: locale === "de" ? "EUR" : "USD",
    paidAt: new Date("2026-11-22T10:00:00Z"),
    subscription: { trialDays, renewalAmount: 2999, periodDays: 30 },
    profileUrl: "https://kit.example/profile/?token=abc",
    supportEmail: "support@kit.example",
  });

describe("receipt email", () => {
  it("states the amount, date, order and the trial's renewal terms", () => {
    const mail = receipt("en", 3);
    expect(mail.subject).toBe("Your KinderReady receipt");
    expect(mail.text).toContain("Amount paid: $1.99");
    expect(mail.text).toContain("Date: November 22, 2026");
    expect(mail.text).toContain("Order number: kr_0123456789abcdef");
    expect(mail.text).toContain("Your 3-day trial has started");
    expect(mail.text).toContain("$29.99 every 30 days");
    expect(mail.html).toContain('href="https://kit.example/profile/?token=abc"');
  });

  it("uses the renewal wording after the trial, local money formats and right to left in Arabic", () => {
    expect(receipt("de", null).text).toMatch(/29,99\s€/);
    expect(receipt("de", null).text).toContain("verlängert sich");
    const arabic = receipt("ar", 3);
    expect(arabic.html).toContain('dir="rtl"');
    expect(arabic.subject).toBe("إيصال الدفع من KinderReady");
  });
});
