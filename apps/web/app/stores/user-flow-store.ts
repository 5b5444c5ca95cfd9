import { createPersistedStore } from "./create-persisted-store.ts";

export type UserFlowState = {
  registered: boolean;
  purchased: boolean;
  upsalePurchased: boolean;
  isSubscriptionExpired: boolean;
  isManualAccess: boolean;
  subscriptionStatus: string | undefined;
};

export const useUserFlowStore = createPersistedStore<UserFlowState>("user-flow", 1, () => ({
  registered: false,
  purchased: false,
  upsalePurchased: false,
  isSubscriptionExpired: false,
  isManualAccess: false,
  subscriptionStatus: undefined,
}));
