import { createPersistedStore } from "./create-persisted-store.ts";

export type SubscriptionState = {
  status: "active" | "trialing" | "cancelled" | "lifetime" | "expired" | undefined;
  expiresAt: string | undefined;
  cancelledAt: string | undefined;
};

export const useSubscriptionStore = createPersistedStore<SubscriptionState>("subscription", 1, () => ({
  status: undefined,
  expiresAt: undefined,
  cancelledAt: undefined,
}));
