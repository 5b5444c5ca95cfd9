import type { UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import { upsellStoreName } from "@kinderready/domain/upsell-wire";
import { createPersistedStore } from "./create-persisted-store.ts";

export type UpsellState = {
  isOpen: boolean;
  canOpen: boolean;
  formKey: "initial" | "catchy";
  succeeded: UpsellType[];
  /** Whose offer this is (upsellOwner of the token): another parent on the device starts afresh. */
  owner: string | undefined;
};

export const initialUpsellState: UpsellState = {
  isOpen: false,
  canOpen: true,
  formKey: "initial",
  succeeded: [],
  owner: undefined,
};

/** Kept in a cookie, so the server renders the popup as this browser will show it. */
export const useUpsellStore = createPersistedStore<UpsellState>(upsellStoreName, 2, () => initialUpsellState, "cookie");
