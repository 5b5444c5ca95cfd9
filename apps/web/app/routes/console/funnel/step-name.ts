import { funnelSteps } from "@kinderready/domain/analytics/funnel-steps";
import type { ConsoleKey } from "@kinderready/i18n/message-keys";
import type { Translate, TranslateIfKnown } from "@kinderready/i18n/translator";

const questions = funnelSteps.filter((step) => step.id.startsWith("quiz:")).map((step) => step.step);

/**
 * A funnel step's name for the operator: a question by its number and what it asks about, a
 * purchase page by what it shows; a step the catalogue does not name is shown by its id.
 */
export function stepName(translation: { t: Translate<ConsoleKey>; ifKnown: TranslateIfKnown }, id: string): string {
  const [kind = id, page] = id.split(":");
  if (page !== undefined && kind === "quiz") {
    const name = translation.ifKnown(`funnel.questions.${page}`) ?? page;
    return translation.t("funnel.steps.question", { number: questions.indexOf(page) + 1, name });
  }
  if (page !== undefined) {
    return translation.t("funnel.steps.purchasePage", {
      name: translation.ifKnown(`funnel.purchasePages.${page}`) ?? page,
    });
  }
  const key = kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  return translation.ifKnown(`funnel.steps.${key}`) ?? id;
}
