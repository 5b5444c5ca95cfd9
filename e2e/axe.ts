import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core over the page as it stands, collecting violations only. Legacy mode runs axe in the
 * page's own frames instead of opening a second page to gather their results, which only
 * cross-origin frames need (the product has none): the same violations, four to five times
 * faster on a long table, where the second page and the passes' details were most of the time.
 */
export const axe = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
