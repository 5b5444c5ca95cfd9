import { createPersistedStore } from "./create-persisted-store.ts";

export type UpsaleState = {
  isOpen: boolean;
  canOpen: boolean;
  formKey: "initial" | "catchy";
  succeeded: ("upsale" | "lifetime")[];
  /** Whose offer this is: another parent on the device starts afresh. */
  userId: string | undefined;
};

export const useUpsaleStore = createPersistedStore<UpsaleState>("upsale", 1, () => ({
  isOpen: false,
  canOpen: true,
  formKey: "initial",
  succeeded: [],
  userId: undefined,
}));
