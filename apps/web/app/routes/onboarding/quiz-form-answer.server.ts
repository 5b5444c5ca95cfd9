import { fieldRules } from "@kinderready/domain/onboarding/field-rules";
import type { QuizPage } from "@kinderready/domain/onboarding/quiz-flow";
import type { Translate } from "@kinderready/i18n/translator";
import { fieldMessage } from "../../components/forms/field-message.ts";
import { formText } from "../../post-body.server.ts";
import { backFrom, type OnboardingState, withAnswer, withKid } from "./quiz-progress.ts";

/** The saved quiz a page's plain form moves on to, or what was wrong with the answer (and the text sent). */
export type QuizFormMove = { next: OnboardingState } | { refused: { message: string; value?: string } };

/**
 * A page's answer (or Back) posted as a plain form: the saved quiz it leads to. The answer is
 * checked as the page's scripts would check it.
 */
export function quizAfterForm(
  { page, intent, form }: { page: QuizPage; intent: "answer" | "back"; form: FormData },
  saved: OnboardingState,
  t: Translate,
): QuizFormMove {
  if (intent === "back") return { next: backFrom(saved, page.id) };
  if (page.type === "common" || page.type === "choice" || page.type === "multi-choice") {
    return afterChoice(page, form, saved, t);
  }
  if (page.type === "form") return afterTyped(page, formText(form, "answer").trim(), saved, t);
  return { refused: { message: t("quiz.pages.analyzing.failed") } };
}

/** One of the page's options (any number of them on a multiple-choice page, in the page's order). */
function afterChoice(
  page: Extract<QuizPage, { options: unknown }>,
  form: FormData,
  saved: OnboardingState,
  t: Translate,
): QuizFormMove {
  const values = page.options.map((option) => option.value);
  const chosen = form.getAll("answer").filter((value): value is string => typeof value === "string");
  const single = page.type !== "multi-choice";
  if (chosen.length === 0 || (single && chosen.length > 1) || chosen.some((value) => !values.includes(value))) {
    return { refused: { message: t("validation.messages.makeChoice") } };
  }
  return {
    next: withAnswer(saved, page.id, single ? (chosen[0] as string) : values.filter((value) => chosen.includes(value))),
  };
}

/** The child's name or age, held to the same rules as the field in the page. */
function afterTyped(
  page: Extract<QuizPage, { type: "form" }>,
  value: string,
  saved: OnboardingState,
  t: Translate,
): QuizFormMove {
  const field = page.field === "kid-name" ? fieldRules.kidName : fieldRules.kidAge;
  const wrong = fieldMessage(t, value, field);
  if (wrong) return { refused: { message: wrong, value } };
  const count = Number(value);
  return {
    next: withKid(
      saved,
      page.id,
      page.field === "kid-name"
        ? { name: value }
        : { years: { value: count, text: t("quiz.pages.kid-age.years", { count }) } },
    ),
  };
}
