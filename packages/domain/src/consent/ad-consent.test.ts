import { describe, expect, it } from "vitest";
import { adConsentRequired, adsAllowed } from "./ad-consent.ts";

describe("ad consent", () => {
  it("is asked for first in the EU, the EEA, the UK and Switzerland only", () => {
    expect(["de", "FR", "gb", "ch", "no"].map(adConsentRequired)).toEqual([true, true, true, true, true]);
    expect(["us", "mx", "ae"].map(adConsentRequired)).toEqual([false, false, false]);
  });

  it("allows ads only with consent where it is required, never after an opt-out", () => {
    expect(adsAllowed({ consentRequired: true, consent: undefined, optedOut: false })).toBe(false);
    expect(adsAllowed({ consentRequired: true, consent: "denied", optedOut: false })).toBe(false);
    expect(adsAllowed({ consentRequired: true, consent: "granted", optedOut: false })).toBe(true);
    expect(adsAllowed({ consentRequired: false, consent: undefined, optedOut: false })).toBe(true);
    expect(adsAllowed({ consentRequired: false, consent: "denied", optedOut: false })).toBe(false);
    expect(adsAllowed({ consentRequired: false, consent: "granted", optedOut: true })).toBe(false);
  });
});
