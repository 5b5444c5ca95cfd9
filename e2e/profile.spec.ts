import type { Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { holdScripts, message, noScriptPage } from "./no-script.ts";

// The profile in Chromium: a paying parent cancels with a reason, restores, cancels again and
// deletes their data (and their old link then leads to the quiz); a link with the token signs
// nobody in, an emailed link does, once; a signed-out cookie opens nothing; the contact form
// reaches support; every profile page passes axe-core.

// Sign-in links and contact messages are limited per client address, counted in the database,
// which outlives a run on PostgreSQL: each test comes from an address of its own, as a proxy says.
test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 256);
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

const today = () => new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date());

/** From the printables, through the menu, to the profile page with this heading. */
async function openProfileFromMenu(page: Page, heading: string) {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Profile" }).click();
  await page.waitForURL(/\/profile\/$/);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** The cancel flow to its end: the reason, then past the one answer it meets with "Cancel anyway". */
async function cancelWithReason(page: Page, reason: string, comment?: string) {
  await page.goto("/profile/cancel-subscription/");
  await page.getByRole("link", { name: "Yes, cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Why are you cancelling?" })).toBeFocused();
  await page.getByRole("radio", { name: reason }).check();
  if (comment) await page.getByRole("textbox", { name: "Tell us more (optional)" }).fill(comment);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await page.getByRole("button", { name: "Cancel anyway" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your subscription is cancelled" })).toBeVisible();
}

test("a paying parent cancels with a reason, restores, cancels again and deletes their data", async ({
  page,
  registerParent,
  buyKit,
  declineUpsellForGood,
  signInByEmail,
}) => {
  test.setTimeout(120_000);
  // Paid on screen: what the paying browser keeps of the parent is part of what deleting removes.
  const { token, email } = await registerParent("kit");
  await page.setExtraHTTPHeaders({ "x-test-country": "de" });
  await buyKit(token, { onScreen: true });
  await declineUpsellForGood();
  // The device that paid proved it is the parent's: its profile opens from the menu.
  await openProfileFromMenu(page, "Your profile");
  // Another device, with only the link: the profile needs a sign-in, which the link is not.
  await page.context().clearCookies({ name: "kr_session" });
  await page.goto(`/printables/?token=${token}`);
  await openProfileFromMenu(page, "Sign in to your profile");
  expect((await page.context().cookies()).find((cookie) => cookie.name === "kr_session")).toBeUndefined();
  await page.goto(`/profile/?token=${token}`);
  await page.waitForURL(/\/profile\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to your profile" })).toBeVisible();
  await signInByEmail(email);
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "kr_session");
  expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(session?.value).not.toBe(token);
  const subscription = page.locator("dl[data-status]");
  await expect(subscription).toHaveAttribute("data-status", "trialing");
  await expect(page.getByText("Noa", { exact: true })).toBeVisible();

  // While the trial runs, deleting is not possible, and the button says why.
  const remove = page.getByRole("button", { name: "Delete my data" });
  await expect(remove).toHaveAttribute("aria-disabled", "true");
  await expect(remove).toHaveAccessibleDescription(/once your subscription is cancelled/);
  await remove.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Delete your data for good?" })).toHaveCount(0);

  // Cancel: confirmation, then a reason is required, then success with "Back to printables".
  await page.goto("/profile/cancel-subscription/");
  await page.getByRole("link", { name: "Yes, cancel" }).click();
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please choose a reason to continue");
  await expectNoViolations(page, "cancel: reason, with its error");
  await page.getByRole("radio", { name: "Other" }).check();
  await page.getByRole("textbox", { name: "Tell us more (optional)" }).fill("We are moving abroad");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  // One answer to the reason (a pause), and "Cancel anyway" on the same screen: one tap declines it.
  await expect(page.getByRole("heading", { level: 1, name: "Take a break instead?" })).toBeFocused();
  await expectNoViolations(page, "cancel: the answer to the reason");
  await page.getByRole("button", { name: "Cancel anyway" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your subscription is cancelled" })).toBeFocused();
  await expect(page.getByRole("link", { name: "Back to printables" })).toBeVisible();
  await expectNoViolations(page, "cancel: done");

  // The status is cancelled, with today's date; restoring brings the trial back.
  await page.goto("/profile/subscription/");
  await expect(subscription).toHaveAttribute("data-status", "cancelled");
  await expect(page.locator("[data-field=cancelled_at]")).toHaveText(today());
  await page.getByRole("button", { name: "Restore subscription" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your subscription is active again");
  await expect(subscription).toHaveAttribute("data-status", "trialing");
  await expect(page.locator("[data-field=cancelled_at]")).toHaveCount(0);

  // Cancel again, then delete: confirmed, signed out and sent home.
  await cancelWithReason(page, "High price");
  await page.goto("/profile/");
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toContain(token);
  await page.getByRole("button", { name: "Delete my data" }).click();
  await expect(page.getByRole("heading", { name: "Delete your data for good?" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, delete my data" }).click();
  await page.waitForURL(/\/onboarding\/$/);
  // What this browser kept of the parent is gone too (the quiz starts a new visitor's state).
  const saved = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(saved).not.toContain(token);
  expect(saved).not.toContain("Noa");
  expect((await page.context().cookies()).find((cookie) => cookie.name === "kr_session")).toBeUndefined();

  // The old link leads to the quiz, not to the printables; the profile asks to sign in.
  await page.goto(`/printables/?token=${token}`);
  await page.waitForURL(/\/onboarding\/$/);
  await page.goto("/profile/");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to your profile" })).toBeVisible();
});

test("a parent on a new device signs in with an emailed link, which works once", async ({
  page,
  parent: { email },
  mailedLink,
}) => {
  await page.goto("/profile/");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Check your inbox");
  const link = await mailedLink(email, "Your KinderReady sign-in link", "/profile/?access=");
  await page.goto(link);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/profile\/$/);
  await expect(page.getByText(email)).toBeVisible();
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "kr_session");
  expect(session).toBeDefined();

  // Signed out, the session is over on the server: a copy of the cookie opens nothing.
  await page.getByRole("button", { name: "Sign out on this device" }).click();
  await page.waitForURL(/\/profile\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to your profile" })).toBeVisible();
  if (session) await page.context().addCookies([session]);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to your profile" })).toBeVisible();

  // Spent: a second use (or a forwarded email) asks for a new link.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("expired or has already been used");
});

test("each privacy choice is one row a finger hits: a 24 px box, 44 px tall, the hint toggling it too", async ({
  page,
  parent: { email },
  signInByEmail,
}) => {
  await signInByEmail(email);
  const mailing = page.getByRole("checkbox", { name: "Send me tips, new printables and offers by email" });
  const box = await mailing.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);
  const row = page.locator("label").filter({ has: mailing });
  expect((await row.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  const before = await mailing.isChecked();
  await page.getByText("Emails about your account, payments and receipts are always sent.").click();
  await expect(mailing).toBeChecked({ checked: !before });
});

test("the contact form checks its fields and sends the message to support", async ({ page }) => {
  await page.goto("/contact/");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert")).toHaveCount(3);
  const email = `contact-${Date.now()}@example.com`;
  await page.getByRole("textbox", { name: "Name" }).fill("Camille");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Message" }).fill("Where do I find the second level?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(`We will reply to ${email}`);

  const mail = page.getByRole("article").filter({ hasText: "Support request from Camille" });
  await expect(async () => {
    await page.goto("/dev/mailbox/");
    await expect(mail.first()).toContainText(email, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
});

test("a message typed before the scripts booted on a slow phone is the one sent", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/contact/", { waitUntil: "commit" });
  const email = `slow-${Date.now()}@example.com`;
  await page.getByRole("textbox", { name: "Name" }).fill("Camille");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Message" }).fill("Typed while the page was still loading.");
  await scripts.release();
  await expect(page.locator("html[data-ready]")).toBeAttached({ timeout: 15_000 });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(`We will reply to ${email}`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form keeps what was typed when refused, then sends", async ({ page }) => {
    await page.goto("/contact/");
    await page.getByRole("textbox", { name: "Name" }).fill("Noor");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toHaveCount(2);
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Noor");
    await page.getByRole("textbox", { name: "Email" }).fill(`nojs-${Date.now()}@example.com`);
    await page.getByRole("textbox", { name: "Message" }).fill("Can I print the worksheets in A4?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("We will reply to nojs-");
  });
});

for (const lang of ["en", "ar"] as const) {
  const prefix = lang === "en" ? "" : `/${lang}`;
  const say = (key: string) => message(lang, key);
  test(`without JavaScript a paying parent cancels and deletes their data with native posts (${lang})`, async ({
    browser,
    baseURL,
    paidParent: { token, email },
    declineUpsellForGood,
    emailedSignInLink,
  }) => {
    test.setTimeout(120_000);
    await declineUpsellForGood();
    const link = new URL(await emailedSignInLink(email), baseURL);
    const page = await noScriptPage(browser, baseURL, { "x-forwarded-for": `10.9.${lang.length}.${Date.now() % 250}` });
    await page.goto(`${prefix}${link.pathname}${link.search}`);
    await page.getByRole("button", { name: say("profile.signIn.confirm") }).click();
    await expect(page.locator("dl[data-status]")).toHaveAttribute("data-status", "trialing");

    // Cancel: the confirmation is a link, the reason a native post; no reason is refused by the server.
    await page.goto(`${prefix}/profile/cancel-subscription/`);
    await page.getByRole("link", { name: say("profile.cancel.confirm") }).click();
    await page.getByRole("button", { name: say("profile.cancel.submit") }).click();
    await expect(page.getByRole("alert")).toHaveText(say("validation.messages.chooseReason"));
    await page.getByRole("radio", { name: say("profile.cancel.reasons.other") }).check();
    await page.getByRole("textbox", { name: say("profile.cancel.otherLabel") }).fill("no scripts here");
    await page.getByRole("button", { name: say("profile.cancel.submit") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("profile.cancel.save.pause.heading"));
    await page.getByRole("button", { name: say("profile.cancel.cancelAnyway") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("profile.cancel.successHeading"));
    await page.goto(`${prefix}/profile/subscription/`);
    await expect(page.locator("dl[data-status]")).toHaveAttribute("data-status", "cancelled");
    // Restore is a native post too, and the page it answers with says so; then cancel for good.
    await page.getByRole("button", { name: say("profile.subscription.restore") }).click();
    await expect(page.locator("dl[data-status]")).toHaveAttribute("data-status", "trialing");
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      say("profile.subscription.restored").split("{{")[0] as string,
    );
    await page.goto(`${prefix}/profile/cancel-subscription/`);
    await page.getByRole("link", { name: say("profile.cancel.confirm") }).click();
    await page.getByRole("radio", { name: say("profile.cancel.reasons.other") }).check();
    await page.getByRole("button", { name: say("profile.cancel.submit") }).click();
    await page.getByRole("button", { name: say("profile.cancel.cancelAnyway") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("profile.cancel.successHeading"));

    // Privacy choices are a native post as well, and the page says they were saved.
    await page.goto(`${prefix}/profile/`);
    await page.getByRole("button", { name: say("profile.consent.save") }).click();
    await expect(
      page
        .getByRole("main")
        .getByRole("status")
        .filter({ hasText: say("profile.consent.saved") }),
    ).toBeVisible();

    // Delete: the button opens the confirmation at its own address; "keep" goes back; then delete.
    await page.goto(`${prefix}/profile/`);
    await page.getByRole("button", { name: say("profile.delete.button") }).click();
    await expect(page).toHaveURL(/confirm-delete=1/);
    await expect(page.getByRole("heading", { name: say("profile.delete.confirmHeading") })).toBeVisible();
    await page.getByRole("button", { name: say("profile.delete.keep") }).click();
    await expect(page.getByRole("heading", { name: say("profile.delete.confirmHeading") })).toHaveCount(0);
    await page.getByRole("button", { name: say("profile.delete.button") }).click();
    await page.getByRole("button", { name: say("profile.delete.confirm") }).click();
    await page.waitForURL(/\/onboarding\/$/);
    expect((await page.context().cookies()).find((cookie) => cookie.name === "kr_session")).toBeUndefined();
    // The server has nothing left: the parent's link leads to the quiz.
    await page.goto(`/printables/?token=${token}`);
    await page.waitForURL(/\/onboarding\/$/);
    await page.context().close();
  });
}

// A parent not using the kit pauses instead of cancelling, sees the pause on the subscription
// page (when it begins, when billing resumes) and calls it off; in English and Arabic with
// scripts, in German with plain forms only.
for (const [lang, scripts] of [
  ["en", true],
  ["ar", true],
  ["de", false],
] as const) {
  const prefix = lang === "en" ? "" : `/${lang}`;
  const say = (key: string) => message(lang, key);
  test(`a parent not using the kit pauses instead of cancelling, then calls the pause off (${lang}${scripts ? "" : ", without scripts"})`, async ({
    page: paying,
    browser,
    baseURL,
    paidParent,
    declineUpsellForGood,
  }) => {
    test.setTimeout(90_000);
    await declineUpsellForGood();
    // The device that paid is signed in; without scripts, the same session in a browser without them.
    const page = scripts ? paying : await noScriptPage(browser, baseURL, {});
    if (!scripts) await page.context().addCookies(await paying.context().cookies());
    await page.goto(`${prefix}/profile/cancel-subscription/`);
    await page.getByRole("link", { name: say("profile.cancel.confirm") }).click();
    await page.getByRole("radio", { name: say("profile.cancel.reasons.not_using_now") }).check();
    await page.getByRole("button", { name: say("profile.cancel.submit") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("profile.cancel.save.pause.heading"));
    const choices = page.getByRole("radio");
    await expect(choices).toHaveCount(2);
    await expect(choices.first()).toBeChecked();
    if (scripts) await expectNoViolations(page, `pause offer (${lang})`);
    await choices.last().check();
    await page.getByRole("button", { name: say("profile.cancel.save.pause.submit") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("profile.cancel.done.pausedHeading"));

    // The subscription page: still in its trial, the pause ahead with both dates, and a way out of it.
    await page.goto(`${prefix}/profile/subscription/`);
    await expect(page.locator("dl[data-status]")).toHaveAttribute("data-status", "trialing");
    await expect(page.locator("[data-field=pause_from]")).toBeVisible();
    await expect(page.locator("[data-field=resumes_at]")).toBeVisible();
    if (scripts) await expectNoViolations(page, `subscription with a pause ahead (${lang})`);
    await page.getByRole("button", { name: say("profile.subscription.dropPause") }).click();
    await expect(page.locator("[data-field=resumes_at]")).toHaveCount(0);
    await expect(page.getByRole("link", { name: say("profile.subscription.cancel") })).toBeVisible();
    // No pause ahead: the kit stays open.
    await page.goto(`${prefix}/printables/?token=${paidParent.token}`);
    await expect(page.getByRole("heading", { level: 1, name: say("pages.printables.heading") })).toBeVisible();
    if (!scripts) await page.context().close();
  });
}

for (const locale of ["", "/ar"]) {
  test(`the profile pages of a signed-in parent pass axe-core${locale ? " in Arabic" : ""}`, async ({
    page,
    parent: { email },
    signInByEmail,
  }) => {
    test.setTimeout(90_000);
    await signInByEmail(email);
    await page.goto(`${locale}/profile/`);
    await expect(page.locator(".profile__danger button")).toBeVisible();
    await expectNoViolations(page, "profile");
    await page.locator(".profile__danger button").click();
    await expectNoViolations(page, "profile, delete confirmation");
    await page.goto(`${locale}/profile/subscription/`);
    await expectNoViolations(page, "subscription");
    await page.goto(`${locale}/profile/cancel-subscription/`);
    await expectNoViolations(page, "cancel (nothing to cancel)");
    await page.goto(`${locale}/contact/`);
    // Hydrated first: before that the button posts the plain form, and the page reloads under axe.
    await expect(page.locator("html[data-ready]")).toHaveCount(1, { timeout: 20_000 });
    await page.locator(".profile__form button[type=submit]").click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expectNoViolations(page, "contact with errors");
  });
}

async function expectNoViolations(page: Page, where: string) {
  const results = await axe(page).analyze();
  expect(results.violations, where).toEqual([]);
}
