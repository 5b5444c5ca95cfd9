import {
  initialOnboardingState,
  type OnboardingState,
  onboardingStoreName,
  onboardingStoreVersion,
} from "../routes/onboarding/quiz-progress.ts";
import { createPersistedStore } from "./create-persisted-store.ts";

// Kept in a cookie, not localStorage: the server renders the page the parent is on from it, and
// a page answered without scripts moves it on (onboarding/quiz-progress.ts).
export const useOnboardingStore = createPersistedStore<OnboardingState>(
  onboardingStoreName,
  onboardingStoreVersion,
  initialOnboardingState,
  "cookie",
);
