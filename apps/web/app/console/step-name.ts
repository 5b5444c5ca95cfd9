import type { Translate } from "@kinderready/i18n/translator";

/** A funnel step's name for the operator: `quiz:<id>` and `purchase:<id>` carry the page's id. */
export function stepName(t: Translate, id: string): string {
  const [kind = id, page] = id.split(":");
  if (page !== undefined)
    return t(kind === "quiz" ? "funnel.steps.question" : "funnel.steps.purchasePage", { step: page });
  const key = kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  return t(`funnel.steps.${key}`);
}
