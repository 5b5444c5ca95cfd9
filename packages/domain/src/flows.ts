/**
 * Flow types: `main` is the quiz at /onboarding/ leading to /purchase/; `copy_1` is the copy at
 * /quiz1/ leading to /offer1/, where experiments run.
 */
export const flowTypes = ["main", "copy_1"] as const;
export type FlowType = (typeof flowTypes)[number];

export const flows = {
  main: { quizPath: "/onboarding/", purchasePath: "/purchase/" },
  copy_1: { quizPath: "/quiz1/", purchasePath: "/offer1/" },
} as const satisfies Record<FlowType, { quizPath: string; purchasePath: string }>;

export type PurchasePath = (typeof flows)[FlowType]["purchasePath"];
export const purchasePaths: readonly PurchasePath[] = [flows.main.purchasePath, flows.copy_1.purchasePath];

/** The flow a quiz page belongs to, from its page id (`onboarding` or `quiz1`). */
export function flowOfQuizPage(pageId: string): FlowType {
  return pageId === "quiz1" ? "copy_1" : "main";
}

/** The purchase pages, in order; the last one is the subscription offer. */
export const purchaseSteps = [
  "time-to-learn",
  "skills-growing-plan",
  "personalized-growing-plan",
  "colorful-worksheets",
  "real-reviews",
  "email",
  "subscription-offer",
] as const;

export type PurchaseStepId = (typeof purchaseSteps)[number];
