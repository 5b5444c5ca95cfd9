import { describe, expect, it } from "vitest";
import { canRestore, endOfPeriodHolding, type SubscriptionRow, scheduledEnd } from "./subscription-state.ts";

const at = (iso: string) => new Date(iso);
const paidUntil = { currentPeriodEnd: at("2026-12-25T10:00:00Z"), periodDays: 30 };

describe("a subscription asked to end on a later date", () => {
  it("ends with the period holding the date asked for", () => {
    expect(endOfPeriodHolding(paidUntil, at("2026-12-20T23:59:59Z"))).toEqual(at("2026-12-25T10:00:00Z"));
    expect(endOfPeriodHolding(paidUntil, at("2026-12-25T10:00:00Z"))).toEqual(at("2026-12-25T10:00:00Z"));
    expect(endOfPeriodHolding(paidUntil, at("2027-01-10T23:59:59Z"))).toEqual(at("2027-01-24T10:00:00Z"));
    expect(endOfPeriodHolding(paidUntil, at("2027-01-24T10:00:01Z"))).toEqual(at("2027-02-23T10:00:00Z"));
  });

  it("shows its end only while it renews, and can be kept until then", () => {
    const row = { ...paidUntil, status: "active", cancelAt: at("2027-01-10T23:59:59Z"), cardToken: "t" };
    expect(scheduledEnd(row)).toEqual(at("2027-01-24T10:00:00Z"));
    expect(scheduledEnd({ ...row, cancelAt: null })).toBeNull();
    expect(scheduledEnd({ ...row, status: "cancelled" })).toBeNull();
    expect(canRestore(row as SubscriptionRow, at("2026-12-01T00:00:00Z"))).toBe(true);
    expect(canRestore({ ...row, cancelAt: null } as SubscriptionRow, at("2026-12-01T00:00:00Z"))).toBe(false);
  });
});
