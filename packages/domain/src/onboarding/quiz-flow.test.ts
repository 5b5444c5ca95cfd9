import { describe, expect, it } from "vitest";
import { type QuizPage, quizFlow } from "./quiz-flow.ts";

// Every question with answers to pick shows a picture of the kit's library: on each answer when
// the answers name what a child does or feels, else one on the question (its answers are a scale
// or a yes/no, which no picture names). The punishment question is about the parent, and has none.
describe("the quiz's pictures", () => {
  const pages = (quizFlow as readonly QuizPage[]).filter((page) => "options" in page);

  it.each(pages.map((page) => [page.id, page] as const))("%s has its pictures in one place", (id, page) => {
    if (!("options" in page)) return;
    const onAnswers = page.options.filter((option) => option.picture).length;
    const where = page.picture
      ? onAnswers === 0
        ? "question"
        : "both"
      : onAnswers === page.options.length
        ? "answers"
        : onAnswers === 0
          ? "none"
          : "some answers";
    expect(where).toBe(id === "punishment" ? "none" : id === "ty" || id === "help" ? "answers" : "question");
  });

  it("gives each question its own picture", () => {
    const pictures = pages.flatMap((page) => (page.picture ? [page.picture] : []));
    expect(new Set(pictures).size).toBe(pictures.length);
  });
});
