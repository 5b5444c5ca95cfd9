import { describe, expect, it } from "vitest";
import { dayRange, funnelFiltersSchema, recentDays } from "./report-filters.ts";

describe("report filters", () => {
  it("reads filters from a query, naming the field of a bad value", () => {
    expect(funnelFiltersSchema.parse({ from: "2026-11-01", to: "2026-11-30", country: "US", flow: "" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-30",
      country: "us",
    });
    const bad = funnelFiltersSchema.safeParse({ from: "2026-11-30", to: "2026-11-01" });
    expect(bad.error?.issues[0]?.path).toEqual(["to"]);
    expect(funnelFiltersSchema.safeParse({ from: "x", to: "2026-11-01" }).error?.issues[0]?.path).toEqual(["from"]);
    expect(funnelFiltersSchema.safeParse({ from: "2026-13-45", to: "2026-11-01" }).error?.issues[0]?.path).toEqual([
      "from",
    ]);
    expect(funnelFiltersSchema.safeParse({ from: "2026-11-01", to: "2026-11-01", device: "fridge" }).success).toBe(
      false,
    );
  });

  it("turns days into a half-open range of instants", () => {
    expect(dayRange({ from: "2026-11-01", to: "2026-11-30" })).toEqual({
      start: new Date("2026-11-01T00:00:00Z"),
      end: new Date("2026-12-01T00:00:00Z"),
    });
    expect(recentDays(new Date("2026-11-24T15:00:00Z"), 7)).toEqual({ from: "2026-11-18", to: "2026-11-24" });
  });
});
