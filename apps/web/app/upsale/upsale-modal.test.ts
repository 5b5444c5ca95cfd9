import { describe, expect, it } from "vitest";
import {
  closeDiscount,
  declineUpsale,
  openUpsaleModal,
  toggleUpsaleModal,
  upsaleFor,
  upsaleOnArrival,
  upsaleOwner,
} from "./upsale-modal.ts";

const fresh = { isOpen: false, canOpen: true, formKey: "initial" as const, succeeded: [], owner: "parent-a" };

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
    expect(upsaleFor(ended, "parent-b")).toMatchObject({ canOpen: true, formKey: "initial", owner: "parent-b" });
  });

  it("on arrival opens an offer that may open, and always opens for a parent back from the gateway", () => {
    expect(upsaleOnArrival(fresh, "parent-a", false, "initial")).toMatchObject({ isOpen: true, formKey: "initial" });
    const declined = declineUpsale(fresh);
    expect(upsaleOnArrival(declined, "parent-a", false, "discount")).toMatchObject({ isOpen: true, formKey: "catchy" });
    const ended = closeDiscount(fresh);
    expect(upsaleOnArrival(ended, "parent-a", false, "ended").isOpen).toBe(false);
    expect(upsaleOnArrival(ended, "parent-a", true, "ended").isOpen).toBe(true);
    expect(upsaleOnArrival(ended, "parent-b", false, "initial")).toMatchObject({
      isOpen: true,
      canOpen: true,
      owner: "parent-b",
    });
  });

  it("follows the server's stage, which prices the packs, over what this browser saved", () => {
    // A "no, thanks" the server never recorded opened no discount.
    expect(upsaleOnArrival(declineUpsale(fresh), "parent-a", false, "initial").formKey).toBe("initial");
    // Another tab declined: this one shows the discount the server would charge.
    expect(upsaleOnArrival(fresh, "parent-a", false, "discount").formKey).toBe("catchy");
    // Another tab closed the discount: no more offers here either.
    expect(upsaleOnArrival(fresh, "parent-a", false, "ended")).toMatchObject({ isOpen: false, canOpen: false });
  });

  it("keeps a short digest of the token, the same everywhere and different per parent", () => {
    const token = "Zq3v9K2mXpL0aB7cD1eF4g";
    expect(upsaleOwner(token)).toBe(upsaleOwner(token));
    expect(upsaleOwner(token)).not.toContain(token.slice(0, 6));
    expect(upsaleOwner(token)?.length).toBeLessThanOrEqual(7);
    expect(upsaleOwner(`${token}x`)).not.toBe(upsaleOwner(token));
    expect(upsaleOwner(undefined)).toBeUndefined();
  });
});
