import { describe, expect, it } from "vitest";
import { monthBooksOpen, nextMonthBook } from "./month-books.ts";

const periodEnd = new Date("2026-12-20T10:00:00Z");
const renewing = {
  status: "active",
  currentPeriodEnd: periodEnd,
  cancelAt: null,
  pauseFrom: null,
  periodDays: 30,
};

describe("books of the month", () => {
  it("open one per monthly payment, up to the six there are", () => {
    expect(monthBooksOpen({ paidRenewals: 0, everything: false })).toBe(0);
    expect(monthBooksOpen({ paidRenewals: 2, everything: false })).toBe(2);
    expect(monthBooksOpen({ paidRenewals: 11, everything: false })).toBe(6);
    expect(monthBooksOpen({ paidRenewals: 0, everything: true })).toBe(6);
  });

  it("tell when the next one opens: with the next charge, if there is one", () => {
    expect(nextMonthBook(0, { ...renewing, status: "trialing" })).toEqual({ number: 1, opensOn: periodEnd });
    expect(nextMonthBook(2, renewing)).toEqual({ number: 3, opensOn: periodEnd });
    expect(nextMonthBook(6, renewing)).toBeUndefined();
    expect(nextMonthBook(1, undefined)).toBeUndefined();
    expect(nextMonthBook(1, { ...renewing, status: "past_due" })).toBeUndefined();
    expect(nextMonthBook(1, { ...renewing, status: "cancelled" })).toBeUndefined();
    expect(nextMonthBook(1, { ...renewing, pauseFrom: periodEnd })).toBeUndefined();
  });

  it("count a cancellation asked for a later date: no book if it ends with this period", () => {
    expect(nextMonthBook(1, { ...renewing, cancelAt: new Date("2026-12-15T00:00:00Z") })).toBeUndefined();
    expect(nextMonthBook(1, { ...renewing, cancelAt: new Date("2027-01-05T00:00:00Z") })).toEqual({
      number: 2,
      opensOn: periodEnd,
    });
  });
});
