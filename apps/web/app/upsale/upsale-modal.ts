import type { UpsaleState } from "../stores/upsale-store.ts";

/**
 * The upsell modal's rules (spec point 4), as pure steps over the persisted upsale store:
 * it opens only when allowed and not already open; closing toggles it; declining switches the
 * offer to the discount (`catchy`), which reopens after a short pause; closing the discount
 * ends the offer for good and puts the key back to `initial`.
 */

export const discountReopenMs = 500;

type ModalState = Pick<UpsaleState, "isOpen" | "canOpen" | "formKey">;

export function openUpsaleModal<T extends ModalState>(state: T): T {
  return state.canOpen && !state.isOpen ? { ...state, isOpen: true } : state;
}

export function toggleUpsaleModal<T extends ModalState>(state: T): T {
  return { ...state, isOpen: !state.isOpen };
}

/** "No, thanks" on the first offer: closes it and arms the discount (reopened by the caller). */
export function declineUpsale<T extends ModalState>(state: T): T {
  return { ...state, isOpen: false, formKey: "catchy" };
}

/** Closing the discount: no more offers, and the key back to where it started. */
export function closeDiscount<T extends ModalState>(state: T): T {
  return { ...state, isOpen: false, canOpen: false, formKey: "initial" };
}

/** The saved offer belongs to one parent; another parent on the device starts with a fresh one. */
export function upsaleFor(state: UpsaleState, userId: string | undefined): UpsaleState {
  if (state.userId === userId) return state;
  return { ...state, isOpen: false, canOpen: true, formKey: "initial", succeeded: [], userId };
}
