import { expect, test } from "@playwright/test";

// The routing rules of the product, through a real browser and real HTTP.

test.describe("redirects", () => {
  test("the site root of each language goes to its onboarding page with a 302", async ({ request }) => {
    for (const [from, to] of [
      ["/", "/onboarding/"],
      ["/ru/", "/ru/onboarding/"],
      ["/ar/", "/ar/onboarding/"],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0, headers: { "accept-language": "en" } });
      expect(response.status(), from).toBe(302);
      expect(response.headers().location, from).toBe(to);
    }
  });

  test("a path without its trailing slash answers 308 and keeps the query", async ({ request }) => {
    const response = await request.get("/es/purchase?utm_source=fb&offer=1", { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(response.headers().location).toBe("/es/purchase/?utm_source=fb&offer=1");
  });

  test("API paths, files and data requests are not redirected", async ({ request }) => {
    expect((await request.get("/api/v1/health", { maxRedirects: 0 })).status()).toBe(200);
    expect((await request.get("/favicon.svg", { maxRedirects: 0 })).status()).toBe(200);
    const unknownApi = await request.get("/api/v1/nothing", { maxRedirects: 0 });
    expect(unknownApi.status()).toBe(401);
    expect(await unknownApi.json()).toMatchObject({ statusCode: 401 });
  });
});

test.describe("not found", () => {
  for (const [path, text] of [
    ["/no-such-page/", "This page could not be found"],
    ["/ru/no-such-page/", "Не удалось найти эту страницу"],
    ["/404/", "This page could not be found"],
  ] as const) {
    test(`${path} answers 404 in its language`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text);
      await expect(page.getByRole("link", { name: /home|главн/i }).last()).toBeVisible();
    });
  }
});

test.describe("language choice", () => {
  test("the browser language decides, then the cookie remembers", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    await page.goto("/onboarding/");
    await expect(page).toHaveURL(/\/de\/onboarding\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie).toMatchObject({ value: "de", secure: false, sameSite: "Lax", path: "/" });
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);

    // A prefixed visit changes the choice; the unprefixed address then follows the cookie.
    await page.goto("/fr/printables/");
    await page.goto("/profile/");
    await expect(page).toHaveURL(/\/fr\/profile\/$/);
    await context.close();
  });

  test("?lang= forces a language over the cookie and the browser", async ({ browser }) => {
    const context = await browser.newContext({ locale: "ru-RU" });
    const page = await context.newPage();
    await page.goto("/ru/onboarding/?lang=en&utm_source=x");
    await expect(page).toHaveURL(/\/onboarding\/\?utm_source=x$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/onboarding/");
    await expect(page).toHaveURL(/\/onboarding\/$/);
    await context.close();
  });

  test("Arabic pages are right to left and mirrored", async ({ page }) => {
    await page.goto("/ar/onboarding/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    const viewport = page.viewportSize();
    const brand = await page.locator(".brand").boundingBox();
    expect(brand && viewport && brand.x > viewport.width / 2).toBe(true);
    await page.getByRole("button", { name: "فتح القائمة" }).click();
    const drawer = await page.locator("#site-drawer").boundingBox();
    expect(drawer?.x).toBe(0);
  });
});

test.describe("share previews", () => {
  for (const path of ["/onboarding/", "/fr/terms/privacy-policy/"]) {
    test(`${path} has absolute og tags, a canonical link and hreflang alternates`, async ({ page, baseURL }) => {
      await page.goto(path);
      const content = (selector: string) => page.locator(selector).getAttribute("content");
      expect(await content('meta[property="og:type"]')).toBe("website");
      expect(await content('meta[property="og:url"]')).toBe(`${baseURL}${path}`);
      expect(await content('meta[property="og:image"]')).toBe(`${baseURL}/og-image.png`);
      expect(await content('meta[property="og:title"]')).toBeTruthy();
      expect(await content('meta[property="og:description"]')).toBeTruthy();
      expect(await content('meta[property="og:image:alt"]')).toBeTruthy();
      expect(await content('meta[name="twitter:card"]')).toBe("summary_large_image");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(8);
      const image = await page.request.get(`${baseURL}/og-image.png`);
      expect(image.headers()["content-type"]).toBe("image/png");
    });
  }
});
