import type { QuizAnswer } from "@kinderready/domain/onboarding/quiz-engine";
import { createPersistedStore } from "./create-persisted-store.ts";

export type OnboardingState = {
  kid: { name: string; years: { text: string; value: number } | undefined };
  email: string;
  /** Answers in the order they were first given. */
  questions: QuizAnswer[];
  /** Unique topics the answers add; dropped from the payload when empty. */
  topics: string[];
  /** The parent's mailing choice; undefined until they touch it (the default depends on the country). */
  mailingConsent: boolean | undefined;
  /** The quiz page the parent is on, so a refresh or a return visit resumes there. */
  step: number;
};

export const useOnboardingStore = createPersistedStore<OnboardingState>("onboarding", 2, () => ({
  kid: { name: "", years: undefined },
  email: "",
  questions: [],
  topics: [],
  mailingConsent: undefined,
  step: 0,
}));
