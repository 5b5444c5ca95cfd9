import { describe, expect, it } from "vitest";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import { quizAnswersOf } from "./quiz-answers.ts";

const serverKnows = { childName: "Emma", age: 5, topics: ["listening"], pages: [] };
const nothingKept = () => useOnboardingStore.getInitialState();

describe("the quiz's answers on the purchase pages", () => {
  it("takes what this device kept over what the server knows", () => {
    const kept = {
      ...nothingKept(),
      kid: { name: "Lio", years: { text: "4 years", value: 4 } },
      topics: ["letters"],
      questions: [{ id: "help", answer: ["letters", "numbers"] }],
    } as ReturnType<typeof nothingKept>;
    expect(quizAnswersOf(kept, serverKnows)).toEqual({
      kidName: "Lio",
      age: 4,
      goals: ["letters", "numbers"],
      topics: ["letters"],
    });
  });

  it("falls back to the server's answers when the quiz was taken on another device", () => {
    expect(quizAnswersOf(nothingKept(), serverKnows)).toEqual({
      kidName: "Emma",
      age: 5,
      goals: [],
      topics: ["listening"],
    });
  });

  it("knows nothing of a parent neither the device nor the server knows", () => {
    expect(quizAnswersOf(nothingKept(), null)).toEqual({ kidName: "", age: undefined, goals: [], topics: [] });
  });
});
