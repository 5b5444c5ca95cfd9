import { describe, expect, it } from "vitest";
import { canGoBack, clampIndex, nextIndex, previousIndex, progressOf, recordAnswer, topicsOf } from "./quiz-engine.ts";
import { type QuizPage, quizFlow } from "./quiz-flow.ts";

const flow: readonly QuizPage[] = quizFlow;
const last = flow.length - 1;

describe("quiz flow", () => {
  it("has the quiz pages in order, ending with the analysing screen", () => {
    expect(flow.map((page) => page.id)).toEqual([
      "ty",
      "i-need",
      "alone",
      "whine",
      "emotions",
      "manipulate",
      "tantrums",
      "new-things",
      "adult",
      "disrespect",
      "chores",
      "gadgets",
      "themselves",
      "hear",
      "punishment",
      "help",
      "kid-name",
      "kid-age",
      "analyzing",
    ]);
    expect(flow[last]).toMatchObject({ type: "email", hideProgress: true, backDisabled: true });
  });
});

describe("quiz engine", () => {
  it("hides Back on the first page and where it is disabled", () => {
    expect(canGoBack(flow, 0)).toBe(false);
    expect(canGoBack(flow, 1)).toBe(true);
    expect(canGoBack(flow, last)).toBe(false);
  });

  it("goes back one step, or to the page a previous-index id names", () => {
    expect(previousIndex(flow, 5)).toBe(4);
    const jumping: QuizPage[] = [
      {
        type: "common",
        id: "a",
        options: [
          { value: "y", label: "y" },
          { value: "n", label: "n" },
        ],
      },
      { type: "form", id: "b", field: "kid-name" },
      { type: "form", id: "c", field: "kid-age", previousIndex: "a" },
      { type: "form", id: "d", field: "kid-age", previousIndex: "missing" },
    ];
    expect(previousIndex(jumping, 2)).toBe(0);
    expect(previousIndex(jumping, 3)).toBe(2);
  });

  it("steps forward only while pages remain", () => {
    expect(nextIndex(flow, 0)).toBe(1);
    expect(nextIndex(flow, last)).toBe(last);
    expect(clampIndex(flow, 99)).toBe(last);
    expect(clampIndex(flow, -3)).toBe(0);
    expect(clampIndex(flow, Number.NaN)).toBe(0);
  });

  it("counts progress only over pages that show it", () => {
    expect(progressOf(flow, 0)).toEqual({ current: 1, total: 18 });
    expect(progressOf(flow, 17)).toEqual({ current: 18, total: 18 });
    expect(progressOf(flow, last)).toBeUndefined();
  });

  it("keeps answers in order and replaces a changed answer in place", () => {
    let questions = recordAnswer([], { id: "ty", answer: "soon" });
    questions = recordAnswer(questions, { id: "i-need", answer: "agree" });
    questions = recordAnswer(questions, { id: "ty", answer: "later" });
    expect(questions).toEqual([
      { id: "ty", answer: "later" },
      { id: "i-need", answer: "agree" },
    ]);
  });

  it("derives a unique topic list that follows changed answers", () => {
    const questions = [
      { id: "i-need", answer: "agree" },
      { id: "tantrums", answer: "daily" },
      { id: "chores", answer: "disagree" },
      { id: "new-things", answer: "never" },
      { id: "help", answer: ["independent", "socialized"] },
    ];
    expect(topicsOf(flow, questions)).toEqual(["independence", "tantrums", "chores"]);
    expect(topicsOf(flow, [{ id: "i-need", answer: "disagree" }])).toEqual([]);
  });
});
