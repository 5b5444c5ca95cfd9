import { flowOfQuizPage } from "@kinderready/domain/flows";
import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";
import { splitLocalePath } from "@kinderready/i18n/locales";
import { pageForPath } from "../../pages.ts";

// Where a quiz request stands in the funnel: the flow its address belongs to, and each page's step.

/** The flow of the quiz at this address (/onboarding/ or /quiz1/, in any language). */
export function flowOf(url: URL) {
  return flowOfQuizPage(pageForPath(splitLocalePath(url.pathname).path).id);
}

/** The funnel step of a quiz page: its question, or the email page. */
export function funnelStepOf(index: number): string {
  const page = quizFlow[index];
  return page?.type === "email" ? "email-page" : `quiz:${page?.id ?? "ty"}`;
}
