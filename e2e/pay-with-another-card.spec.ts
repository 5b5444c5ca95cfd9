import { loadTestDatabaseUrl } from "@kinderready/config/config.server";
import type { Page } from "@playwright/test";
import pg from "pg";
import { axe } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { message, noScriptPage } from "./no-script.ts";

// A parent whose renewal the card on file declined opens the subscription page (where the
// payment-failed email leads), goes to the gateway's hosted page, has a first card declined,
// pays with a second, and comes back to a subscription that is active again; with scripts and
// without them.
//
// A declined renewal takes the billing job and days of a clock, so the test sets the state
// itself, in the server's database: that is PostgreSQL's project only (PGlite's file belongs to
// its server).

const databaseUrl = loadTestDatabaseUrl();

async function declineRenewal(token: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      `update subscriptions set status = 'past_due', failed_renewals = 1,
         next_attempt_at = now() + interval '3 days'
       where user_id = (select id from users where token = $1)`,
      [token],
    );
    expect(result.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

test.beforeEach(({ browserName: _ }, testInfo) => {
  test.skip(
    !testInfo.project.name.startsWith("postgres"),
    "sets a declined renewal in the server's PostgreSQL database",
  );
});

/**
 * The gateway settles a moment after the page was paid: with scripts the page asks again by
 * itself; without them, the parent follows the page's link to look again.
 */
async function settled(page: Page) {
  const again = page.locator(".notice a");
  await expect(async () => {
    if ((await again.count()) > 0) await again.first().click();
    await page.waitForLoadState();
    expect(await again.count()).toBe(0);
  }).toPass({ timeout: 15_000 });
}

for (const [lang, scripts] of [
  ["en", true],
  ["ar", false],
] as const) {
  const prefix = lang === "en" ? "" : `/${lang}`;
  const say = (key: string) => message(lang, key);
  test(`a declined renewal is paid with another card on the gateway's page (${lang}${scripts ? "" : ", without scripts"})`, async ({
    page: paying,
    browser,
    baseURL,
    paidParent,
    declineUpsellForGood,
    payOnHostedPage,
  }) => {
    test.setTimeout(90_000);
    await declineUpsellForGood();
    await declineRenewal(paidParent.token);
    // The device that paid is signed in; without scripts, the same session in a browser without them.
    const page = scripts ? paying : await noScriptPage(browser, baseURL, {});
    if (!scripts) await page.context().addCookies(await paying.context().cookies());

    await page.goto(`${prefix}/profile/subscription/`);
    await expect(page.locator("dl[data-status]")).toHaveAttribute("data-status", "past_due");
    const another = page.getByRole("button", { name: /29[.,]99/ });
    await expect(another).toHaveCount(1);
    if (scripts) expect((await axe(page).analyze()).violations).toEqual([]);

    await another.click();
    await payOnHostedPage("4553 8153 1805 3315", page);
    await page.waitForURL(/\/profile\/subscription\/\?order_id=/);
    await settled(page);
    await expect(page.getByRole("alert")).toContainText(say("profile.subscription.anotherCardDeclined"));
    await expect(page.locator("dl[data-status]")).toHaveAttribute("data-status", "past_due");
    if (scripts) expect((await axe(page).analyze()).violations).toEqual([]);

    await page.getByRole("button", { name: /29[.,]99/ }).click();
    await payOnHostedPage("4067 4299 7471 9265", page);
    await page.waitForURL(/\/profile\/subscription\/\?order_id=/);
    await settled(page);
    const thanks = say("profile.subscription.anotherCardPaid").split("{{date}}")[0] ?? "";
    await expect(page.locator(".notice").first()).toContainText(thanks);
    await expect(page.locator("dl[data-status]")).toHaveAttribute("data-status", "active");
    await expect(page.getByRole("button", { name: /29[.,]99/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    if (!scripts) await page.context().close();
  });
}
