import { describe, expect, it } from "vitest";
import {
  closeDiscount,
  declineUpsell,
  openUpsellModal,
  toggleUpsellModal,
  upsellFor,
  upsellOnArrival,
  upsellOwner,
} from "./upsell-modal.ts";

const fresh = { isOpen: false, canOpen: true, formKey: "initial" as const, succeeded: [], owner: "parent-a" };

describe("upsell modal rules", () => {
  it("opens only when allowed and not already open", () => {
    const open = openUpsellModal(fresh);
    expect(open.isOpen).toBe(true);
    expect(openUpsellModal(open)).toBe(open);
    const barred = { ...fresh, canOpen: false };
    expect(openUpsellModal(barred)).toBe(barred);
  });

  it("toggles on close", () => {
    expect(toggleUpsellModal({ ...fresh, isOpen: true }).isOpen).toBe(false);
    expect(toggleUpsellModal(fresh).isOpen).toBe(true);
  });

  it("declining arms the discount; closing the discount ends the offer and resets the key", () => {
    const declined = declineUpsell(openUpsellModal(fresh));
    expect(declined).toMatchObject({ isOpen: false, canOpen: true, formKey: "catchy" });
    const reopened = openUpsellModal(declined);
    expect(reopened).toMatchObject({ isOpen: true, formKey: "catchy" });
    const closed = closeDiscount(reopened);
    expect(closed).toMatchObject({ isOpen: false, canOpen: false, formKey: "initial" });
    expect(openUpsellModal(closed).isOpen).toBe(false);
  });

  it("starts afresh for another parent on the same device", () => {
    const ended = closeDiscount(fresh);
    expect(upsellFor(ended, "parent-a")).toBe(ended);
    expect(upsellFor(ended, "parent-b")).toMatchObject({ canOpen: true, formKey: "initial", owner: "parent-b" });
  });

  it("on arrival opens an offer that may open, and always opens for a parent back from the gateway", () => {
    expect(upsellOnArrival(fresh, "parent-a", false, "initial")).toMatchObject({ isOpen: true, formKey: "initial" });
    const declined = declineUpsell(fresh);
    expect(upsellOnArrival(declined, "parent-a", false, "discount")).toMatchObject({ isOpen: true, formKey: "catchy" });
    const ended = closeDiscount(fresh);
    expect(upsellOnArrival(ended, "parent-a", false, "ended").isOpen).toBe(false);
    expect(upsellOnArrival(ended, "parent-a", true, "ended").isOpen).toBe(true);
    expect(upsellOnArrival(ended, "parent-b", false, "initial")).toMatchObject({
      isOpen: true,
      canOpen: true,
      owner: "parent-b",
    });
  });

  it("follows the server's stage, which prices the packs, over what this browser saved", () => {
    // A "no, thanks" the server never recorded opened no discount.
    expect(upsellOnArrival(declineUpsell(fresh), "parent-a", false, "initial").formKey).toBe("initial");
    // Another tab declined: this one shows the discount the server would charge.
    expect(upsellOnArrival(fresh, "parent-a", false, "discount").formKey).toBe("catchy");
    // Another tab closed the discount: no more offers here either.
    expect(upsellOnArrival(fresh, "parent-a", false, "ended")).toMatchObject({ isOpen: false, canOpen: false });
  });

  it("keeps a short digest of the token, the same everywhere and different per parent", () => {
    const token = "Zq3v9K2mXpL0aB7cD1eF4g";
    expect(upsellOwner(token)).toBe(upsellOwner(token));
    expect(upsellOwner(token)).not.toContain(token.slice(0, 6));
    expect(upsellOwner(token)?.length).toBeLessThanOrEqual(7);
    expect(upsellOwner(`${token}x`)).not.toBe(upsellOwner(token));
    expect(upsellOwner(undefined)).toBeUndefined();
  });
});
