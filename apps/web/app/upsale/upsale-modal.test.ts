import { describe, expect, it } from "vitest";
import { closeDiscount, declineUpsale, openUpsaleModal, toggleUpsaleModal, upsaleFor } from "./upsale-modal.ts";

const fresh = { isOpen: false, canOpen: true, formKey: "initial" as const, succeeded: [], userId: "parent-a" };

describe("upsell modal rules", () => {
  it("opens only when allowed and not already open", () => {
    const open = openUpsaleModal(fresh);
    expect(open.isOpen).toBe(true);
    expect(openUpsaleModal(open)).toBe(open);
    const barred = { ...fresh, canOpen: false };
    expect(openUpsaleModal(barred)).toBe(barred);
  });

  it("toggles on close", () => {
    expect(toggleUpsaleModal({ ...fresh, isOpen: true }).isOpen).toBe(false);
    expect(toggleUpsaleModal(fresh).isOpen).toBe(true);
  });

  it("declining arms the discount; closing the discount ends the offer and resets the key", () => {
    const declined = declineUpsale(openUpsaleModal(fresh));
    expect(declined).toMatchObject({ isOpen: false, canOpen: true, formKey: "catchy" });
    const reopened = openUpsaleModal(declined);
    expect(reopened).toMatchObject({ isOpen: true, formKey: "catchy" });
    const closed = closeDiscount(reopened);
    expect(closed).toMatchObject({ isOpen: false, canOpen: false, formKey: "initial" });
    expect(openUpsaleModal(closed).isOpen).toBe(false);
  });

  it("starts afresh for another parent on the same device", () => {
    const ended = closeDiscount(fresh);
    expect(upsaleFor(ended, "parent-a")).toBe(ended);
    expect(upsaleFor(ended, "parent-b")).toMatchObject({ canOpen: true, formKey: "initial", userId: "parent-b" });
  });
});
