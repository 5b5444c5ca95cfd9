import { describe, expect, it } from "vitest";
import { formatDuration, formatMoney, formatShare } from "./console-format.ts";

describe("console formats", () => {
  it("writes durations in minutes, hours or days", () => {
    expect(formatDuration("en", 600)).toBe("10 minutes");
    expect(formatDuration("en", 5_400)).toBe("90 minutes");
    expect(formatDuration("en", 9_000)).toBe("2.5 hours");
    expect(formatDuration("en", 259_200)).toBe("3 days");
    expect(formatDuration("en", null)).toBe("—");
  });

  it("writes shares as percentages in the operator's language", () => {
    expect(formatShare("en", 0.6667)).toBe("66.7%");
    expect(formatShare("de", 0.5)).toBe("50\u00a0%");
    expect(formatShare("en", null)).toBe("—");
  });

  it("writes money from minor units in its own currency", () => {
    expect(formatMoney("en", 129_900, "USD")).toBe("$1,299.00");
    expect(formatMoney("de", 129_900, "EUR")).toBe("1.299,00\u00a0€");
    expect(formatMoney("en", -499, "GBP")).toBe("-£4.99");
  });
});
