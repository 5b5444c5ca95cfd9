import { purchaseSteps } from "@kinderready/domain/flows";
import { type Locale, localeCodes } from "@kinderready/i18n/locales";
import type { Page } from "@playwright/test";
import { pages } from "../apps/web/app/pages.ts";
import { expect, test } from "./fixtures.ts";
import { message } from "./no-script.ts";

// Every parent-facing page on the narrowest phone (320 px), in every language, signed in and
// out: nothing scrolls sideways, and nothing is pushed past either edge of the screen, where in
// a right-to-left page it would be cut off rather than scroll. One paying parent walks them all
// per language: every page pages.ts lists, each step of the purchase and cancel flows, the
// gateway's hosted page and the payment's answer, the menu and the upsell popup. Status badges
// keep their words whole.

const width = 320;
test.use({ viewport: { width, height: 900 } });

// Registrations are limited per client address: each test comes from an address of its own, as a proxy says.
test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 256);
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

/**
 * What passes the screen's edges: elements past 0 or `screen`, boxes that scroll or clip part of
 * their content sideways, and words wider than their box, each by a selector and its text.
 */
function outsideTheScreen(screen: number) {
  const selectorOf = (element: Element) => {
    const parts: string[] = [];
    for (let node: Element | null = element; node && parts.length < 4; ) {
      const classes = [...node.classList].slice(0, 2).map((name) => `.${name}`);
      const field = node.getAttribute("data-field");
      parts.unshift(
        `${node.localName}${node.id ? `#${node.id}` : ""}${classes.join("")}${field ? `[data-field=${field}]` : ""}`,
      );
      node = node === document.body ? null : node.parentElement;
    }
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${parts.join(" > ")}${text ? ` "${text}"` : ""}`;
  };
  // What a tap shows counts too: every disclosure is opened.
  for (const details of document.querySelectorAll("details")) details.open = true;
  const found: string[] = [];
  // Edges from the page's own box: a page that overflows to the left (right to left) is shown
  // scrolled, or zoomed out, and the screen's edges are no longer the window's.
  const origin = document.documentElement.getBoundingClientRect().left;
  // Each finding names the outermost element at fault (its content moves with it) and its text.
  const visit = (element: Element) => {
    const style = getComputedStyle(element);
    if (style.display === "none" || style.visibility === "hidden") return;
    const box = element.getBoundingClientRect();
    const left = box.left - origin;
    const right = box.right - origin;
    // Visually hidden text (a 1 px box, clipped) is for screen readers, wherever it sits.
    const seen = box.width > 1 && box.height > 1;
    if (seen && (right > screen + 0.5 || left < -0.5)) {
      found.push(`${selectorOf(element)} spans ${Math.round(left)}..${Math.round(right)}`);
      return;
    }
    // A box that scrolls or clips must not need to: what it hides sideways is as lost as what
    // passes the screen (an ellipsis says so, on purpose). A text field scrolls what is typed in it.
    const control = element.matches("input, textarea, select");
    const wider = seen && !control && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1;
    if (wider && style.overflowX !== "visible" && style.textOverflow !== "ellipsis") {
      found.push(`${selectorOf(element)} hides ${element.scrollWidth - element.clientWidth} px sideways`);
      return;
    }
    // Words wider than their box spill out of it (over its border, or off a button).
    const words = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    if (wider && words) {
      found.push(`${selectorOf(element)} spills ${element.scrollWidth - element.clientWidth} px of its words`);
      return;
    }
    for (const child of element.children) visit(child);
  };
  visit(document.body);
  return { scrollWidth: document.documentElement.scrollWidth, found };
}

/** Soft: one walk reports every page that does not fit, not only the first. */
async function expectFits(page: Page, where: string) {
  const { scrollWidth, found } = await page.evaluate(outsideTheScreen, width);
  expect.soft(found, `${where}: past the screen's edges`).toEqual([]);
  expect.soft(scrollWidth, `${where}: the page's width`).toBeLessThanOrEqual(width);
}

/**
 * Opens a page and waits until its scripts have run (they may change what is on screen); the
 * not-found page is the root's error page, outside the frame that marks a page ready.
 */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  if (response?.status() !== 404) await expect(page.locator("html[data-ready]")).toHaveCount(1, { timeout: 20_000 });
}

/** A status badge of one or two words is at most two lines high. */
async function expectWholeBadge(page: Page, where: string) {
  const badge = page.locator("dl[data-status] .badge").first();
  await expect(badge).toBeVisible();
  const { height } = (await badge.boundingBox()) ?? { height: 0 };
  expect.soft(height, `${where}: the status badge's height`).toBeLessThan(48);
}

/** The reason step of the cancel flow, answered with `reason`: the answer to it on screen. */
async function giveReason(page: Page, prefix: string, say: (key: string) => string, reason: string) {
  await open(page, `${prefix}/profile/cancel-subscription/?step=reason`);
  await page.getByRole("radio", { name: say(`profile.cancel.reasons.${reason}`) }).check();
  await page.getByRole("button", { name: say("profile.cancel.submit") }).click();
  await expect(page.getByRole("button", { name: say("profile.cancel.cancelAnyway") })).toBeVisible();
}

for (const lang of localeCodes) {
  const prefix = lang === "en" ? "" : `/${lang}`;
  const say = (key: string) => message(lang as Locale, key);

  test(`every page fits a 320 px wide phone (${lang})`, async ({
    page,
    paidParent: { token },
    registerParent,
    declineUpsellForGood,
    payOnHostedPage,
  }) => {
    test.setTimeout(180_000);
    const walked = new Set<string>();
    const check = async (id: string, where: string) => {
      walked.add(id);
      await expectFits(page, `${lang} ${where}`);
    };

    // The printables, under the upsell popup, with the menu open, then on their own.
    await page.goto(`${prefix}/printables/?token=${token}`);
    await expect(page.locator("html[data-ready]")).toHaveCount(1, { timeout: 20_000 });
    // In POPUP mode (the operator's setting) the server renders the popup open.
    if (await page.locator("dialog.upsell-popup[open]").isVisible()) {
      await check("printables", "printables, upsell popup");
    }
    await declineUpsellForGood();
    await check("printables", "printables");
    await page.getByRole("button", { name: say("nav.openMenu") }).click();
    await expect(page.getByRole("navigation", { name: say("nav.menu") })).toBeVisible();
    await check("printables", "printables, menu open");
    await page.keyboard.press("Escape");

    // The profile pages of the signed-in parent, in the trial.
    await open(page, `${prefix}/profile/`);
    await expectWholeBadge(page, `${lang} profile`);
    await check("profile", "profile");
    await open(page, `${prefix}/profile/?confirm-delete=1`);
    await check("profile", "profile, delete confirmation");
    await open(page, `${prefix}/profile/subscription/`);
    await expectWholeBadge(page, `${lang} subscription`);
    await check("profile-subscription", "subscription, trialing");

    // The cancel flow: the confirmation, the reason (missing, then each offer it may meet), a
    // pause taken, seen on the subscription page and called off, then cancelling for good.
    await open(page, `${prefix}/profile/cancel-subscription/`);
    await check("cancel-subscription", "cancel: confirmation");
    await page.getByRole("link", { name: say("profile.cancel.confirm") }).click();
    await page.getByRole("button", { name: say("profile.cancel.submit") }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await check("cancel-subscription", "cancel: reason, missing");
    for (const reason of ["high_price", "unable_to_get_content", "not_using_now"]) {
      await giveReason(page, prefix, say, reason);
      await check("cancel-subscription", `cancel: the answer to ${reason}`);
    }
    await page.getByRole("button", { name: say("profile.cancel.save.pause.submit") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("profile.cancel.done.pausedHeading"));
    await check("cancel-subscription", "cancel: paused");
    await open(page, `${prefix}/profile/subscription/`);
    await expect(page.locator("[data-field=resumes_at]")).toBeVisible();
    await expectWholeBadge(page, `${lang} subscription, pause ahead`);
    await check("profile-subscription", "subscription, pause ahead");
    await page.getByRole("button", { name: say("profile.subscription.dropPause") }).click();
    await expect(page.locator("[data-field=resumes_at]")).toHaveCount(0);
    await giveReason(page, prefix, say, "other");
    await page.getByRole("button", { name: say("profile.cancel.cancelAnyway") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("profile.cancel.successHeading"));
    await check("cancel-subscription", "cancel: cancelled");
    await open(page, `${prefix}/profile/subscription/`);
    await expect(page.locator("dl[data-status]")).toHaveAttribute("data-status", "cancelled");
    await expectWholeBadge(page, `${lang} subscription, cancelled`);
    await check("profile-subscription", "subscription, cancelled");

    // The purchase pages of a parent who has not paid yet, each step by its address, the offer
    // with its errors, the gateway's hosted page it leaves for, and the answer coming back.
    const buyer = await registerParent("narrow");
    for (const step of purchaseSteps) {
      await open(page, `${prefix}/purchase/?token=${buyer.token}&step=${step}`);
      await expect(page.locator(".purchase-flow")).toHaveAttribute("data-step", step);
      await check("purchase", `purchase: ${step}`);
    }
    await page.locator(".offer__buy").click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    await check("purchase", "purchase: the offer, terms not ticked");
    for (const path of ["purchase-flow", "offer1"]) {
      await open(page, `${prefix}/${path}/?token=${buyer.token}`);
      await check(path, path);
    }
    // Paid with a card the gateway declines, then with one it approves: each answer's dialog.
    for (const [card, outcome] of [
      ["4000 0000 0000 3022", "declined"],
      ["4067 4299 7471 9265", "approved"],
    ] as const) {
      await open(page, `${prefix}/purchase/?token=${buyer.token}&offer=1`);
      for (const box of await page.getByRole("checkbox").all()) await box.check();
      await page.locator(".offer__buy").click();
      await page.waitForURL(/\/gateway-simulator\/pay\//);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expectFits(page, `${lang} the gateway's hosted page`);
      await payOnHostedPage(card);
      await page.waitForURL(/order_id=/);
      await expect(page.getByRole("dialog")).toBeVisible({ timeout: 15_000 });
      await check("purchase", `purchase: payment ${outcome}`);
    }

    // The pages anyone may open.
    for (const [id, path] of [
      ["home", ""],
      ["not-found-page", "404/"],
      ["not-found", "no-such-page/"],
      ["onboarding", "onboarding/"],
      ["quiz1", "quiz1/"],
      ["unsubscribe", "unsubscribe/?code=no-such-code"],
    ] as const) {
      await open(page, `${prefix}/${path}`);
      await check(id, path || "/");
    }
    for (const { id, path } of pages.filter((listed) => listed.path.startsWith("terms/"))) {
      await open(page, `${prefix}/${path}/`);
      await check(id, path);
    }
    // The forms, with every error they show.
    for (const [id, path] of [
      ["contact", "contact/"],
      ["cancel", "cancel/"],
    ] as const) {
      await open(page, `${prefix}/${path}`);
      await check(id, path);
      // Sent empty: the signed-in parent's address is filled in for them.
      for (const box of await page.locator("main form").getByRole("textbox").all()) await box.fill("");
      await page.locator("main form button[type=submit]").last().click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await check(id, `${path}, with errors`);
    }

    // Signed out: the profile pages ask to sign in.
    await page.context().clearCookies({ name: "kr_session" });
    for (const [id, path] of [
      ["profile", "profile/"],
      ["profile-subscription", "profile/subscription/"],
      ["cancel-subscription", "profile/cancel-subscription/"],
    ] as const) {
      await open(page, `${prefix}/${path}`);
      await check(id, `${path}, signed out`);
    }

    expect([...walked].sort(), "every page pages.ts lists").toEqual(pages.map((listed) => listed.id).sort());
  });
}
