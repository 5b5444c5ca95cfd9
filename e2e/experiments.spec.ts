import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";

// The growth engine in Chromium: the intro-offer split decides the price a copy_1 visitor sees
// and travels with their analytics events; the ad pixel waits for consent where the law asks.

/** Each intro-offer group's price today, as the offer shows it to a US visitor. */
const introPrices = { A: "Due today$1.99", B: "Due today$0.99" } as const;

/** The group whose price the offer shows (the server places parents with a key of its own). */
async function groupShown(page: Page): Promise<keyof typeof introPrices> {
  const text = (await page.locator(".purchase-flow").textContent()) ?? "";
  const shown = (Object.keys(introPrices) as (keyof typeof introPrices)[]).filter((group) =>
    text.includes(introPrices[group]),
  );
  expect(shown).toHaveLength(1);
  return shown[0] as keyof typeof introPrices;
}

async function openOffer(page: Page, token: string) {
  await page.setExtraHTTPHeaders({ "x-test-country": "us" });
  await page.goto(`/offer1/?token=${token}&offer=1`);
  await expect(page.locator(".purchase-flow[data-ready]")).toHaveAttribute("data-step", "subscription-offer");
}

test("a copy_1 visitor sees their group's intro price, and the group is on their stored events", async ({
  page,
  api,
  registerParent,
}) => {
  const { token } = await registerParent("split");
  await openOffer(page, token);
  const group = await groupShown(page);

  // Leaving the page hands the queued events to the browser (sendBeacon).
  await page.goto("/terms/cookie-policy/");
  await expect(async () => {
    const response = await api.get(`/api/v1/analytics/users/${token}/events`);
    const { events } = (await response.json()) as {
      events: { name: string; user_properties: Record<string, string>; page: string }[];
    };
    const offer = events.find((event) => event.name === "offer_viewed");
    expect(offer).toMatchObject({ page: "/offer1/", user_properties: { "intro-offer": group } });
  }).toPass({ timeout: 15_000 });
});

test("the same parent always lands in the same group, whatever token they chose", async ({ page, registerParent }) => {
  const { token } = await registerParent("split-again");
  await openOffer(page, token);
  const group = await groupShown(page);
  await page.reload();
  await expect(page.locator(".purchase-flow")).toContainText(introPrices[group]);
});

/** Meta pixel requests from this context, answered locally (no network). */
async function capturePixel(context: BrowserContext): Promise<string[]> {
  const pixel: string[] = [];
  await context.route("https://www.facebook.com/**", async (route) => {
    pixel.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "image/gif", body: "" });
  });
  return pixel;
}

/** Opens a page and waits for its analytics visit, sent in the same effect as the pixel's page view. */
async function openAndWaitForVisit(page: Page, url: string) {
  const visit = page.waitForRequest((request) => request.url().endsWith("/api/v1/analytics"));
  await page.goto(url);
  await visit;
}

test.describe("ad consent", () => {
  // A server of its own, with a Meta pixel configured, shared by these tests in one worker.
  test.describe.configure({ mode: "serial" });
  const port = 3185;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = join(tmpdir(), `kinderready-consent-${process.pid}`);
  let server: OwnServer | undefined;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright passes test info second, after the fixtures
  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== "pglite", "runs in the pglite project only");
    test.setTimeout(90_000);
    server = await startOwnServer({
      port,
      dataDir,
      env: {
        META_PIXEL_ID: "1234567890",
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const [choice, fires] of [
    ["Reject", false],
    ["Accept", true],
  ] as const) {
    test(`in Germany, the pixel waits for the banner; after "${choice}" it ${fires ? "fires" : "stays silent"}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ extraHTTPHeaders: { "x-test-country": "de" } });
      const pixel = await capturePixel(context);
      const page = await context.newPage();
      await openAndWaitForVisit(page, `${base}/onboarding/`);
      const banner = page.getByRole("region", { name: "Cookies for ads" });
      await expect(banner).toBeVisible();
      expect(pixel).toEqual([]);

      await banner.getByRole("button", { name: choice }).click();
      await expect(banner).toHaveCount(0);
      await openAndWaitForVisit(page, `${base}/terms/cookie-policy/`);
      await expect(page.getByRole("region", { name: "Cookies for ads" })).toHaveCount(0);
      if (fires) {
        await expect.poll(() => pixel.length).toBeGreaterThanOrEqual(2);
        const url = new URL(pixel.at(-1) ?? "");
        expect(url.searchParams.get("id")).toBe("1234567890");
        expect(url.searchParams.get("ev")).toBe("PageView");
        expect(url.searchParams.get("dl")).toBe(`${base}/terms/cookie-policy/`);
      } else {
        expect(pixel).toEqual([]);
      }
      await context.close();
    });
  }

  test("before the scripts run, or without them, the banner's choice is a form the server keeps", async ({
    browser,
  }) => {
    for (const locale of ["", "/ar"]) {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        extraHTTPHeaders: { "x-test-country": "de" },
      });
      const page = await context.newPage();
      await page.goto(`${base}${locale}/quiz1/?utm_source=newsletter`);
      const banner = page.locator(".consent-banner");
      await banner.getByRole("button").last().click();
      // The same page again, its address kept, now without the banner; the quiz goes on.
      await expect(banner).toHaveCount(0);
      expect(page.url()).toBe(`${base}${locale}/quiz1/?utm_source=newsletter`);
      const cookies = await context.cookies(base);
      expect(cookies.find((cookie) => cookie.name === "kr_ad_consent")?.value).toBe("denied");
      await page.locator(".answers .answer").first().click();
      await expect(page.locator("section.quiz")).not.toHaveAttribute("data-step", "ty");
      await context.close();
    }
  });

  test("the banner passes axe-core and works with the keyboard, in Arabic too", async ({ browser }) => {
    for (const locale of ["", "/ar"]) {
      const context = await browser.newContext({ extraHTTPHeaders: { "x-test-country": "fr" } });
      await capturePixel(context);
      const page = await context.newPage();
      await openAndWaitForVisit(page, `${base}${locale}/onboarding/`);
      const banner = page.locator(".consent-banner");
      await expect(banner).toBeVisible();
      const results = await axe(page).include(".consent-banner").analyze();
      expect(results.violations).toEqual([]);
      if (locale) await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await banner.getByRole("button").last().focus();
      await page.keyboard.press("Enter");
      await expect(banner).toHaveCount(0);
      await context.close();
    }
  });

  test("in the US no banner shows and the pixel fires, unless Global Privacy Control says no", async ({ browser }) => {
    for (const gpc of [false, true]) {
      const context = await browser.newContext({
        extraHTTPHeaders: { "x-test-country": "us", ...(gpc && { "sec-gpc": "1" }) },
      });
      if (gpc)
        await context.addInitScript(() => Object.defineProperty(navigator, "globalPrivacyControl", { value: true }));
      const pixel = await capturePixel(context);
      const page = await context.newPage();
      await openAndWaitForVisit(page, `${base}/onboarding/`);
      await expect(page.getByRole("region", { name: "Cookies for ads" })).toHaveCount(0);
      if (gpc) expect(pixel).toEqual([]);
      else await expect.poll(() => pixel.length).toBe(1);
      await context.close();
    }
  });
});
