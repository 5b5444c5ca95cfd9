import { describe, expect, it } from "vitest";
import { cancelDeadline, chargeAfterNotice, chargeNoticeDueAt } from "./charge-notice.ts";

const at = (iso: string) => new Date(iso);

describe("the notice before a charge", () => {
  it("is due 54 hours before the charge: 18 hours after buying a 3-day trial", () => {
    expect(chargeNoticeDueAt(at("2026-12-09T12:00:00Z"))).toEqual(at("2026-12-07T06:00:00Z"));
    expect(cancelDeadline(at("2026-12-09T12:00:00Z"))).toEqual(at("2026-12-08T12:00:00Z"));
  });

  it("leaves the charge alone when sent on time", () => {
    const charge = at("2026-12-09T12:00:00Z");
    expect(chargeAfterNotice(charge, at("2026-12-07T06:00:00Z"))).toEqual(charge);
    expect(chargeAfterNotice(charge, at("2026-12-07T12:00:00Z"))).toEqual(charge);
  });

  it("moves the charge on when sent late, so a day before the deadline is always left", () => {
    const charge = at("2026-12-09T12:00:00Z");
    expect(chargeAfterNotice(charge, at("2026-12-08T12:00:00Z"))).toEqual(at("2026-12-10T12:00:00Z"));
    expect(chargeAfterNotice(charge, at("2026-12-09T11:00:00Z"))).toEqual(at("2026-12-11T11:00:00Z"));
  });
});
