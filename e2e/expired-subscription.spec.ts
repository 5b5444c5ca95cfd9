import { loadTestDatabaseUrl } from "@kinderready/config/config.server";
import pg from "pg";
import { axe } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

// A parent whose subscription ran out opens the purchase page: the notice offers to renew, or to
// keep everything with lifetime access at its one price, paid on the gateway's hosted page; the
// parent comes back to a success that says so, and the printables are theirs again.
//
// Running out takes failed renewals days apart, so the test ends the subscription itself, in
// the server's database: that is PostgreSQL's project only (PGlite's file belongs to its server).

const databaseUrl = loadTestDatabaseUrl();

async function expire(token: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      "update subscriptions set status = 'expired', next_attempt_at = null where user_id = (select id from users where token = $1)",
      [token],
    );
    expect(result.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

test.beforeEach(({ browserName: _ }, testInfo) => {
  test.skip(!testInfo.project.name.startsWith("postgres"), "ends a subscription in the server's PostgreSQL database");
});

for (const [locale, texts] of [
  [
    "",
    {
      title: "Your subscription has expired",
      renew: "Renew",
      lifetime: "Buy all content lifetime",
      price: "€29.99",
      regular: "Regular price €59.99",
      done: "You have lifetime access",
    },
  ],
  [
    "/ar",
    {
      title: "انتهت صلاحية اشتراكك",
      renew: "تجديد الاشتراك",
      lifetime: "شراء وصول مدى الحياة إلى كل المحتوى",
      price: "29.99",
      regular: "59.99",
      done: "مدى الحياة",
    },
  ],
] as const) {
  test(`an expired subscription's notice sells lifetime access on the payment page (${locale || "en"})`, async ({
    page,
    paidParent,
    payOnHostedPage,
  }) => {
    await expire(paidParent.token);
    await page.goto(`${locale}/purchase/?token=${paidParent.token}`);
    await expect(page.locator(".purchase-flow[data-ready]")).toBeVisible();
    const notice = page.getByRole("dialog", { name: texts.title });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("button", { name: texts.renew })).toBeVisible();
    await expect(notice).toContainText(texts.price);
    await expect(notice).toContainText(texts.regular);
    // The whole notice fits a phone without scrolling sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    expect((await axe(page).analyze()).violations).toEqual([]);

    // Bought from the EU: the purchase asks for access at once, and goes nowhere until it is given.
    const lifetime = notice.getByRole("button", { name: texts.lifetime });
    await lifetime.click();
    await expect(page).not.toHaveURL(/\/gateway-simulator\/pay\//);
    await notice.getByRole("checkbox").check();
    await lifetime.click();
    await page.waitForURL(/\/gateway-simulator\/pay\//);
    await expect(page.locator("body")).toContainText("29.99");
    await payOnHostedPage("4067 4299 7471 9265");
    await page.waitForURL(/bought=lifetime.*order_id=|order_id=.*bought=lifetime/);
    const success = page.locator("dialog[open]");
    await expect(success).toContainText(texts.done);
    await success.locator("a.button").click();
    await page.waitForURL(new RegExp(`${locale}/printables/\\?token=${paidParent.token}`));
    // Access is back: the first level's pages are there to download.
    await expect(page.locator("a[href*='/printables/files/']").first()).toBeVisible();
  });
}
