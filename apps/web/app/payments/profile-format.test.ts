import { describe, expect, it } from "vitest";
import { formatDate, formatMinor } from "./profile-format.ts";

describe("profile formatting", () => {
  it("writes dates in the page's language, in UTC", () => {
    expect(formatDate("2026-11-25T23:30:00Z", "en")).toBe("November 25, 2026");
    expect(formatDate("2026-11-25T23:30:00Z", "de")).toBe("25. November 2026");
  });

  it("writes minor units with the offer's currency symbol", () => {
    expect(formatMinor(2999, "USD", "en")).toBe("$29.99");
    expect(formatMinor(2999, "EUR", "fr")).toBe("29,99\u00a0€");
    expect(formatMinor(2499, "GBP", "en")).toBe("£24.99");
  });
});
