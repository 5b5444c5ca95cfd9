import type { FlowType } from "@kinderready/domain/flows";
import { canGoBack, clampIndex, progressOf } from "@kinderready/domain/onboarding/quiz-engine";
import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";
import type { Translate } from "@kinderready/i18n/translator";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { track } from "../../analytics/analytics.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useStoresHydrated } from "../../stores/create-persisted-store.ts";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import type { LeadActionResult } from "./analyzing-screen.tsx";
import type { QuizFormRefusal } from "./quiz.tsx";
import { type LeadInput, quizLeadPost } from "./quiz-lead.ts";
import { backFrom, type OnboardingState, withAnswer, withKid } from "./quiz-progress.ts";

// The flow as declared, so each page's id (and the keys built from it) stays a literal type.
const flow = quizFlow;
export type QuizFlowPage = (typeof flow)[number];

/**
 * The quiz's state and what the parent does on it. The position and the answers live in the
 * persisted onboarding store, whose cookie the server reads (`saved`), so the first paint is the
 * page the parent is on.
 */
export function useQuiz({
  flowType,
  saved,
  refusal,
}: {
  flowType: FlowType;
  saved: OnboardingState | undefined;
  refusal: QuizFormRefusal | undefined;
}) {
  const { t } = useTranslation();
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const stored = useOnboardingStore();
  // Until the store has read its cookie, the page is what the server read from it.
  const state = hydrated || !saved ? stored : saved;
  // The store takes what the server read when it could not (saved state switched off, as in
  // development), so the page does not go back to the first question once it hydrates.
  useEffect(() => {
    if (hydrated && saved) useOnboardingStore.setState(saved);
  }, [hydrated, saved]);
  const index = clampIndex(flow, state.step);
  const page = flow[index] as QuizFlowPage;
  const headingRef = useFocusOnMove(index, hydrated);
  const lead = useFetcher<LeadActionResult>();
  const submitError = lead.data?.intent === "submit" ? lead.data.error.field : undefined;
  useQuizTracking({ hydrated, flowType, pageId: page.id, submitError });

  return {
    hydrated,
    state,
    page,
    progress: progressOf(flow, index),
    canGoBack: canGoBack(flow, index),
    headingRef,
    title: titleOf(t, page, state.kid.name),
    refused: refusal?.page === page.id ? refusal : undefined,
    previousAnswer: state.questions.find((question) => question.id === page.id)?.answer,
    lead,
    ...quizActions({ t, state, page, flowType, lead }),
  };
}

/** Focus follows the question when the parent moves, not on the first render or on resume. */
function useFocusOnMove(index: number, hydrated: boolean) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    if (hydrated) headingRef.current?.focus();
  }, [index, hydrated]);
  return headingRef;
}

/** Analytics of the pages seen (the email page completes the quiz) and of a refused email. */
function useQuizTracking({
  hydrated,
  flowType,
  pageId,
  submitError,
}: {
  hydrated: boolean;
  flowType: FlowType;
  pageId: string;
  submitError: string | undefined;
}) {
  useEffect(() => {
    if (!hydrated) return;
    track(pageId === "analyzing" ? "quiz_completed" : "quiz_step_viewed", { flow: flowType, step: pageId });
  }, [hydrated, pageId, flowType]);
  useEffect(() => {
    if (submitError) track("email_failed", { field: submitError });
  }, [submitError]);
}

/** The question: the pages after the name use it; without one they have a wording of their own. */
function titleOf(t: Translate, page: QuizFlowPage, kidName: string): string {
  if (page.id !== "kid-age" && page.id !== "analyzing") return t(`quiz.pages.${page.id}.title`);
  return kidName ? t(`quiz.pages.${page.id}.title`, { name: kidName }) : t(`quiz.pages.${page.id}.titleNoName`);
}

/** Each answer moves the saved quiz on in the browser: no round trip between questions. */
function quizActions({
  t,
  state,
  page,
  flowType,
  lead,
}: {
  t: Translate;
  state: OnboardingState;
  page: QuizFlowPage;
  flowType: FlowType;
  lead: ReturnType<typeof useFetcher<LeadActionResult>>;
}) {
  return {
    answer: (value: string | string[]) => {
      // Option values only: the child's name and the email never reach analytics.
      track("quiz_step_answered", { step: page.id, answer: Array.isArray(value) ? value.join(",") : value });
      useOnboardingStore.setState(withAnswer(state, page.id, value));
    },
    back: () => useOnboardingStore.setState(backFrom(state, page.id)),
    giveName: (name: string) => {
      track("quiz_step_answered", { step: page.id });
      useOnboardingStore.setState(withKid(state, page.id, { name }));
    },
    giveAge: (text: string) => {
      const value = Number(text);
      track("quiz_step_answered", { step: page.id });
      useOnboardingStore.setState(
        withKid(state, page.id, { years: { value, text: t("quiz.pages.kid-age.years", { count: value }) } }),
      );
    },
    submit: (input: LeadInput) => {
      const post = quizLeadPost(state, input);
      track("email_submitted", { flow: flowType, mailing_consent: input.mailingConsent });
      void lead.submit(post, { method: "post", encType: "application/json" });
    },
  };
}
