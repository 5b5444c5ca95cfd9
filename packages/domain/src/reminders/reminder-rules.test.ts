import { describe, expect, it } from "vitest";
import { checkoutReminders, dueWindow, winBack } from "./reminder-rules.ts";

const hour = 60 * 60 * 1000;
const day = 24 * hour;

describe("when reminders go", () => {
  it("reminds about the checkout an hour and a day after the countdown ran out, the second after the first", () => {
    const [first, second] = checkoutReminders;
    expect(first?.after).toBe(hour);
    expect(second?.after).toBe(day);
    expect((first?.until ?? 0) < (second?.until ?? 0)).toBe(true);
  });

  it("answers the moments a reference may fall between for a mail to be due now", () => {
    const now = new Date("2026-12-07T12:00:00Z");
    expect(dueWindow(now, winBack)).toEqual({
      from: new Date(now.getTime() - 30 * day),
      to: new Date(now.getTime() - 7 * day),
    });
  });
});
