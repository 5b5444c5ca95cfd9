import type { KitPreview } from "@kinderready/domain/printables/kit-preview.server";
import type { useOnboardingStore } from "../../stores/onboarding-store.ts";

/** What the parent told the quiz, for the pages that speak about their child. */
export type QuizAnswers = {
  kidName: string;
  age: number | undefined;
  goals: readonly string[];
  topics: readonly string[];
};

/**
 * The quiz's answers as this device kept them, else as the server knows them (the quiz was taken
 * on another device, or the parent came by an emailed link).
 */
export function quizAnswersOf(
  onboarding: ReturnType<typeof useOnboardingStore.getState>,
  kitPreview: KitPreview | null,
): QuizAnswers {
  const helpAnswer = onboarding.questions.find((question) => question.id === "help")?.answer;
  return {
    kidName: onboarding.kid.name || kitPreview?.childName || "",
    age: onboarding.kid.years?.value ?? kitPreview?.age ?? undefined,
    goals: Array.isArray(helpAnswer) ? helpAnswer : [],
    topics: onboarding.topics.length > 0 ? onboarding.topics : (kitPreview?.topics ?? []),
  };
}
