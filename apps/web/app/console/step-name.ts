import type { ConsoleKey } from "@kinderready/i18n/message-keys";
import type { Translate, TranslateIfKnown } from "@kinderready/i18n/translator";

/**
 * A funnel step's name for the operator: `quiz:<id>` and `purchase:<id>` carry the page's id; a
 * step the catalogue does not name is shown by its id.
 */
export function stepName(translation: { t: Translate<ConsoleKey>; ifKnown: TranslateIfKnown }, id: string): string {
  const [kind = id, page] = id.split(":");
  if (page !== undefined)
    return translation.t(kind === "quiz" ? "funnel.steps.question" : "funnel.steps.purchasePage", { step: page });
  const key = kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  return translation.ifKnown(`funnel.steps.${key}`) ?? id;
}
