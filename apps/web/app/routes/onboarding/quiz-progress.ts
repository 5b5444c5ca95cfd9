import {
  nextIndex,
  previousIndex,
  type QuizAnswer,
  recordAnswer,
  topicsOf,
} from "@kinderready/domain/onboarding/quiz-engine";
import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";

// The quiz as the parent left it: the page, the answers, the child. One shape for the browser's
// store and the server, kept in a first-party cookie both read, so the server renders the page
// the parent is on, and a page answered before the scripts ran (or without them) is answered
// by a plain form post that moves the same state on.

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

export const initialOnboardingState = (): OnboardingState => ({
  kid: { name: "", years: undefined },
  email: "",
  questions: [],
  topics: [],
  mailingConsent: undefined,
  step: 0,
});

export const onboardingStoreName = "onboarding";
export const onboardingStoreVersion = 2;

const indexOf = (pageId: string) => quizFlow.findIndex((page) => page.id === pageId);

/**
 * An answer to the page it was given on (which may not be the page the state is on: a tap made
 * on a page the parent has since left), and the page after that one.
 */
export function withAnswer(state: OnboardingState, pageId: string, answer: string | string[]): OnboardingState {
  const questions = recordAnswer(state.questions, { id: pageId, answer });
  return { ...state, questions, topics: topicsOf(quizFlow, questions), step: nextIndex(quizFlow, indexOf(pageId)) };
}

/** The child's name or age from its page, and the page after it. */
export function withKid(state: OnboardingState, pageId: string, kid: Partial<OnboardingState["kid"]>): OnboardingState {
  return { ...state, kid: { ...state.kid, ...kid }, step: nextIndex(quizFlow, indexOf(pageId)) };
}

/** Back from a page: where its Back leads. */
export function backFrom(state: OnboardingState, pageId: string): OnboardingState {
  return { ...state, step: previousIndex(quizFlow, indexOf(pageId)) };
}
