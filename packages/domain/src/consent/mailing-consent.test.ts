import { describe, expect, it } from "vitest";
import { mailingPolicyFor, optInCountries } from "./mailing-consent.ts";

describe("mailing consent policy", () => {
  it("asks for opt-in across the EU, the EEA, the UK and Switzerland", () => {
    for (const country of ["de", "FR", "gb", "ch", "no", "is", "li", "se"]) {
      expect(mailingPolicyFor(country)).toMatchObject({ optIn: true, strictRules: true, autoConfirm: false });
    }
    expect(optInCountries.size).toBe(32);
  });

  it("starts consent on and confirms at once elsewhere, and when the country is unknown", () => {
    for (const country of ["us", "ca", "au", "mx", undefined]) {
      expect(mailingPolicyFor(country)).toMatchObject({ optIn: false, autoConfirm: true });
    }
  });

  it("flags California for the CCPA by name or code", () => {
    expect(mailingPolicyFor("us", "California").ccpa).toBe(true);
    expect(mailingPolicyFor("US", "CA").ccpa).toBe(true);
    expect(mailingPolicyFor("us", "New York").ccpa).toBe(false);
    expect(mailingPolicyFor("ca", "CA").ccpa).toBe(false);
  });
});
