import { describe, expect, it } from "vitest";
import { mayPause, pausesPerYear, pauseWindow } from "./pause-rules.ts";

const day = 24 * 60 * 60 * 1000;
const running = { status: "active", cancelAt: null, pauseFrom: null, cardToken: "tok" };

describe("pausing a subscription", () => {
  it("is open to a trial or a paid period on a card, up to the yearly limit", () => {
    expect(mayPause(running, 0)).toBe(true);
    expect(mayPause({ ...running, status: "trialing" }, pausesPerYear - 1)).toBe(true);
    expect(mayPause(running, pausesPerYear)).toBe(false);
  });

  it("is closed to a subscription ending, already pausing, paused, overdue, ended or without a card", () => {
    expect(mayPause({ ...running, cancelAt: new Date() }, 0)).toBe(false);
    expect(mayPause({ ...running, pauseFrom: new Date() }, 0)).toBe(false);
    expect(mayPause({ ...running, cardToken: null }, 0)).toBe(false);
    for (const status of ["paused", "past_due", "cancelled", "expired", "lifetime"]) {
      expect(mayPause({ ...running, status }, 0), status).toBe(false);
    }
  });

  it("begins where the period paid for ends and lasts whole periods", () => {
    const currentPeriodEnd = new Date("2026-12-10T10:00:00Z");
    expect(pauseWindow({ currentPeriodEnd, periodDays: 30 }, 2)).toEqual({
      from: currentPeriodEnd,
      resumesAt: new Date(currentPeriodEnd.getTime() + 60 * day),
    });
  });
});
