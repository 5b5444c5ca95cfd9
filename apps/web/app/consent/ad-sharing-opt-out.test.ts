import { describe, expect, it } from "vitest";
import { adSharingOptOut, adSharingOptOutSetCookie } from "./ad-sharing-opt-out.ts";

describe("the do-not-sell opt-out", () => {
  it("is on with the cookie, and with a Global Privacy Control signal", () => {
    expect(adSharingOptOut({ cookieHeader: null, gpcHeader: null })).toBe("none");
    expect(adSharingOptOut({ cookieHeader: "a=b; kr_do_not_share=1", gpcHeader: null })).toBe("opted-out");
    expect(adSharingOptOut({ cookieHeader: "kr_do_not_share=0", gpcHeader: "0" })).toBe("none");
    expect(adSharingOptOut({ cookieHeader: null, gpcHeader: "1" })).toBe("gpc");
  });

  it("keeps the choice for a year, secure in production", () => {
    expect(adSharingOptOutSetCookie(true)).toBe("kr_do_not_share=1; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(adSharingOptOutSetCookie(false)).not.toContain("Secure");
  });
});
