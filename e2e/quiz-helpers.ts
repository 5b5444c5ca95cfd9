import { expect, type Page } from "@playwright/test";

/** Opens a quiz page and waits until it answers taps (hydrated, saved answers restored). */
export async function openQuiz(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator(".quiz[data-ready]")).toBeVisible();
}

/** The quiz page the parent is on, by its id in the flow. */
export const stepOf = (page: Page) => page.locator(".quiz").getAttribute("data-step");

/** Answers the current page with the answer button at `index` and waits for the next page. */
export async function answer(page: Page, index = 0) {
  const before = await stepOf(page);
  await page.locator(".answers .answer").nth(index).click();
  await expect(page.locator(".quiz")).not.toHaveAttribute("data-step", before ?? "");
}

/** Answers with the first option until the page with this id is showing. */
export async function answerUntil(page: Page, id: string) {
  while ((await stepOf(page)) !== id) await answer(page);
}

/** Presses the current form's submit button (Continue, or the email form's). */
export const submitForm = (page: Page) => page.locator(".quiz__form button[type=submit]").click();
