import { expect, test } from "./fixtures.ts";

test("a page is complete without JavaScript (server-rendered)", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/es/onboarding/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preparemos a tu peque para la escuela");
  await expect(page.getByRole("contentinfo").getByRole("link")).not.toHaveCount(0);
  // The drawer is a native popover, so the menu opens without any script.
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await expect(page.getByRole("dialog").getByRole("link").first()).toBeVisible();
  await context.close();
});

test("the page hydrates under the strict CSP without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto("/onboarding/");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the drawer menu works with the keyboard alone", async ({ page }) => {
  await page.goto("/onboarding/");
  const menuButton = page.getByRole("button", { name: "Open menu" });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  for (const name of [
    "Printables",
    "Profile",
    "Contact us",
    "Terms of Service",
    "Privacy Policy",
    "Money-Back Policy",
    "Subscription Terms",
    "Cookie Policy",
  ]) {
    await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(drawer.getByRole("link", { name: "Printables" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/printables\/$/);
  await expect(drawer).toBeHidden();
});

test("client navigation scrolls to the top, and to an anchor when given", async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 300 });
  await page.goto("/terms/privacy-policy/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie Policy" }).click();
  await expect(page).toHaveURL(/\/terms\/cookie-policy\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the offline state is announced and cleared", async ({ page, context, quiz }) => {
  // The banner listens once hydrated; the menu button is there before that (server HTML).
  await quiz.open("/onboarding/");
  await context.setOffline(true);
  await expect(page.getByRole("status")).toContainText("You are offline");
  await context.setOffline(false);
  await expect(page.getByRole("status")).toContainText("You are back online");
});

test("responses are compressed and hashed assets are cached for a year", async ({ request, page }) => {
  const html = await request.get("/onboarding/", { headers: { "accept-encoding": "br, gzip" } });
  expect(html.headers()["content-encoding"]).toBe("br");
  expect(html.headers().vary).toMatch(/accept-encoding/i);
  expect(html.headers().vary).toMatch(/Accept-Language/);
  await page.goto("/onboarding/");
  const script = await page.locator('link[rel="modulepreload"]').first().getAttribute("href");
  const asset = await request.get(script ?? "", { headers: { "accept-encoding": "br" } });
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(asset.headers()["content-encoding"]).toBe("br");
});
