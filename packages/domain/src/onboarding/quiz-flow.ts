import type { PictureId } from "@kinderready/kit/pictures/picture-catalogue";

/**
 * The onboarding quiz as data: an ordered list of page definitions. The engine
 * (quiz-engine.ts) and the page component read it; nothing else knows the order.
 * Labels are catalogue keys; values are language-neutral and are what the server stores.
 */

export type QuizOption = {
  value: string;
  /** Catalogue key of the button text. */
  label: string;
  /** A topic this answer adds to the parent's plan. */
  topic?: string;
  /** A picture of the kit's library shown with the answer. */
  picture?: PictureId;
};

type PageBase = {
  id: string;
  /** Left out of the progress count and the progress bar. */
  hideProgress?: boolean;
  /** No back button on this page. */
  backDisabled?: boolean;
  /** Back goes to the page with this id instead of one step back. */
  previousIndex?: string;
  /**
   * A picture of what the question is about, shown beside its text: on the pages whose answers
   * are a yes-or-no or a how-often scale, which no picture could name.
   */
  picture?: PictureId;
};

export type QuizPage =
  | (PageBase & { type: "common"; options: readonly [QuizOption, QuizOption] })
  | (PageBase & { type: "choice"; options: readonly QuizOption[] })
  | (PageBase & { type: "multi-choice"; options: readonly QuizOption[] })
  | (PageBase & { type: "form"; field: "kid-name" | "kid-age" })
  | (PageBase & { type: "email" });

/** A statement to agree or disagree with; the answer named by `helpOn` adds the topic. */
const statement = (topic: string, helpOn: "agree" | "disagree" = "agree") =>
  [
    { value: "agree", label: "quiz.agree", ...(helpOn === "agree" && { topic }) },
    { value: "disagree", label: "quiz.disagree", ...(helpOn === "disagree" && { topic }) },
  ] as const satisfies readonly [QuizOption, QuizOption];

/** Weekly or more often calls for help with the topic. */
const frequency = (topic: string): QuizOption[] => [
  { value: "never", label: "quiz.frequency.never" },
  { value: "monthly", label: "quiz.frequency.monthly" },
  { value: "weekly", label: "quiz.frequency.weekly", topic },
  { value: "daily", label: "quiz.frequency.daily", topic },
  { value: "every-day", label: "quiz.frequency.everyDay", topic },
];

export const goals = ["well-behaved", "socialized", "emotionally-stable", "independent"] as const;

const goalPictures: Record<(typeof goals)[number], PictureId> = {
  "well-behaved": "thumbs-up",
  socialized: "hug",
  "emotionally-stable": "calm",
  independent: "shoe",
};

export const quizFlow = [
  {
    type: "common",
    id: "ty",
    options: [
      { value: "soon", label: "quiz.pages.ty.soon", picture: "backpack" },
      { value: "later", label: "quiz.pages.ty.later", picture: "calendar" },
    ],
  },
  { type: "common", id: "i-need", picture: "flexed-biceps", options: statement("independence") },
  { type: "common", id: "alone", picture: "puzzle", options: statement("independent-play") },
  { type: "common", id: "whine", picture: "sad", options: statement("whining") },
  { type: "common", id: "emotions", picture: "worried", options: statement("emotions") },
  { type: "common", id: "manipulate", picture: "thinking", options: statement("boundaries") },
  { type: "choice", id: "tantrums", picture: "angry", options: frequency("tantrums") },
  { type: "choice", id: "new-things", picture: "broccoli", options: frequency("new-experiences") },
  { type: "common", id: "adult", picture: "shy", options: statement("social-confidence") },
  { type: "common", id: "disrespect", picture: "frustrated", options: statement("respect") },
  // Agreeing is the good sign on chores and self-care: disagreeing is what calls for help.
  { type: "common", id: "chores", picture: "broom", options: statement("chores", "disagree") },
  { type: "common", id: "gadgets", picture: "phone", options: statement("screen-time") },
  { type: "common", id: "themselves", picture: "soap", options: statement("self-care", "disagree") },
  { type: "common", id: "hear", picture: "ear", options: statement("listening") },
  // About what the parent does, not the child: no picture.
  {
    type: "choice",
    id: "punishment",
    options: [
      { value: "every-time", label: "quiz.punishment.everyTime", topic: "positive-discipline" },
      { value: "mostly", label: "quiz.punishment.mostly", topic: "positive-discipline" },
      { value: "rarely", label: "quiz.punishment.rarely" },
      { value: "never", label: "quiz.punishment.never" },
    ],
  },
  {
    type: "multi-choice",
    id: "help",
    options: goals.map((goal) => ({ value: goal, label: `quiz.goals.${goal}`, picture: goalPictures[goal] })),
  },
  { type: "form", id: "kid-name", field: "kid-name" },
  { type: "form", id: "kid-age", field: "kid-age" },
  { type: "email", id: "analyzing", hideProgress: true, backDisabled: true },
] as const satisfies readonly QuizPage[];

export type QuizPageId = (typeof quizFlow)[number]["id"];
export const quizPageIds = quizFlow.map((page) => page.id) as QuizPageId[];

/** Every topic an answer can add, for validating what a client sends. */
export const quizTopics = [
  ...new Set(
    (quizFlow as readonly QuizPage[]).flatMap((page) =>
      "options" in page ? page.options.flatMap((option) => (option.topic ? [option.topic] : [])) : [],
    ),
  ),
];
