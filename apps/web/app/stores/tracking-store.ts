import type { TrackingData } from "@kinderready/domain/onboarding/onboarding-schema";
import { createPersistedStore } from "./create-persisted-store.ts";

/** The landing's attribution, kept until the next landing that carries its own. */
export type TrackingState = { tracking: TrackingData | undefined };

export const useTrackingStore = createPersistedStore<TrackingState>("tracking", 1, () => ({ tracking: undefined }));
