import { axe } from "./axe.ts";
import { test as base, expect } from "./fixtures.ts";
import { message, noScriptPage } from "./no-script.ts";

// Upsells after the first payment, in Chromium: the popup with its discount downsell, the tabs,
// lifetime access, and the decline and time-out outcomes of the one-click charge. The display
// mode is the operator's global setting, so these tests run one after another, in the settings
// project (playwright.config.ts), on a server and database no other spec uses.

const test = base.extend<{
  /** Sets the operator's upsell display mode; after the test, puts back the default (POPUP). */
  setMode: (mode: "POPUP" | "TABS") => Promise<void>;
  /** A parent from the US who paid the first payment with `card` and is on the printables: their token. */
  payingParent: (card?: string, locale?: string, country?: string) => Promise<string>;
}>({
  setMode: async ({ api }, use) => {
    const setMode = async (mode: "POPUP" | "TABS") => {
      const response = await api.put("/api/v1/upsale/display-mode", { data: { mode } });
      expect(response.status()).toBe(200);
    };
    await use(setMode);
    // The setting outlives the test: whatever the test did or where it failed, the next one
    // starts from the default.
    await setMode("POPUP");
  },
  payingParent: async ({ page, registerParent, buyKit }, use) => {
    await use(async (card, locale, country = "us") => {
      const { token } = await registerParent("upsale");
      await page.setExtraHTTPHeaders({ "x-test-country": country });
      await buyKit(token, { card, locale, country });
      return token;
    });
  },
});
test.describe.configure({ mode: "serial" });

test("POPUP in Germany: each purchase asks for access at once, and buys only once it is given", async ({
  page,
  setMode,
  payingParent,
}) => {
  await setMode("POPUP");
  await payingParent(undefined, "/de", "de");
  const say = (key: string) => message("de", key);
  const popup = page.getByRole("dialog");
  await expect(popup).toBeVisible();
  const boxes = popup.getByRole("checkbox");
  await expect(boxes).toHaveCount(2);
  expect((await axe(page).include("dialog").analyze()).violations).toEqual([]);
  const packs = popup.locator("form", { has: page.locator("input[name=recurring_type][value=upsale]") });
  await packs.getByRole("button").click();
  // The browser holds the form back until the box is ticked: nothing is bought.
  await expect(packs.getByRole("checkbox")).toBeFocused();
  await expect(popup.locator(".offer__status")).toHaveText("");
  await packs.getByRole("checkbox").check();
  await packs.getByRole("button").click();
  await expect(page.getByRole("dialog").getByRole("status")).toContainText(say("upsell.successPacks"));
});

test("POPUP in Germany: the box ticked before the scripts ran stays ticked once they run, and buys", async ({
  page,
  setMode,
  payingParent,
}) => {
  await setMode("POPUP");
  const token = await payingParent(undefined, "/de", "de");
  // Scripts held back until the box is ticked.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/de/printables/?token=${token}`, { waitUntil: "domcontentloaded" });
  const packs = page.locator("dialog form", { has: page.locator("input[name=recurring_type][value=upsale]") });
  await packs.getByRole("checkbox").check();
  release();
  await expect(page.locator("html[data-ready]")).toHaveCount(1, { timeout: 20_000 });
  await expect(packs.getByRole("checkbox")).toBeChecked();
  await packs.getByRole("button").click();
  await expect(page.getByRole("dialog").getByRole("status")).toContainText(message("de", "upsell.successPacks"));
});

test("POPUP: the popup offers the packs over the printables, and one click buys them", async ({
  page,
  api,
  setMode,
  payingParent,
}) => {
  await setMode("POPUP");
  const token = await payingParent();
  const popup = page.getByRole("dialog", { name: "Add more to Noa's kit" });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("Alphabet Adventures");
  await expect(popup).toContainText("$14.99");
  await popup.getByRole("button", { name: "Buy all 3 packs for $14.99" }).click();
  // Bought: the popup shows only the success and the way on, the pitch and its buttons gone.
  const done = page.getByRole("dialog", { name: "Thank you!" });
  await expect(done.getByRole("status")).toContainText("Done! The 3 add-on packs are now in your printables.");
  await expect(done).toContainText("Find them under “Your add-on packs” on this page");
  await expect(done.getByRole("button", { name: /Buy all 3 packs|Buy lifetime access|No, thanks/ })).toHaveCount(0);
  await done.getByRole("button", { name: "See my printables" }).click();
  await expect(done).toBeHidden();
  await expect(page.getByRole("heading", { name: "Your add-on packs" })).toBeVisible();
  // Bought and closed: a reload does not offer it again.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your add-on packs" })).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
  const conversion = await api.post("/api/v1/conversion/trigger-upsale", {
    data: { user_token: token, product: "kinderready" },
  });
  // The page reported it already.
  expect(await conversion.json()).toEqual({ recorded: false });
});

for (const locale of ["", "/ar"]) {
  test(`POPUP: on a 390x844 phone both offers' buy buttons show without scrolling (${locale || "en"})`, async ({
    page,
    setMode,
    payingParent,
  }) => {
    await setMode("POPUP");
    await page.setViewportSize({ width: 390, height: 844 });
    await payingParent(undefined, locale);
    const popup = page.locator("dialog.upsell-popup[open]");
    await expect(popup).toBeVisible();
    // The packs' button and lifetime access's, whole and on screen as the popup opens.
    const buy = popup.locator(".upsell__card").getByRole("button");
    await expect(buy).toHaveCount(2);
    for (const button of await buy.all()) await expect(button).toBeInViewport({ ratio: 1 });
    expect(await popup.evaluate((dialog) => dialog.scrollTop)).toBe(0);
    // The smallest phone: the packs, their pictures and prices wrap; nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await popup.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  });
}

test("POPUP: the server renders the popup as this browser left it, so it is on the first paint", async ({
  page,
  setMode,
  payingParent,
}) => {
  await setMode("POPUP");
  await payingParent();
  // The document alone (the browser's cookies, no script): what the first paint shows.
  const served = async () => {
    const html = await (await page.request.get(page.url())).text();
    return /<dialog[^>]*class="upsell-popup"[^>]*>/.exec(html)?.[0] ?? "";
  };
  expect(await served()).toMatch(/\bopen=""/);
  expect(await served()).toContain('data-form-key="initial"');
  // Hydrated, the served popup is a true modal (focus kept inside, the page behind inert).
  await expect
    .poll(() => page.locator("dialog.upsell-popup").evaluate((dialog) => dialog.matches(":modal")))
    .toBe(true);

  await page.getByRole("dialog").getByRole("button", { name: "No, thanks" }).click();
  await expect(page.getByRole("dialog", { name: /Wait: all 3 packs/ })).toBeVisible();
  expect(await served()).toMatch(/\bopen=""/);
  expect(await served()).toContain('data-form-key="catchy"');

  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  expect(await served()).not.toMatch(/\bopen=/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your printables" })).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("POPUP: declining brings the discount at 4.99, which survives a reload and can be bought", async ({
  page,
  setMode,
  payingParent,
}) => {
  await setMode("POPUP");
  await payingParent();
  await page.getByRole("dialog").getByRole("button", { name: "No, thanks" }).click();
  const discount = page.getByRole("dialog", { name: "Wait: all 3 packs for $4.99" });
  await expect(discount).toBeVisible();
  await expect(discount).not.toContainText("Lifetime access");
  await page.reload();
  await expect(discount).toBeVisible();
  await discount.getByRole("button", { name: "Buy all 3 packs for $4.99" }).click();
  const done = page.getByRole("dialog", { name: "Thank you!" });
  await expect(done.getByRole("status")).toContainText("Done!");
  await expect(done).not.toContainText("If you close it");
});

test("POPUP: closing the discount ends the offer for good", async ({ page, setMode, payingParent }) => {
  await setMode("POPUP");
  await payingParent();
  await page.getByRole("dialog").getByRole("button", { name: "No, thanks" }).click();
  const discount = page.getByRole("dialog", { name: /Wait: all 3 packs/ });
  await expect(discount).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(discount).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your printables" })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("TABS: the additional packs tab sells lifetime access with the keyboard", async ({
  page,
  api,
  setMode,
  payingParent,
}) => {
  await setMode("TABS");
  const token = await payingParent();
  await expect(page.getByRole("dialog")).toBeHidden();
  const tab = page.getByRole("tab", { name: "Additional packs" });
  await page.getByRole("tab", { name: "My printables" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab).toBeFocused();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: "Additional packs" });
  await panel.getByRole("button", { name: "Buy lifetime access for $29.99" }).click();
  await expect(panel.getByRole("status")).toContainText("You have lifetime access");
  const status = await api.get(`/api/v1/onboarding/${token}?product=kinderready`);
  expect((await status.json()).subscriptionStatus).toBe("lifetime");
});

test("a card that declines later charges shows insufficient funds", async ({ page, setMode, payingParent }) => {
  await setMode("POPUP");
  await payingParent("4000 0000 0001 3021");
  const popup = page.getByRole("dialog");
  await popup.getByRole("button", { name: /^Buy all 3 packs/ }).click();
  const alert = popup.getByRole("alert");
  await expect(alert).toContainText("Insufficient funds");
  await expect(alert).toContainText("There are not enough funds on the card.");
});

test("when the bank wants the cardholder, the upsell moves to the hosted page and comes back paid", async ({
  page,
  setMode,
  payingParent,
  payOnHostedPage,
}) => {
  await setMode("POPUP");
  await payingParent("4000 0000 0001 2155");
  const popup = page.getByRole("dialog");
  await popup.getByRole("button", { name: /^Buy all 3 packs/ }).click();
  await expect(popup.getByRole("alert")).toContainText("Your bank wants you to confirm this payment yourself.");
  await popup.getByRole("button", { name: "Confirm on the secure page" }).click();
  await page.waitForURL(/\/gateway-simulator\/pay\//);
  await expect(page.locator("main")).toContainText("$14.99");
  await payOnHostedPage("4067 4299 7471 9265");
  await page.waitForURL(/\/printables\/\?.*order_id=/);
  await expect(page.getByRole("dialog").getByRole("status")).toContainText("Done! The 3 add-on packs");
});

test("a charge that never settles times out after 15 polls", async ({ page, setMode, payingParent }) => {
  await setMode("POPUP");
  await payingParent("4000 0000 0000 9995");
  const polls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.postData()?.includes("upsell-status")) polls.push(request.url());
  });
  const popup = page.getByRole("dialog");
  await popup.getByRole("button", { name: /^Buy all 3 packs/ }).click();
  await expect(popup.getByRole("alert")).toContainText("We haven't heard back about this payment yet", {
    timeout: 15_000,
  });
  expect(polls).toHaveLength(15);
});

test("the popup and the tabs pass axe-core, in Arabic too", async ({ page, setMode, payingParent }) => {
  await setMode("POPUP");
  await payingParent("4067 4299 7471 9265", "/ar");
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect((await axe(page).analyze()).violations).toEqual([]);
  await setMode("TABS");
  await page.reload();
  await expect(page.getByRole("tablist")).toBeVisible();
  expect((await axe(page).analyze()).violations).toEqual([]);
});

for (const lang of ["en", "ar"] as const) {
  const prefix = lang === "en" ? "" : `/${lang}`;
  test(`POPUP without JavaScript: "no, thanks" and the discounted packs are native posts, the result on the page (${lang})`, async ({
    browser,
    baseURL,
    setMode,
    payingParent,
    payOnHostedPage,
  }) => {
    test.setTimeout(90_000);
    await setMode("POPUP");
    const token = await payingParent(undefined, prefix);
    const page = await noScriptPage(browser, baseURL, { "x-test-country": "us" });
    await page.goto(`${prefix}/printables/?token=${token}`);
    // The server renders the popup open; "no, thanks" posts the decision and shows the page again, at the discount.
    const popup = page.locator("dialog.upsell-popup[open]");
    await expect(popup).toHaveAttribute("data-form-key", "initial");
    // The × closes it, as a dialog's own form does, with the kit behind it; it opens again next time.
    await popup.locator(".upsell-popup__close").click();
    await expect(popup).toHaveCount(0);
    await page.reload();
    await popup.locator(".upsell-popup__decline").click();
    await expect(popup).toHaveAttribute("data-form-key", "catchy");
    await popup.locator(".upsell__card button[type=submit]").click();
    // A device with only the link never charges the stored card: the card is typed on the
    // gateway's page, then back on the page with the order in the address, its outcome shown.
    await payOnHostedPage("4067 4299 7471 9265", page);
    await expect(page).toHaveURL(/[?&]upsale_type=upsale&order_id=/);
    const done = page.getByRole("dialog", { name: message(lang, "upsell.successTitle") });
    await expect(async () => {
      if (!(await done.isVisible()))
        await page.getByRole("link", { name: message(lang, "purchase.result.updateNow") }).click();
      await expect(done).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(done.getByRole("status")).toHaveText(message(lang, "upsell.successPacks"));
    // The server has them: the page lists the add-on packs as the parent's.
    await expect(page.getByRole("heading", { name: message(lang, "printables.packsHeading") })).toBeAttached();
    await page.context().close();
  });
}

test("TABS without JavaScript: the additional packs tab is a link to the page open on it, and its offer a form", async ({
  browser,
  baseURL,
  setMode,
  payingParent,
  payOnHostedPage,
}) => {
  await setMode("TABS");
  const token = await payingParent();
  const page = await noScriptPage(browser, baseURL, { "x-test-country": "us" });
  await page.goto(`/printables/?token=${token}`);
  const panel = page.getByRole("tabpanel", { name: "Additional packs" });
  await expect(panel).toBeHidden();
  await page.getByRole("tab", { name: "Additional packs" }).click();
  await expect(page).toHaveURL(/[?&]tab=additional_packs/);
  expect(new URL(page.url()).searchParams.get("token")).toBe(token);
  await expect(page.getByRole("tab", { name: "Additional packs" })).toHaveAttribute("aria-selected", "true");
  await panel.getByRole("button", { name: "Buy lifetime access for $29.99" }).click();
  // Only the link on this device: lifetime is paid on the gateway's page, the card typed again.
  await payOnHostedPage("4067 4299 7471 9265", page);
  await expect(page).toHaveURL(/[?&]upsale_type=lifetime&order_id=/);
  await page.context().close();
});
