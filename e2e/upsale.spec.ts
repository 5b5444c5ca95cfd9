import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { apiKey, payOnHostedPage, registerParent } from "./parent-helpers.ts";

// Upsells after the first payment, in Chromium: the popup with its discount downsell, the tabs,
// lifetime access, and the decline and time-out outcomes of the one-click charge. The display
// mode is the operator's global setting, so these tests run one after another.
test.describe.configure({ mode: "serial" });

async function setMode(page: Page, mode: "POPUP" | "TABS") {
  const response = await page.request.put("/api/v1/upsale/display-mode", { headers: apiKey, data: { mode } });
  expect(response.status()).toBe(200);
}

/** A parent who finished the quiz, paid the first payment with `card`, and is on the printables. */
async function paidParent(page: Page, card = "4067 4299 7471 9265", locale = "") {
  const { token } = await registerParent(page, "upsale");
  await page.setExtraHTTPHeaders({ "x-test-country": "us" });
  await page.goto(`${locale}/purchase/?token=${token}&offer=1`);
  // Hydrated first: before that the purchase button is plain HTML that posts nowhere useful.
  await expect(page.locator(".purchase-flow[data-ready]")).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.locator("button.offer__buy").click();
  await payOnHostedPage(page, card);
  await page.waitForURL(/order_id=/);
  await page.locator("dialog a.button").click();
  await page.waitForURL(new RegExp(`${locale}/printables/\\?token=${token}`));
  return token;
}

test("POPUP: the popup offers the packs over the printables, and one click buys them", async ({ page }) => {
  await setMode(page, "POPUP");
  const token = await paidParent(page);
  const popup = page.getByRole("dialog", { name: "Add more to Noa's kit" });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("Alphabet Adventures");
  await expect(popup).toContainText("$14.99");
  await popup.getByRole("button", { name: "Add all 3 packs for $14.99" }).click();
  await expect(popup.getByRole("status")).toContainText("Done! The 3 add-on packs are now in your printables.");
  await popup.getByRole("button", { name: "Close" }).first().click();
  await expect(popup).toBeHidden();
  await expect(page.getByRole("heading", { name: "Your add-on packs" })).toBeVisible();
  // Bought and closed: a reload does not offer it again.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your add-on packs" })).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
  const conversion = await page.request.post("/api/v1/conversion/trigger-upsale", {
    headers: apiKey,
    data: { user_token: token, product: "kinderready" },
  });
  // The page reported it already.
  expect(await conversion.json()).toEqual({ recorded: false });
});

test("POPUP: the server renders the popup as this browser left it, so it is on the first paint", async ({ page }) => {
  await setMode(page, "POPUP");
  await paidParent(page);
  // The document alone (the browser's cookies, no script): what the first paint shows.
  const served = async () => {
    const html = await (await page.request.get(page.url())).text();
    return /<dialog[^>]*class="upsale-popup"[^>]*>/.exec(html)?.[0] ?? "";
  };
  expect(await served()).toMatch(/\bopen=""/);
  expect(await served()).toContain('data-form-key="initial"');
  // Hydrated, the served popup is a true modal (focus kept inside, the page behind inert).
  expect(await page.locator("dialog.upsale-popup").evaluate((dialog) => dialog.matches(":modal"))).toBe(true);

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

test("POPUP: declining brings the discount at 4.99, which survives a reload and can be bought", async ({ page }) => {
  await setMode(page, "POPUP");
  await paidParent(page);
  await page.getByRole("dialog").getByRole("button", { name: "No, thanks" }).click();
  const discount = page.getByRole("dialog", { name: "Wait: all 3 packs for $4.99" });
  await expect(discount).toBeVisible();
  await expect(discount).not.toContainText("Lifetime access");
  await page.reload();
  await expect(discount).toBeVisible();
  await discount.getByRole("button", { name: "Add all 3 packs for $4.99" }).click();
  await expect(discount.getByRole("status")).toContainText("Done!");
});

test("POPUP: closing the discount ends the offer for good", async ({ page }) => {
  await setMode(page, "POPUP");
  await paidParent(page);
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

test("TABS: the additional packs tab sells lifetime access with the keyboard", async ({ page }) => {
  await setMode(page, "TABS");
  const token = await paidParent(page);
  await expect(page.getByRole("dialog")).toBeHidden();
  const tab = page.getByRole("tab", { name: "Additional packs" });
  await page.getByRole("tab", { name: "My printables" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab).toBeFocused();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: "Additional packs" });
  await panel.getByRole("button", { name: "Get lifetime access for $29.99" }).click();
  await expect(panel.getByRole("status")).toContainText("You have lifetime access");
  const status = await page.request.get(`/api/v1/onboarding/${token}?product=kinderready`, { headers: apiKey });
  expect((await status.json()).subscriptionStatus).toBe("lifetime");
  await setMode(page, "POPUP");
});

test("a card that declines later charges shows insufficient funds", async ({ page }) => {
  await setMode(page, "POPUP");
  await paidParent(page, "4000 0000 0001 3021");
  const popup = page.getByRole("dialog");
  await popup.getByRole("button", { name: /^Add all 3 packs/ }).click();
  const alert = popup.getByRole("alert");
  await expect(alert).toContainText("Insufficient funds");
  await expect(alert).toContainText("There are not enough funds on the card.");
});

test("when the bank wants the cardholder, the upsell moves to the hosted page and comes back paid", async ({
  page,
}) => {
  await setMode(page, "POPUP");
  await paidParent(page, "4000 0000 0001 2155");
  const popup = page.getByRole("dialog");
  await popup.getByRole("button", { name: /^Add all 3 packs/ }).click();
  await expect(popup.getByRole("alert")).toContainText("Your bank wants you to confirm this payment yourself.");
  await popup.getByRole("button", { name: "Confirm on the secure page" }).click();
  await page.waitForURL(/\/gateway-simulator\/pay\//);
  await expect(page.locator("main")).toContainText("$14.99");
  await payOnHostedPage(page, "4067 4299 7471 9265");
  await page.waitForURL(/\/printables\/\?.*order_id=/);
  await expect(page.getByRole("dialog").getByRole("status")).toContainText("Done! The 3 add-on packs");
});

test("a charge that never settles times out after 15 polls", async ({ page }) => {
  await setMode(page, "POPUP");
  await paidParent(page, "4000 0000 0000 9995");
  const polls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.postData()?.includes("upsale-status")) polls.push(request.url());
  });
  const popup = page.getByRole("dialog");
  await popup.getByRole("button", { name: /^Add all 3 packs/ }).click();
  await expect(popup.getByRole("alert")).toContainText("We haven't heard back about this payment yet", {
    timeout: 15_000,
  });
  expect(polls).toHaveLength(15);
});

test("the popup and the tabs pass axe-core, in Arabic too", async ({ page }) => {
  await setMode(page, "POPUP");
  await paidParent(page, "4067 4299 7471 9265", "/ar");
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await setMode(page, "TABS");
  await page.reload();
  await expect(page.getByRole("tablist")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await setMode(page, "POPUP");
});
