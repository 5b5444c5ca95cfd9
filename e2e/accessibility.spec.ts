import { localeCodes } from "@kinderready/i18n/locales";
import type { Page } from "@playwright/test";
import { unavailableHtml } from "../apps/web/app/database-outage.server.ts";
import { axe } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const paths = [
  "/onboarding/",
  "/quiz1/",
  "/purchase/",
  "/offer1/",
  "/purchase-flow/",
  "/printables/",
  "/profile/",
  "/profile/subscription/",
  "/profile/cancel-subscription/",
  "/contact/",
  "/cancel/",
  "/unsubscribe/",
  "/terms/cookie-policy/",
  "/terms/do-not-sell/",
  "/terms/money-back-policy/",
  "/terms/privacy-policy/",
  "/terms/subscription-terms/",
  "/terms/terms-of-service/",
  "/404/",
];

// One test per page: a single test walking them all outgrew the time limit on a busy machine.
for (const locale of ["", "/ar"]) {
  for (const path of paths) {
    test(`${locale}${path} passes axe-core`, async ({ page }) => {
      await page.goto(`${locale}${path}`);
      await expectNoViolations(page, `${locale}${path}`);
    });
  }
}

test("the open drawer passes axe-core", async ({ page, quiz }) => {
  await quiz.open("/onboarding/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const results = await axe(page).analyze();
  expect(results.violations).toEqual([]);
});

// The way the suite runs axe (violations only, in the page's own frames) still finds them.
test("axe as the suite runs it finds a planted button without a name and text without contrast", async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><title>t</title><main><h1>t</h1><button></button><p style="color:#ddd">faint</p></main></html>',
  );
  const results = await axe(page).analyze();
  expect(results.violations.map((violation) => violation.id).sort()).toEqual(["button-name", "color-contrast"]);
});

// The busy page (an overloaded process, or the database out) cannot be brought about here: its
// document is checked as the server sends it, in every language.
for (const locale of localeCodes) {
  test(`the busy page in ${locale} passes axe-core and leaves trying again to the visitor`, async ({ page }) => {
    await page.setContent(unavailableHtml(locale, "bm9uY2U", { path: "/purchase/?token=t" }));
    await expectNoViolations(page, `busy page in ${locale}`);
    await expect(page.locator("meta[http-equiv]")).toHaveCount(0);
    await expect(page.getByRole("link")).toHaveAttribute("href", "/purchase/?token=t");
  });
}

async function expectNoViolations(page: Page, where: string) {
  const results = await axe(page).analyze();
  expect(results.violations, where).toEqual([]);
}

for (const locale of ["", "/ar"]) {
  test(`every kind of quiz page${locale ? ` in ${locale.slice(1)}` : ""}, with its errors showing, passes axe-core`, async ({
    page,
    quiz,
  }) => {
    // Five axe-core analyses: on two cores shared with the other worker they can pass 30 s.
    test.slow();
    await quiz.open(`${locale}/onboarding/`);
    await expectNoViolations(page, "common page");
    await quiz.answerUntil("tantrums");
    await expectNoViolations(page, "choice page");
    await quiz.answerUntil("help");
    await quiz.submit();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoViolations(page, "multiple choice with its error");
    await page.locator(".answer--check input").first().check();
    await quiz.submit();
    await quiz.submit();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoViolations(page, "kid name with its error");
    await page.locator("#kid-name").fill("Sam");
    await quiz.submit();
    await page.locator("#kid-age").fill("40");
    await quiz.submit();
    await expectNoViolations(page, "kid age with its error");
    await page.locator("#kid-age").fill("4");
    await quiz.submit();
    await page.locator("#email").fill("nope");
    await quiz.submit();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoViolations(page, "analysing screen with its error");
  });
}
