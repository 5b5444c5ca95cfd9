import { execFileSync } from "node:child_process";
import { kitContent } from "@kinderready/kit/content.server";
import type { Locator, Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

// The kit in Chromium: a parent who paid opens the printables, downloads a trial-level item in
// English and in Arabic (real PDFs with the expected words), and the levels open in order.

/** Clicks a download link; the file must be a PDF. */
async function downloadPdf(page: Page, link: Locator) {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = await download.path();
  expect(execFileSync("head", ["-c", "5", path], { encoding: "latin1" })).toBe("%PDF-");
  return { name: download.suggestedFilename(), path };
}

/** Text of a PDF (or of pages `from` to `to`), by poppler's pdftotext, bidi marks removed. */
function pdfText(path: string, pages?: [from: number, to: number]): string {
  const range = pages ? ["-f", String(pages[0]), "-l", String(pages[1])] : [];
  return execFileSync("pdftotext", [...range, path, "-"], { encoding: "utf8" }).replace(
    /[\u200e\u200f\u202a-\u202e]/g,
    "",
  );
}

async function downloadText(page: Page, link: Locator) {
  const { name, path } = await downloadPdf(page, link);
  return { name, text: pdfText(path) };
}

test("a paid parent downloads a trial item in English and Arabic; level 2 opens only after level 1", async ({
  page,
  paidParent: { token },
  declineUpsellForGood,
}) => {
  test.setTimeout(120_000);
  await declineUpsellForGood();

  const en = kitContent("en").levels;
  const trial = page.getByRole("list", { name: en["0"].title });
  const firstItem = trial.getByRole("listitem").first();
  const title = (await firstItem.getByRole("heading").textContent()) ?? "";
  const english = await downloadText(page, firstItem.getByRole("link", { name: "Download" }));
  expect(english.name).toMatch(/-en\.pdf$/);
  expect(english.text).toContain(title);
  expect(english.text).toContain("Made for Noa");
  expect(english.text).toContain("Trial level");

  await page.goto(`/ar/printables/?token=${token}`);
  const arabicTrial = page.getByRole("list", { name: kitContent("ar").levels["0"].title });
  const arabicItem = arabicTrial.getByRole("listitem").first();
  const arabicTitle = (await arabicItem.getByRole("heading").textContent()) ?? "";
  const arabic = await downloadText(page, arabicItem.getByRole("link", { name: "تنزيل" }));
  expect(arabic.name).toMatch(/-ar\.pdf$/);
  expect(arabic.text).toContain("Noa");
  // Readers put vowel marks (shadda, harakat) apart from their letter; compare without them.
  const plain = (text: string) => text.replace(/\s*[\u064b-\u0652]/g, "");
  const words = plain(arabicTitle)
    .split(/\s+/)
    .filter((part) => /[\u0600-\u06ff]{3,}/.test(part));
  expect(words.length).toBeGreaterThan(0);
  for (const word of words) expect(plain(arabic.text)).toContain(word);

  // The Arabic visit remembered Arabic (the language cookie): ask for English again.
  await page.goto(`/printables/?token=${token}&lang=en`);
  const levels = page.locator("ol.kit-levels");
  const level = (name: string) =>
    levels.getByRole("listitem").filter({ has: page.getByRole("heading", { name, level: 3 }) });
  await expect(level(en["1"].title)).toContainText("Locked");
  await expect(level(en["2"].title)).toContainText("Locked");

  /** Marks every item of the open level done, one click each, as a parent would. */
  async function completeOpenLevel(list: ReturnType<Page["getByRole"]>, keepLast = false) {
    const buttons = list.getByRole("button", { name: "Mark as done" });
    const total = await buttons.count();
    for (let done = 0; done < total - (keepLast ? 1 : 0); done++) {
      await buttons.first().click();
      await expect(buttons).toHaveCount(total - done - 1);
    }
  }

  await completeOpenLevel(trial);
  // The trial is complete: level 1 opens (and shows its items); level 2 stays locked.
  const first = page.getByRole("list", { name: en["1"].title });
  await expect(first.getByRole("listitem").first()).toBeVisible();
  await expect(level(en["0"].title)).toContainText("Completed");
  // Announced for screen readers, since the page moved on to the new level.
  await expect(page.getByText(`${en["0"].title} is complete. ${en["1"].title} is now open.`)).toBeAttached();
  await completeOpenLevel(first, true);
  await expect(level(en["2"].title)).toContainText("Locked");
  await expect(level(en["2"].title).getByRole("link")).toHaveCount(0);
  await first.getByRole("button", { name: "Mark as done" }).click();
  await expect(level(en["1"].title)).toContainText("Completed");
  await expect(level(en["2"].title)).not.toContainText("Locked");
  await expect(page.getByRole("list", { name: en["2"].title }).getByRole("listitem").first()).toBeVisible();
});

/** Pixels of one PDF page, rendered small, that are clearly a colour rather than a grey. */
function colouredPixels(path: string, pageNumber: number): number {
  const ppm = execFileSync("pdftoppm", ["-f", String(pageNumber), "-l", String(pageNumber), "-r", "20", path]);
  const header = /^P6\s+\d+\s+\d+\s+255\s/.exec(ppm.toString("latin1", 0, 24));
  expect(header).not.toBeNull();
  const pixels = ppm.subarray((header as RegExpExecArray)[0].length);
  let coloured = 0;
  for (let i = 0; i < pixels.length; i += 3) {
    const channels = [pixels[i] as number, pixels[i + 1] as number, pixels[i + 2] as number];
    if (Math.max(...channels) - Math.min(...channels) > 60) coloured++;
  }
  return coloured;
}

test("a paid parent chooses Letter and downloads a whole level in English and Arabic, as a book in colour", async ({
  page,
  paidParent: { token },
  declineUpsellForGood,
}) => {
  test.setTimeout(120_000);
  await declineUpsellForGood();
  const paper = page.getByRole("navigation", { name: "Paper size" });
  await paper.getByRole("link", { name: "US Letter" }).click();
  await expect(paper.getByRole("link", { name: "US Letter" })).toHaveAttribute("aria-current", "true");

  for (const [prefix, locale] of [
    ["", "en"],
    ["/ar", "ar"],
  ] as const) {
    await page.goto(`${prefix}/printables/?token=${token}`);
    const content = kitContent(locale);
    const level = page.locator("ol.kit-levels > li").first();
    const { name, path } = await downloadPdf(
      page,
      level.getByRole("link", { name: locale === "en" ? "Download the whole level (PDF)" : /PDF/ }),
    );
    expect(name).toMatch(new RegExp(`level-0-${locale}\\.pdf$`));
    const text = (from: number, to: number) => pdfText(path, [from, to]);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [path], { encoding: "utf8" }))?.[1]);
    expect(execFileSync("pdfinfo", [path], { encoding: "utf8" })).toMatch(/Page size:\s+612 x 792 pts/);
    // The cover carries the child's name, then the contents; the last page is the certificate.
    expect(text(1, 1)).toContain("Noa");
    expect(text(2, 2)).toContain(content.book.contents);
    expect(text(pages, pages)).toContain(content.book.certificate);
    expect(text(pages, pages)).toContain("Noa");
    expect(text(pages - 2, pages - 1)).toContain(content.book.answers);
    // Worksheets are in colour.
    expect(colouredPixels(path, 5)).toBeGreaterThan(50);
  }
});

for (const locale of ["", "/ar"]) {
  test(`${locale}/printables/ with the kit passes axe-core and works by keyboard`, async ({
    page,
    paidParent: { token },
    declineUpsellForGood,
  }) => {
    await declineUpsellForGood();
    await page.goto(`${locale}/printables/?token=${token}`);
    await expect(page.locator(".kit-item").first()).toBeVisible();
    const results = await axe(page).analyze();
    expect(results.violations).toEqual([]);
    // Keyboard: Tab reaches the first item's "Mark as done", Enter presses it.
    const done = page.locator(".kit-done").first();
    await done.focus();
    await page.keyboard.press("Enter");
    await expect(done).toHaveAttribute("aria-pressed", "true");
  });
}
