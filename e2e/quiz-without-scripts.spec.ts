import { devices, type Page } from "@playwright/test";
import { expect, test, unique } from "./fixtures.ts";
import { holdScripts } from "./no-script.ts";

// The quiz before its scripts arrive, and with them off: every page is a form the server answers,
// so a tap is never lost, and the parent reaches the offer either way.

const phone = devices["Pixel 7"];
const question = (page: Page) => page.locator("#quiz-question");
const step = (page: Page) => page.locator("section.quiz").getAttribute("data-step");

/** Answers the page on screen as a parent would (first option, two goals, Noa, 5) and waits for the next. */
async function answerPage(page: Page) {
  const id = await step(page);
  const before = await question(page).textContent();
  if (id === "help") {
    await page.getByRole("checkbox").nth(0).check();
    await page.getByRole("checkbox").nth(2).check();
    await page.locator("form.quiz__form button[type=submit]").click();
  } else if (id === "kid-name" || id === "kid-age") {
    await page.locator(`#${id}`).fill(id === "kid-name" ? "Noa" : "5");
    await page.locator("form.quiz__form button[type=submit]").click();
  } else {
    await page.locator(".answers .answer").first().click();
  }
  await expect(question(page)).not.toHaveText(before ?? "");
}

test("with scripts off, a parent answers every page and reaches the offer, in English and Arabic", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const locale of ["", "/ar"]) {
    const context = await browser.newContext({ ...phone, baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${locale}/quiz1/?utm_source=newsletter`);
    await expect(page.locator("html")).toHaveAttribute("dir", locale ? "rtl" : "ltr");
    await expect(page.locator("section.quiz")).toHaveAttribute("data-step", "ty");

    await answerPage(page);
    // Back is a form too, and the earlier answer stays marked.
    await page.locator(".quiz__back").click();
    await expect(page.locator("section.quiz")).toHaveAttribute("data-step", "ty");
    await expect(page.locator(".answers .answer").first()).toHaveAttribute("aria-pressed", "true");

    while ((await step(page)) !== "kid-age") await answerPage(page);
    // The server checks what the scripts would, and says so next to the field.
    await page.locator("#kid-age").fill("42");
    await page.locator("form.quiz__form button[type=submit]").click();
    await expect(page.locator("#kid-age-error")).toBeVisible();
    await expect(page.locator("#kid-age")).toHaveValue("42");
    await answerPage(page);

    await expect(page.locator("section.quiz")).toHaveAttribute("data-step", "analyzing");
    // The analysis runs in the style sheet: the percentage climbs and the status line moves on
    // (the first is gone after 2.5 s). The email form is the way on: nothing leaves the page by itself.
    const percent = () =>
      page
        .locator(".analyzing__meter")
        .evaluate((meter) => getComputedStyle(meter).getPropertyValue("--analysis-percent"));
    const first = Number(await percent());
    await expect.poll(async () => Number(await percent())).toBeGreaterThan(first);
    await expect(page.locator(".analyzing__status > .analyzing__line")).toBeHidden({ timeout: 5000 });
    await expect(page.locator(".analyzing__status .analyzing__line:visible")).toHaveCount(1);
    await expect(page.locator("meta[http-equiv=refresh]")).toHaveCount(0);
    await page.locator("#email").fill(`no-scripts-${unique()}@example.com`);
    await page.locator("form.analyzing__form button[type=submit]").click();
    await page.waitForURL(new RegExp(`${locale}/offer1/\\?.*token=`));
    expect(new URL(page.url()).searchParams.get("utm_source")).toBe("newsletter");
    await context.close();
  }
});

test("a tap made before the scripts ran is answered by the server, and the scripts carry on from there", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...phone, baseURL });
  const page = await context.newPage();
  // The scripts are held back, as on a slow phone, until the parent has tapped.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/onboarding/", { waitUntil: "commit" });
  await expect(question(page)).toHaveText("Let's get your child ready for kindergarten");
  await page.getByRole("button", { name: "Kindergarten starts within a year" }).click();
  await expect(page.locator("section.quiz")).toHaveAttribute("data-step", "i-need");
  release();
  // Hydrated on the page the server showed, with the answer kept.
  await expect(page.locator("section.quiz[data-ready]")).toHaveAttribute("data-step", "i-need");
  await page.locator(".quiz__back").click();
  await expect(page.getByRole("button", { name: "Kindergarten starts within a year" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await context.close();
});

test("goals ticked and a name typed before the scripts booted on a slow phone are what the quiz sends", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  for (const [until, act, next] of [
    [
      "help",
      async (page: Page) => {
        await page.getByRole("checkbox").nth(0).check();
        await page.getByRole("checkbox").nth(2).check();
      },
      "kid-name",
    ],
    ["kid-name", (page: Page) => page.locator("#kid-name").fill("Noa"), "kid-age"],
  ] as const) {
    const context = await browser.newContext({ ...phone, baseURL });
    const page = await context.newPage();
    const scripts = await holdScripts(page);
    await page.goto("/onboarding/", { waitUntil: "commit" });
    // Each answer is a plain form the server answers while the scripts are held.
    while ((await step(page)) !== until) await answerPage(page);
    await act(page);
    await scripts.release();
    await expect(page.locator("section.quiz[data-ready]")).toHaveAttribute("data-step", until, { timeout: 15_000 });
    await page.locator("form.quiz__form button[type=submit]").click();
    await expect(page.locator("section.quiz"), until).toHaveAttribute("data-step", next);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.locator(".quiz__back").click();
    if (until === "help") {
      await expect(page.getByRole("checkbox").nth(0)).toBeChecked();
      await expect(page.getByRole("checkbox").nth(2)).toBeChecked();
    } else await expect(page.locator("#kid-name")).toHaveValue("Noa");
    await context.close();
  }
});

test("a parent's page runs no script before its first paint; the console boots as usual", async ({ request }) => {
  for (const path of ["/onboarding/", "/ar/quiz1/", "/purchase/", "/printables/"]) {
    const html = await (await request.get(path)).text();
    // React Router's preloads and module script, in the shape the rewrite depends on, are gone.
    expect(html, path).not.toMatch(/<link rel="modulepreload"/);
    expect(html, path).not.toMatch(/<script[^>]*type="module"/);
    expect(html, path).toMatch(
      /<script type="text\/plain" id="kr-boot" data-preload="[^"]+">[^<]*import\("\/assets\/entry\.client-[^"]+\.js"\);<\/script>/,
    );
    expect(html, path).toMatch(/<script nonce="[^"]+">\(function\(\)\{var d=document/);
  }
  const console = await (await request.get("/admin/sign-in/")).text();
  expect(console).toMatch(/<script nonce="[^"]+" type="module" async="">/);
});

test("a parent's page fetches its scripts only once its first content is on screen", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...phone, baseURL });
  const page = await context.newPage();
  for (const path of ["/onboarding/", "/ar/quiz1/"]) {
    await page.goto(path);
    await expect(page.locator("section.quiz[data-ready]")).toBeVisible();
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.*\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(Math.min(...scripts), path).toBeGreaterThanOrEqual(paint);
  }
  await context.close();
});

test("a page opened from a quiz page before the rest of its texts arrived waits for them", async ({ page }) => {
  // The whole catalogue, which the quiz fetches once it has hydrated with its part, is slow to
  // come, as on a poor connection.
  await page.route(/\/assets\/en-whole-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.fulfill({ response });
  });
  await page.goto("/onboarding/");
  await expect(page.locator("section.quiz[data-ready]")).toBeVisible();
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Profile", exact: true }).click();
  await page.waitForURL(/\/profile\/$/);
  await expect(page.locator("main h1")).toBeVisible();
  // Every text in words, none a catalogue key ("profile.signIn.title").
  await expect(page.locator("main")).not.toContainText(/\b(profile|pages|purchase|printables)\.[a-zA-Z]+/);
});
