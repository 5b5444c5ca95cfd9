import { tmpdir } from "node:os";
import { join } from "node:path";
import { reviews } from "@kinderready/db/schema";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { kitContent } from "@kinderready/kit/content.server";
import type { Browser, Page } from "@playwright/test";
import { apiKey, expect, test, unique } from "./fixtures.ts";
import { openMigratedDatabase } from "./migrated-database.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";

// Parents' reviews in Chromium, on a server of its own (its reviews and operator are the test's
// alone): a parent who paid finishes the trial level and reviews the kit on the printables page,
// an operator approves it in the console and rejects another, and the purchase pages' reviews
// step, which showed only the kit's counts with two approved English reviews, shows the three
// once it has them, never the rejected one.

test.describe.configure({ mode: "serial" });
const port = 3187;
const base = `http://127.0.0.1:${port}`;
const dataDir = join(tmpdir(), `kinderready-reviews-${process.pid}`);
const operator = { email: "moderator@example.com", password: "moderator passphrase 1" };
let server: OwnServer | undefined;

/** Two English reviews approved before the test: one short of what a language needs to show them. */
const earlier = [
  { firstName: "Sara", rating: 4, text: "Short pages, so we do one every evening after dinner." },
  { firstName: "Tom", rating: 2, text: "Our son found the mazes too easy, the rest was fine." },
];

/** Waiting in the console, about something else than the kit: an operator rejects it. */
const rejected = { firstName: "Rex", rating: 5, text: "Visit my shop for cheaper worksheets, link in my profile!" };

// biome-ignore lint/correctness/noEmptyPattern: Playwright passes test info second, after the fixtures
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "pglite", "one server of its own is enough: runs in the pglite project");
  test.setTimeout(120_000);
  const handle = await openMigratedDatabase(dataDir);
  for (const [index, review] of earlier.entries()) {
    const parent = await insertTestParent(handle.db);
    const approvedAt = new Date(Date.now() - (index + 1) * 3_600_000);
    await handle.db
      .insert(reviews)
      .values({ userId: parent.id, locale: "en", ...review, childAge: 5, status: "approved", moderatedAt: approvedAt });
  }
  // One waiting that an operator will reject: it must never show.
  const offTopic = await insertTestParent(handle.db);
  await handle.db.insert(reviews).values({ userId: offTopic.id, locale: "en", ...rejected, childAge: 4 });
  await handle.close();
  server = await startOwnServer({
    port,
    dataDir,
    env: {
      APP_ENV: "local",
      TRUST_PROXY: "true",
      ADMIN_EMAIL: operator.email,
      ADMIN_PASSWORD: operator.password,
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A visitor who never took the quiz, on the purchase pages' reviews step, in a browser of their own. */
async function reviewsStep(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/purchase/`);
  const flow = page.locator(".purchase-flow");
  await expect(page.locator(".purchase-flow[data-ready]")).toBeVisible();
  while ((await flow.getAttribute("data-step")) !== "real-reviews") {
    const before = await flow.getAttribute("data-step");
    await page.locator(".purchase-flow__next").click();
    await expect(flow).not.toHaveAttribute("data-step", before ?? "");
  }
  return { page, close: () => context.close() };
}

async function markLevelDone(page: Page, title: string) {
  const buttons = page.getByRole("list", { name: title }).getByRole("button", { name: "Mark as done" });
  const total = await buttons.count();
  for (let done = 0; done < total; done++) {
    await buttons.first().click();
    await expect(buttons).toHaveCount(total - done - 1);
  }
}

/** A parent who took the quiz (through the API, as the quiz does) and paid, on the printables page: their token. */
async function registerAndPay(
  page: Page,
  buyKit: (token: string, options: { origin: string; country: string }) => Promise<unknown>,
) {
  const token = `e2e-${unique()}-reviews-abcdef`;
  const registered = await page.request.post(`${base}/api/v1/onboarding`, {
    headers: apiKey,
    data: {
      kid: { name: "Noa", years: { text: "5 years", value: 5 } },
      email: `reviews-${unique()}@example.com`,
      questions: [{ id: "ty", answer: "soon" }],
      isForbiddenToMailing: true,
      user_token: token,
      purchasePathByFlow: "/purchase/",
      product: "kinderready",
    },
  });
  expect(registered.status()).toBe(200);
  await page.setExtraHTTPHeaders({ "x-test-country": "de" });
  await buyKit(token, { origin: base, country: "de" });
  return token;
}

test("a paid parent reviews the kit, an operator approves it and rejects another, and the reviews step shows three", async ({
  page,
  browser,
  buyKit,
  declineUpsellForGood,
}) => {
  test.setTimeout(180_000);

  // Two approved English reviews are not enough: the step shows the kit's counts alone.
  const before = await reviewsStep(browser);
  await expect(before.page.getByText(/worksheets to print/)).toBeVisible();
  await expect(before.page.getByRole("region", { name: "What parents say" })).toHaveCount(0);
  await before.close();

  // A parent takes the quiz (through the API, as the quiz does), pays and finishes the trial level.
  await registerAndPay(page, buyKit);
  await declineUpsellForGood();
  const card = page.getByRole("region", { name: "How is the kit going?" });
  await expect(card).toHaveCount(0);
  await markLevelDone(page, kitContent("en").levels["0"].title);

  // Now the page asks: stars by keyboard, the words, the first name.
  await expect(card).toBeVisible();
  await card.getByRole("radio", { name: "4 of 5" }).check();
  await page.keyboard.press("ArrowRight");
  await expect(card.getByRole("radio", { name: "5 of 5" })).toBeChecked();
  const text = "Noa traces her name on every worksheet now, and asks for the next one.";
  await card.getByRole("textbox", { name: "Your review" }).fill(text);
  await card.getByRole("textbox", { name: "Your first name" }).fill("Maren");
  await card.getByRole("button", { name: "Send my review" }).click();
  await expect(card.getByText("Thank you, your review is with us")).toBeVisible();
  await expect(card.getByText("We read every review before it appears on our site.")).toBeVisible();

  // An operator reads it in the console, waiting, and approves it.
  const consoleContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const desk = await consoleContext.newPage();
  await desk.goto(`${base}/admin/reviews/`);
  await desk.getByLabel("Email").fill(operator.email);
  await desk.getByLabel("Password").fill(operator.password);
  await desk.getByRole("button", { name: "Sign in" }).click();
  await expect(desk).toHaveURL(`${base}/admin/reviews/`);
  const entry = desk.getByRole("listitem").filter({ hasText: text });
  await expect(entry).toContainText("Maren · 5 of 5");
  await expect(entry).toContainText("Child: 5 years");
  await entry.getByRole("button", { name: "Approve the review by Maren" }).click();
  await expect(desk.getByRole("status")).toContainText("Approved.");
  await desk
    .getByRole("listitem")
    .filter({ hasText: rejected.text })
    .getByRole("button", { name: "Reject the review by Rex" })
    .click();
  await expect(desk.getByRole("status")).toContainText("Rejected. It is not shown.");
  await consoleContext.close();

  // Three approved English reviews: the step shows them, newest approval first, above the counts.
  const after = await reviewsStep(browser);
  const shown = after.page.getByRole("region", { name: "What parents say" });
  await expect(shown.getByRole("listitem")).toHaveCount(3);
  const first = shown.getByRole("listitem").first();
  await expect(first).toContainText(text);
  await expect(first).toContainText("Maren, parent of a 5-year-old");
  await expect(first).toContainText("Verified buyer");
  await expect(first.getByRole("img", { name: "Rated 5 of 5" })).toBeVisible();
  await expect(shown.getByRole("img", { name: "Rated 2 of 5" })).toBeVisible();
  await expect(after.page.getByText(/worksheets to print/)).toBeVisible();
  // The rejected one, though newer and five stars, is not among them.
  await expect(shown).not.toContainText(rejected.text);
  await after.close();
});

test("without scripts, a paid parent finishes the trial level and reviews the kit with plain forms", async ({
  page,
  browser,
  buyKit,
  declineUpsellForGood,
}) => {
  test.setTimeout(180_000);
  const token = await registerAndPay(page, buyKit);
  await declineUpsellForGood();
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-test-country": "de" } });
  const plain = await context.newPage();
  await plain.goto(`${base}/printables/?token=${token}`);
  await markLevelDone(plain, kitContent("en").levels["0"].title);

  const card = plain.getByRole("region", { name: "How is the kit going?" });
  const text = "We print a page every morning; the mazes are her favourite part of the day.";
  await card.getByRole("radio", { name: "5 of 5" }).check();
  await card.getByRole("textbox", { name: "Your review" }).fill(text);
  await card.getByRole("textbox", { name: "Your first name" }).fill("Ann4");
  await card.getByRole("button", { name: "Send my review" }).click();
  // Refused by the server, field by field, with the parent's words still in the form.
  await expect(card.getByRole("alert")).toHaveText("Please enter your first name: letters only, up to 40.");
  await expect(card.getByRole("textbox", { name: "Your review" })).toHaveValue(text);
  await expect(card.getByRole("radio", { name: "5 of 5" })).toBeChecked();
  await card.getByRole("textbox", { name: "Your first name" }).fill("Anna");
  await card.getByRole("button", { name: "Send my review" }).click();
  await expect(plain).toHaveURL(/#review$/);
  await expect(card.getByText("Thank you, your review is with us")).toBeVisible();
  // Writing it again is a link to the page with the form open, the review in it.
  await card.getByRole("link", { name: "Write it again" }).click();
  await expect(card.getByRole("textbox", { name: "Your first name" })).toHaveValue("Anna");
  const again = `${text} Now she colours the add-on packs too.`;
  await card.getByRole("textbox", { name: "Your review" }).fill(again);
  await card.getByRole("button", { name: "Send my review" }).click();
  await expect(card.getByText("Thank you, your review is with us")).toBeVisible();
  await expect(card.locator("blockquote")).toHaveText(again);
  await context.close();
});
