import type { QuizPage } from "./quiz-flow.ts";

/** One answer as the server stores it: the page id and the option value(s) or the typed text. */
export type QuizAnswer = { id: string; answer: string | string[] };

/** Back is offered on every page but the first and those that disable it. */
export function canGoBack(flow: readonly QuizPage[], index: number): boolean {
  const page = flow[index];
  return index > 0 && page !== undefined && !page.backDisabled;
}

/** Where Back leads: the page a previous-index id names, otherwise one step back. */
export function previousIndex(flow: readonly QuizPage[], index: number): number {
  const target = flow[index]?.previousIndex;
  const named = target === undefined ? -1 : flow.findIndex((page) => page.id === target);
  return named >= 0 ? named : Math.max(0, index - 1);
}

/** The next page, or this one when it is the last. */
export function nextIndex(flow: readonly QuizPage[], index: number): number {
  return Math.min(index + 1, flow.length - 1);
}

/** Keeps a stored index inside the flow (the flow may have changed since it was saved). */
export function clampIndex(flow: readonly QuizPage[], index: number): number {
  return Number.isInteger(index) ? Math.min(Math.max(index, 0), flow.length - 1) : 0;
}

/** Progress counts only the pages that show it: `current` of `total`, or nothing on hidden pages. */
export function progressOf(flow: readonly QuizPage[], index: number): { current: number; total: number } | undefined {
  if (flow[index]?.hideProgress) return undefined;
  const counted = flow.filter((page) => !page.hideProgress);
  const current = flow.slice(0, index + 1).filter((page) => !page.hideProgress).length;
  return { current, total: counted.length };
}

/**
 * Records an answer. Answers keep the order they were first given; answering a page again
 * (after going back) replaces its answer in place rather than adding a second one.
 */
export function recordAnswer(questions: readonly QuizAnswer[], answer: QuizAnswer): QuizAnswer[] {
  const at = questions.findIndex((question) => question.id === answer.id);
  if (at < 0) return [...questions, answer];
  return questions.map((question, i) => (i === at ? answer : question));
}

/** The unique topics the answers add, in the order of the answers. */
export function topicsOf(flow: readonly QuizPage[], questions: readonly QuizAnswer[]): string[] {
  const topics = new Set<string>();
  for (const { id, answer } of questions) {
    const page = flow.find((candidate) => candidate.id === id);
    if (!page || !("options" in page)) continue;
    const chosen = Array.isArray(answer) ? answer : [answer];
    for (const option of page.options) if (option.topic && chosen.includes(option.value)) topics.add(option.topic);
  }
  return [...topics];
}
