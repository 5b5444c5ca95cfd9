import { describe, expect, it } from "vitest";
import { formatClock, localDeadline, notStartedTimer, timerAt } from "./offer-timer.ts";

describe("offer timer", () => {
  it("shows the whole countdown, capped at 600 s, until the server starts it", () => {
    expect(notStartedTimer(3600)).toEqual({ secondsLeft: 600, expired: false });
    expect(notStartedTimer(60)).toEqual({ secondsLeft: 60, expired: false });
    expect(notStartedTimer(0)).toEqual({ secondsLeft: 0, expired: true });
  });

  it("counts down to the server's deadline from when its answer arrived, and expires at 0", () => {
    const deadline = localDeadline(2, 10_000);
    expect(timerAt(deadline, 10_000)).toEqual({ secondsLeft: 2, expired: false });
    expect(timerAt(deadline, 10_400)).toEqual({ secondsLeft: 2, expired: false });
    expect(timerAt(deadline, 11_000)).toEqual({ secondsLeft: 1, expired: false });
    expect(timerAt(deadline, 12_000)).toEqual({ secondsLeft: 0, expired: true });
    expect(timerAt(deadline, 99_000)).toEqual({ secondsLeft: 0, expired: true });
    // A reload after the deadline stays expired: the server answers 0.
    expect(timerAt(localDeadline(0, 50_000), 50_000)).toEqual({ secondsLeft: 0, expired: true });
  });

  it("shows mm:ss", () => {
    expect(formatClock(600)).toBe("10:00");
    expect(formatClock(59)).toBe("00:59");
    expect(formatClock(61)).toBe("01:01");
    expect(formatClock(0)).toBe("00:00");
  });
});
