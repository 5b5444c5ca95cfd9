import { describe, expect, it } from "vitest";
import {
  dayRange,
  earliestReportDay,
  funnelFiltersSchema,
  funnelQuerySchema,
  isCalendarDay,
  recentDays,
  refuseReportDays,
  reportDaysSchema,
  reportMaxDays,
} from "./report-filters.ts";

const now = new Date("2026-11-24T15:00:00Z");

describe("report filters", () => {
  it("reads filters from a query, naming the field of a bad value", () => {
    const filters = funnelFiltersSchema(now);
    expect(filters.parse({ from: "2026-11-01", to: "2026-11-20", country: "US", flow: "" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-20",
      country: "us",
    });
    const bad = filters.safeParse({ from: "2026-11-20", to: "2026-11-01" });
    expect(bad.error?.issues[0]?.path).toEqual(["to"]);
    expect(filters.safeParse({ from: "x", to: "2026-11-01" }).error?.issues[0]?.path).toEqual(["from"]);
    expect(filters.safeParse({ from: "2026-13-45", to: "2026-11-01" }).error?.issues[0]?.path).toEqual(["from"]);
    expect(filters.safeParse({ from: "2026-11-01", to: "2026-11-01", device: "fridge" }).success).toBe(false);
  });

  it("turns days into a half-open range of instants", () => {
    expect(dayRange({ from: "2026-11-01", to: "2026-11-30" })).toEqual({
      start: new Date("2026-11-01T00:00:00Z"),
      end: new Date("2026-12-01T00:00:00Z"),
    });
    expect(recentDays(now, 7)).toEqual({ from: "2026-11-18", to: "2026-11-24" });
  });

  it("takes only days the calendar has, written YYYY-MM-DD", () => {
    for (const day of ["2026-02-28", "2024-02-29", "2020-01-01", "9999-12-31"]) expect(isCalendarDay(day)).toBe(true);
    for (const day of ["2026-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "0000-01-01", "+02026-01-01"]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
    for (const day of ["26-01-01", "2026-1-1", "2026-01-01T00:00:00Z", " 2026-01-01", "", "２０２６-01-01"]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it("refuses a range no report can read, naming the field and the limit it passed", () => {
    const revenue = { now, maxDays: reportMaxDays.revenue };
    expect(refuseReportDays({ from: "1900-01-01", to: "2026-11-24" }, revenue)).toEqual({
      field: "from",
      reason: "earliest",
      day: earliestReportDay,
    });
    expect(refuseReportDays({ from: "2026-01-01", to: "9999-12-31" }, revenue)).toEqual({
      field: "to",
      reason: "latest",
      day: "2026-11-25",
    });
    expect(refuseReportDays({ from: "2026-02-30", to: "2026-03-01" }, revenue)).toEqual({
      field: "from",
      reason: "date",
    });
    expect(refuseReportDays({ from: "2026-11-02", to: "2026-11-01" }, revenue)).toEqual({
      field: "to",
      reason: "order",
    });
    expect(refuseReportDays({ from: "2025-11-23", to: "2026-11-24" }, revenue)).toEqual({
      field: "from",
      reason: "span",
      maxDays: 366,
    });
  });

  it("reads a year up to tomorrow, and any range of the audit log from the earliest day", () => {
    const revenue = { now, maxDays: reportMaxDays.revenue };
    expect(refuseReportDays({ from: "2025-11-25", to: "2026-11-25" }, revenue)).toBeUndefined();
    expect(refuseReportDays({ from: "2026-11-25", to: "2026-11-25" }, revenue)).toBeUndefined();
    const audit = { now, maxDays: reportMaxDays.audit };
    expect(refuseReportDays({ from: earliestReportDay, to: "2026-11-25" }, audit)).toBeUndefined();
  });

  it("carries the refusal in the schema's issue, for every report's schema", () => {
    const issueOf = (result: { error?: { issues: { path: PropertyKey[]; message: string; code: string }[] } }) =>
      result.error?.issues[0];
    const revenue = issueOf(reportDaysSchema("revenue", now).safeParse({ from: "1900-01-01", to: "2026-11-24" }));
    expect(revenue).toMatchObject({ path: ["from"], message: "must be 2020-01-01 or later" });
    expect(revenue).toMatchObject({ params: { reason: "earliest", day: "2020-01-01" } });
    const audit = issueOf(reportDaysSchema("audit", now).safeParse({ from: "2026-01-01", to: "9999-12-31" }));
    expect(audit).toMatchObject({ path: ["to"], message: "must be 2026-11-25 or earlier" });
    const funnel = issueOf(funnelQuerySchema(now).safeParse({ from: "2024-01-01", to: "2026-11-24", window: "7" }));
    expect(funnel).toMatchObject({ path: ["from"], message: "must be at most 366 days before the end" });
  });
});
