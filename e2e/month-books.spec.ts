import { execFileSync } from "node:child_process";
import { loadTestDatabaseUrl } from "@kinderready/config/config.server";
import { kitContent, kitStories } from "@kinderready/kit/content.server";
import pg from "pg";
import { axe } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { message } from "./no-script.ts";

// A subscriber's first monthly payment opens the first book of the month: the printables page
// lists it with its PDF (the farm story and its pages, in the page's language) and names the
// next book with the day it opens.
//
// A monthly payment takes the billing job and a month of a clock, so the test records the
// approved renewal itself, in the server's database: that is PostgreSQL's project only.

const databaseUrl = loadTestDatabaseUrl();
/** A folder to save the section's screenshots in, to look at them (MONTH_SHOTS=/tmp/shots). */
const shots = process.env.MONTH_SHOTS;

async function payFirstMonth(token: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      `insert into orders (order_id, user_id, purpose, idempotency_key, price_plan_id, amount, currency, gateway, status)
       select 'e2e-renewal-' || o.order_id, o.user_id, 'renewal', 'e2e-renewal-1', o.price_plan_id, o.amount,
              o.currency, o.gateway, 'approved'
       from orders o join users u on u.id = o.user_id
       where u.token = $1 and o.purpose = 'subscription' and o.status = 'approved'`,
      [token],
    );
    expect(result.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

test.beforeEach(({ browserName: _ }, testInfo) => {
  test.skip(!testInfo.project.name.startsWith("postgres"), "records a renewal in the server's PostgreSQL database");
});

test("the first monthly payment opens the farm book, in English and in Arabic", async ({
  page,
  paidParent: { token },
  declineUpsellForGood,
}) => {
  test.setTimeout(120_000);
  await declineUpsellForGood();
  await payFirstMonth(token);
  for (const lang of ["en", "ar"] as const) {
    await page.goto(`${lang === "en" ? "" : `/${lang}`}/printables/?token=${token}`);
    const content = kitContent(lang);
    const section = page.getByRole("region", { name: message(lang, "printables.months.heading") });
    const book = section.getByRole("listitem").filter({ hasText: content.months["1"].title });
    await expect(book).toHaveCount(1);
    await expect(section.getByRole("listitem")).toHaveCount(1);
    await expect(section).toContainText(content.months["2"].title);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      book.getByRole("link", { name: message(lang, "printables.months.download") }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`kinderready-month-1-${lang}.pdf`);
    const text = execFileSync("pdftotext", ["-f", "1", "-l", "4", await download.path(), "-"], {
      encoding: "utf8",
    }).replace(/[\u200e\u200f\u202a-\u202e]/g, "");
    // The farm story, with its friend; pdftotext reorders Arabic ligatures, so there the friend's name alone.
    expect(text).toContain(lang === "en" ? (kitStories(lang).stories.m1?.title ?? "-") : kitStories(lang).friend);
    expect(text).toContain("Noa");
    expect((await axe(page).analyze()).violations).toEqual([]);
    // Nothing scrolls sideways on the narrowest phone.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    if (shots) await section.screenshot({ path: `${shots}/months-${lang}-320.png` });
    await page.setViewportSize({ width: 390, height: 800 });
    if (shots) await section.screenshot({ path: `${shots}/months-${lang}-390.png` });
  }
});
