import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

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
  "/terms/cookie-policy/",
  "/terms/do-not-sell/",
  "/terms/money-back-policy/",
  "/terms/privacy-policy/",
  "/terms/subscription-terms/",
  "/terms/terms-of-service/",
  "/404/",
];

for (const locale of ["", "/ar"]) {
  test(`every page${locale ? ` in ${locale.slice(1)}` : ""} passes axe-core`, async ({ page }) => {
    for (const path of paths) {
      await page.goto(`${locale}${path}`);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations, `${locale}${path}`).toEqual([]);
    }
  });
}

test("the open drawer passes axe-core", async ({ page }) => {
  await page.goto("/onboarding/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});
