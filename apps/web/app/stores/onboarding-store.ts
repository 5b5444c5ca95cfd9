import { createPersistedStore } from "./create-persisted-store.ts";

export type OnboardingState = {
  kid: { name: string; years: { text: string; value: number } | undefined };
  email: string;
  /** Answers in the order they were given. */
  questions: { id: string; answer: string | string[] }[];
  /** Unique topics the parent cares about; dropped from the payload when empty. */
  topics: string[];
  /** Mailing consent is on by default; the API takes its opposite. */
  isForbiddenToMailing: boolean;
  userToken: string | undefined;
  purchasePathByFlow: string | undefined;
  step: number;
};

export const useOnboardingStore = createPersistedStore<OnboardingState>("onboarding", 1, () => ({
  kid: { name: "", years: undefined },
  email: "",
  questions: [],
  topics: [],
  isForbiddenToMailing: false,
  userToken: undefined,
  purchasePathByFlow: undefined,
  step: 0,
}));
