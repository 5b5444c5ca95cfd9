import { describe, expect, it } from "vitest";
import { formatClock, restoreTimer, startingSeconds, tick } from "./offer-timer.ts";

describe("offer timer", () => {
  it("starts at 600 s, capped at the configured timeout", () => {
    expect(startingSeconds(600)).toBe(600);
    expect(startingSeconds(3600)).toBe(600);
    expect(startingSeconds(60)).toBe(60);
    expect(startingSeconds(-5)).toBe(0);
  });

  it("starts fresh when nothing is saved, and resumes a saved countdown within the cap", () => {
    expect(restoreTimer({ offerSecondsLeft: undefined, isOfferExpired: false }, 60)).toEqual({
      secondsLeft: 60,
      expired: false,
    });
    expect(restoreTimer({ offerSecondsLeft: 42, isOfferExpired: false }, 60)).toEqual({
      secondsLeft: 42,
      expired: false,
    });
    // Saved under a longer timeout than today's.
    expect(restoreTimer({ offerSecondsLeft: 500, isOfferExpired: false }, 60)).toEqual({
      secondsLeft: 60,
      expired: false,
    });
  });

  it("stays expired once it ran out, and a zero timeout expires at once", () => {
    expect(restoreTimer({ offerSecondsLeft: 30, isOfferExpired: true }, 60)).toEqual({ secondsLeft: 0, expired: true });
    expect(restoreTimer({ offerSecondsLeft: 0, isOfferExpired: false }, 60)).toEqual({ secondsLeft: 0, expired: true });
    expect(restoreTimer({ offerSecondsLeft: undefined, isOfferExpired: false }, 0)).toEqual({
      secondsLeft: 0,
      expired: true,
    });
  });

  it("loses a second per tick and expires at 0", () => {
    let timer = restoreTimer({ offerSecondsLeft: 2, isOfferExpired: false }, 600);
    timer = tick(timer);
    expect(timer).toEqual({ secondsLeft: 1, expired: false });
    timer = tick(timer);
    expect(timer).toEqual({ secondsLeft: 0, expired: true });
    expect(tick(timer)).toBe(timer);
  });

  it("shows mm:ss", () => {
    expect(formatClock(600)).toBe("10:00");
    expect(formatClock(59)).toBe("00:59");
    expect(formatClock(61)).toBe("01:01");
    expect(formatClock(0)).toBe("00:00");
  });
});
