import type { UpsellStage } from "@kinderready/domain/pricing/offer-rules";
import type { UpsellState } from "../../stores/upsell-store.ts";

/**
 * The upsell modal's rules, as pure steps over the persisted upsell store:
 * it opens only when allowed and not already open; closing toggles it; declining switches the
 * offer to the discount (`catchy`), which reopens after a short pause; closing the discount
 * ends the offer for good and puts the key back to `initial`.
 */

export const discountReopenMs = 500;

type ModalState = Pick<UpsellState, "isOpen" | "canOpen" | "formKey">;

export function openUpsellModal<T extends ModalState>(state: T): T {
  return state.canOpen && !state.isOpen ? { ...state, isOpen: true } : state;
}

export function toggleUpsellModal<T extends ModalState>(state: T): T {
  return { ...state, isOpen: !state.isOpen };
}

/** "No, thanks" on the first offer: closes it and arms the discount (reopened by the caller). */
export function declineUpsell<T extends ModalState>(state: T): T {
  return { ...state, isOpen: false, formKey: "catchy" };
}

/** Closing the discount: no more offers, and the key back to where it started. */
export function closeDiscount<T extends ModalState>(state: T): T {
  return { ...state, isOpen: false, canOpen: false, formKey: "initial" };
}

/** The saved offer belongs to one parent; another parent on the device starts with a fresh one. */
export function upsellFor(state: UpsellState, owner: string | undefined): UpsellState {
  if (state.owner === owner) return state;
  return { ...state, isOpen: false, canOpen: true, formKey: "initial", succeeded: [], owner };
}

/**
 * The saved popup in line with the offer's stage on the server, which prices the packs: another
 * tab or device may have moved it on, and a "no, thanks" the server never heard of opened nothing.
 */
export function withOfferStage(state: UpsellState, stage: UpsellStage): UpsellState {
  if (stage === "discount") return { ...state, formKey: "catchy" };
  if (stage === "ended") return { ...state, isOpen: false, canOpen: false, formKey: "initial" };
  return { ...state, formKey: "initial" };
}

/**
 * The popup as the parent arrives: opened when allowed, and always when they come back from
 * paying on the gateway's page (it shows how that went). The server renders this state and the
 * browser then keeps it, so the popup is on the first paint instead of appearing after the
 * scripts load.
 */
export function upsellOnArrival(
  state: UpsellState,
  owner: string | undefined,
  returning: boolean,
  stage: UpsellStage,
): UpsellState {
  const own = withOfferStage(upsellFor(state, owner), stage);
  return returning ? { ...own, isOpen: true } : openUpsellModal(own);
}

/**
 * Whose saved offer this is, without keeping the parent's access token in a cookie: a short
 * FNV-1a digest of it, enough to tell two parents on one device apart.
 */
export function upsellOwner(token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
