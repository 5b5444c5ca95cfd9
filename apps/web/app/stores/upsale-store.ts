import { createPersistedStore } from "./create-persisted-store.ts";

export type UpsaleState = {
  isOpen: boolean;
  canOpen: boolean;
  formKey: "initial" | "catchy";
  succeeded: ("upsale" | "lifetime")[];
  /** Whose offer this is (upsaleOwner of the token): another parent on the device starts afresh. */
  owner: string | undefined;
};

export const initialUpsaleState: UpsaleState = {
  isOpen: false,
  canOpen: true,
  formKey: "initial",
  succeeded: [],
  owner: undefined,
};

export const upsaleStoreName = "upsale";

/** Kept in a cookie, so the server renders the popup as this browser will show it. */
export const useUpsaleStore = createPersistedStore<UpsaleState>(upsaleStoreName, 2, () => initialUpsaleState, "cookie");
