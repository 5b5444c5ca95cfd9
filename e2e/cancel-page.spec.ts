import { expect, test } from "./fixtures.ts";
import { message, noScriptPage } from "./no-script.ts";

// "Cancel your subscription here", in every page's footer: a paying parent who is not signed in
// cancels with their address alone, in a browser without scripts, and the confirmation reaches
// the account's own inbox; in Arabic the page is right to left and a missing address is named.

const say = (key: string) => message("en", key);

test("a paying parent cancels without signing in or scripts, and the confirmation is mailed to them", async ({
  browser,
  baseURL,
  page,
  paidParent: { email },
}) => {
  test.setTimeout(90_000);
  const stranger = await noScriptPage(browser, baseURL, { "x-forwarded-for": `10.31.${Date.now() % 250}.7` });
  await stranger.goto("/terms/subscription-terms/");
  await stranger
    .getByRole("contentinfo")
    .getByRole("link", { name: say("footer.cancelHere") })
    .click();
  await expect(stranger).toHaveURL(/\/cancel\/$/);
  await stranger.getByRole("textbox", { name: say("legalCancel.email") }).fill(email.toUpperCase());
  await stranger.getByRole("button", { name: say("legalCancel.submit") }).click();
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText(say("legalCancel.doneHeading"));
  await expect(stranger.getByRole("main").getByRole("status")).toContainText("We received your cancellation on");
  await stranger.context().close();

  const confirmation = page
    .getByRole("article")
    .filter({ hasText: `To ${email}` })
    .filter({ has: page.getByRole("heading", { name: "Your KinderReady subscription is cancelled" }) });
  await expect(async () => {
    await page.goto("/dev/mailbox/");
    await expect(confirmation).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await expect(confirmation).toContainText("No further payments will be taken");
});

test('in German the footer says "Verträge hier kündigen", the button "jetzt kündigen", and an extraordinary notice needs its reason, without scripts', async ({
  browser,
  baseURL,
  paidParent: { email },
}) => {
  test.setTimeout(90_000);
  const de = (key: string) => message("de", key);
  const stranger = await noScriptPage(browser, baseURL, { "x-forwarded-for": `10.32.${Date.now() % 250}.8` });
  await stranger.goto("/de/terms/subscription-terms/");
  await stranger.getByRole("contentinfo").getByRole("link", { name: "Verträge hier kündigen" }).click();
  await expect(stranger).toHaveURL(/\/de\/cancel\/$/);
  await stranger.getByRole("textbox", { name: de("legalCancel.email") }).fill(email);
  await stranger.getByRole("radio", { name: de("legalCancel.extraordinary") }).check();
  const submit = stranger.getByRole("button", { name: "jetzt kündigen" });
  await submit.click();
  await expect(stranger.getByRole("alert").filter({ hasText: de("legalCancel.reasonRequired") })).toBeVisible();
  await stranger.getByRole("textbox", { name: de("legalCancel.reason") }).fill("Umzug ins Ausland");
  await submit.click();
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText(de("legalCancel.doneHeading"));
  await expect(stranger.getByRole("main").getByRole("status")).toContainText("Wir haben Ihre Kündigung am");
  await stranger.context().close();
});

test("the Arabic cancel page is right to left and names a missing address", async ({ page }) => {
  await page.goto("/ar/cancel/");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("button", { name: message("ar", "legalCancel.submit") }).click();
  await expect(page.getByRole("textbox", { name: message("ar", "legalCancel.email") })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ar", "pages.legalCancel.heading"));
});

test("a cancellation for a later date shows on the profile, and the parent keeps the subscription from there", async ({
  page,
  paidParent: { email },
}) => {
  test.setTimeout(90_000);
  // Paying signed this device in: the page knows the address.
  await page.goto("/cancel/");
  await expect(page.getByRole("textbox", { name: say("legalCancel.email") })).toHaveValue(email);
  await page.getByRole("radio", { name: say("legalCancel.endOn") }).check();
  const later = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await page.getByLabel(say("legalCancel.endDate"), { exact: true }).fill(later);
  await page.getByRole("button", { name: say("legalCancel.submit") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("legalCancel.doneHeading"));

  await page.goto("/profile/subscription/");
  await expect(page.locator("dl[data-status]")).toHaveAttribute("data-status", "trialing");
  await expect(page.locator("[data-field=ends_on]")).toBeVisible();
  await expect(page.getByText(say("profile.subscription.endsOnHint"))).toBeVisible();
  await page.getByRole("button", { name: say("profile.subscription.keep") }).click();
  await expect(page.locator("[data-field=ends_on]")).toHaveCount(0);
  await expect(page.getByRole("button", { name: say("profile.subscription.keep") })).toHaveCount(0);
});
