import { legalDocumentIds, legalDocuments } from "@kinderready/domain/legal/legal-documents.server";
import { expect, test } from "./fixtures.ts";

// Every legal document in every language: served, with every section and the support address,
// and readable on the narrowest phone.

const prefixes = ["", "/ru", "/es", "/fr", "/ar", "/de", "/pt"];

for (const prefix of prefixes) {
  test(`${prefix || "/"} legal documents render every section`, async ({ page }) => {
    for (const document of legalDocumentIds) {
      const response = await page.request.get(`${prefix}/terms/${document}/`);
      expect(response.status(), document).toBe(200);
      const html = await response.text();
      for (const section of legalDocuments[document]) {
        expect(html, `${prefix}/terms/${document}/ ${section}`).toMatch(
          new RegExp(`<h2 id="legal-${section}">[^<]+</h2>`),
        );
      }
      expect(html).toContain("support@kinderready.app");
    }
  });
}

for (const prefix of prefixes) {
  test(`${prefix || "/"} legal documents fit a 320 px wide phone: the page never scrolls sideways`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const id of legalDocumentIds) {
      await page.goto(`${prefix}/terms/${id}/`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${prefix}/terms/${id}/`).toBeLessThanOrEqual(320);
    }
  });
}

test("do-not-sell: the button opts this browser out, and a Global Privacy Control signal already does", async ({
  page,
  browser,
}) => {
  await page.goto("/terms/do-not-sell/");
  const choice = page.locator(".legal__opt-out");
  await choice.getByRole("button", { name: "Opt out of sale and sharing" }).click();
  await expect(choice.getByRole("status")).toContainText("You have opted out");
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "kr_do_not_share");
  expect(cookie?.value).toBe("1");
  await page.reload();
  await expect(choice.getByRole("status")).toContainText("You have opted out");

  const gpc = await browser.newContext({ extraHTTPHeaders: { "sec-gpc": "1" } });
  const signalled = await gpc.newPage();
  await signalled.goto(`${test.info().project.use.baseURL}/ar/terms/do-not-sell/`);
  await expect(signalled.locator(".legal__opt-out").getByRole("status")).toContainText("Global Privacy Control");
  await expect(signalled.locator(".legal__opt-out").getByRole("button")).toHaveCount(0);
  await gpc.close();
});
