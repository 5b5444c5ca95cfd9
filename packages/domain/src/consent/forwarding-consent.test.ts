import { describe, expect, it } from "vitest";
import { type ForwardingSubject, forwardingDecision } from "./forwarding-consent.ts";

const parent = (overrides: Partial<NonNullable<ForwardingSubject>> = {}): ForwardingSubject => ({
  erasedAt: null,
  adSharingOptOutAt: null,
  mailingOptInCountry: false,
  adConsent: null,
  ...overrides,
});
const when = new Date("2026-11-22T10:00:00Z");

describe("forwarding consent", () => {
  it("sends to ad platforms outside opt-in countries unless the parent objected", () => {
    expect(forwardingDecision(parent(), "ad-platform")).toEqual({ send: true });
    expect(forwardingDecision(parent({ adConsent: "granted" }), "ad-platform")).toEqual({ send: true });
    expect(forwardingDecision(parent({ adConsent: "denied" }), "ad-platform")).toEqual({
      send: false,
      reason: "no-consent",
    });
  });

  it("needs a granted ad consent in opt-in countries", () => {
    expect(forwardingDecision(parent({ mailingOptInCountry: true }), "ad-platform")).toEqual({
      send: false,
      reason: "no-consent",
    });
    expect(forwardingDecision(parent({ mailingOptInCountry: true, adConsent: "denied" }), "ad-platform")).toEqual({
      send: false,
      reason: "no-consent",
    });
    expect(forwardingDecision(parent({ mailingOptInCountry: true, adConsent: "granted" }), "ad-platform")).toEqual({
      send: true,
    });
  });

  it("stops ad platforms after a do-not-sell opt-out, even with consent", () => {
    expect(forwardingDecision(parent({ adSharingOptOutAt: when, adConsent: "granted" }), "ad-platform")).toEqual({
      send: false,
      reason: "opted-out",
    });
  });

  it("lets product analytics through opt-outs and missing consent, but not erasure", () => {
    expect(
      forwardingDecision(parent({ adSharingOptOutAt: when, mailingOptInCountry: true }), "product-analytics"),
    ).toEqual({ send: true });
    expect(forwardingDecision(parent({ adConsent: "denied" }), "product-analytics")).toEqual({ send: true });
    expect(forwardingDecision(parent({ erasedAt: when }), "product-analytics")).toEqual({
      send: false,
      reason: "erased",
    });
  });

  it("sends nothing for an erased parent or a conversion without one", () => {
    expect(forwardingDecision(parent({ erasedAt: when, adConsent: "granted" }), "ad-platform")).toEqual({
      send: false,
      reason: "erased",
    });
    expect(forwardingDecision(null, "ad-platform")).toEqual({ send: false, reason: "erased" });
    expect(forwardingDecision(null, "product-analytics")).toEqual({ send: false, reason: "erased" });
  });
});
