import { createPersistedStore } from "./create-persisted-store.ts";

export type PurchaseState = {
  step: number;
  /** The user the step belongs to: a different user starts at step 0. */
  stepUserId: string | undefined;
};

export const usePurchaseStore = createPersistedStore<PurchaseState>("purchase", 1, () => ({
  step: 0,
  stepUserId: undefined,
}));
