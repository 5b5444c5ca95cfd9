import { createPersistedStore } from "./create-persisted-store.ts";

/** Root and analytics state: who the visitor is and where they came from. */
export type AnalyticsState = {
  userId: string | undefined;
  ip: string | undefined;
  countryCode: string | undefined;
  region: string | undefined;
  host: string | undefined;
  flowName: "onboarding_flow" | "purchase_flow" | "printables_flow" | undefined;
  fbPixelId: string | undefined;
  isGeoFetching: boolean;
};

export const useAnalyticsStore = createPersistedStore<AnalyticsState>("analytics", 1, () => ({
  userId: undefined,
  ip: undefined,
  countryCode: undefined,
  region: undefined,
  host: undefined,
  flowName: undefined,
  fbPixelId: undefined,
  isGeoFetching: false,
}));
