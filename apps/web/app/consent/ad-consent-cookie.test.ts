import { describe, expect, it } from "vitest";
import { readAdConsent } from "./ad-consent-cookie.ts";

describe("the ad-consent cookie", () => {
  it("reads the banner's choice and nothing else", () => {
    expect(readAdConsent("a=1; kr_ad_consent=granted")).toBe("granted");
    expect(readAdConsent("kr_ad_consent=denied")).toBe("denied");
    expect(readAdConsent("kr_ad_consent=yes")).toBeUndefined();
    expect(readAdConsent(undefined)).toBeUndefined();
  });
});
