import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { holdScripts } from "./no-script.ts";

// Paying for the subscription on the gateway's hosted page (the in-process simulator) and
// coming back to the offer's result, in Chromium, with the README's test cards.

// The card form's submit button ("Pay $1.99"), not the PayPal one ("Pay with PayPal").
const payByCard = { name: /^Pay (?!with )/ };

/** The registered parent's offer, from the country and in the language given. */
async function openOffer(page: Page, { token, ...options }: { token: string; country?: string; locale?: string }) {
  if (options.country) await page.setExtraHTTPHeaders({ "x-test-country": options.country });
  await page.goto(`${options.locale ? `/${options.locale}` : ""}/purchase/?token=${token}&offer=1`);
  // Hydrated first: before that the purchase button is plain HTML that posts nowhere useful.
  await expect(page.locator(".purchase-flow[data-ready]")).toBeVisible();
}

/** Agrees to the terms, presses the purchase button and pays on the hosted page with a card. */
async function payWith(page: Page, payOnHostedPage: (card: string) => Promise<void>, card: string) {
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Start my 3-day trial" }).click();
  await payOnHostedPage(card);
  await page.waitForURL(/\/purchase\/\?.*order_id=/);
}

test("a parent buys the subscription with the approved card and lands on the success modal", async ({
  page,
  api,
  parent: { token },
  payOnHostedPage,
}) => {
  await openOffer(page, { token, country: "us" });
  await payWith(page, payOnHostedPage, "4067 4299 7471 9265");
  const dialog = page.getByRole("dialog", { name: "Payment successful!" });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole("link", { name: "Go to my printables" }).click();
  await page.waitForURL(`/printables/?token=${token}`);
  // Bought once: the offer does not take a second payment.
  const status = await api.get(`/api/v1/onboarding/${token}?product=kinderready`);
  expect((await status.json()).purchased).toBe(true);
});

for (const [card, title, message] of [
  ["4000 0000 0000 3022", "Insufficient funds", "There are not enough funds on the card."],
  ["4000 0000 0000 2065", "Payment failed!", "The CVV2 code is invalid."],
  ["4000 0000 0000 2107", "Payment failed!", "Card authentication was unsuccessful."],
] as const) {
  test(`the card ${card} shows "${title}" with its message, and Try again returns to the offer`, async ({
    page,
    parent: { token },
    payOnHostedPage,
  }) => {
    await openOffer(page, { token });
    await payWith(page, payOnHostedPage, card);
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toContainText(message);
    await dialog.getByRole("button", { name: "Try again" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Start my 3-day trial" })).toBeVisible();
    expect(new URL(page.url()).searchParams.has("order_id")).toBe(false);
    // The parent agreed to the terms to pay: trying again does not ask them to tick it anew.
    await expect(page.getByRole("checkbox")).toBeChecked();
  });
}

test("the hosted page names the plan in words, and its expiry field writes the slash as the parent types", async ({
  page,
  parent: { token },
}) => {
  await openOffer(page, { token, country: "us" });
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Start my 3-day trial" }).click();
  await page.waitForURL(/\/gateway-simulator\/pay\//);
  await expect(page.locator(".order")).toHaveText("KinderReady kit, 3-day trial: $1.99");

  const expiry = page.getByLabel("Expiry date (MM/YY)");
  await expiry.pressSequentially("1228");
  await expect(expiry).toHaveValue("12/28");
  // Each backspace takes one character, the slash included.
  await expiry.press("Backspace");
  await expect(expiry).toHaveValue("12/2");
  await expiry.press("Backspace");
  await expect(expiry).toHaveValue("12/");
  await expiry.press("Backspace");
  await expect(expiry).toHaveValue("12");
  // Pasted with or without its slash, the date reads the same.
  await expiry.fill("1234");
  await expect(expiry).toHaveValue("12/34");
  await expiry.fill("12/34");
  await expect(expiry).toHaveValue("12/34");
  await page.getByLabel("Card number").fill("4067 4299 7471 9265");
  await page.getByLabel("Security code (CVV)").fill("123");
  await page.getByRole("button", payByCard).click();
  await expect(page.getByRole("dialog", { name: "Payment successful!" })).toBeVisible({ timeout: 15_000 });
});

// Where the right of withdrawal applies (GB, DE) the button says the order is paid, and the
// parent asks for access at once as well as agreeing to the terms.
for (const [country, symbol, button] of [
  ["gb", "£", "Pay and start my 3-day trial"],
  ["de", "€", "Pay and start my 3-day trial"],
  ["us", "$", "Start my 3-day trial"],
] as const) {
  test(`a visitor from ${country.toUpperCase()} sees and pays prices in ${symbol}`, async ({
    page,
    parent: { token },
  }) => {
    await openOffer(page, { token, country });
    await expect(page.locator("main")).toContainText(symbol);
    const boxes = page.getByRole("checkbox");
    await expect(boxes).toHaveCount(country === "us" ? 1 : 2);
    for (const box of await boxes.all()) await box.check();
    await page.getByRole("button", { name: button, exact: true }).click();
    await page.waitForURL(/\/gateway-simulator\/pay\//);
    await expect(page.getByRole("button", payByCard)).toContainText(symbol);
  });
}

test("the hosted payment page is in the parent's language, right to left in Arabic", async ({
  page,
  parent: { token },
}) => {
  await openOffer(page, { token, locale: "ar" });
  await page.getByRole("checkbox").check();
  await page.locator("form button[type=submit], button.purchase").last().click();
  await page.waitForURL(/\/gateway-simulator\/pay\//);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByLabel("رقم البطاقة")).toBeVisible();
});

test("in Germany, both boxes ticked before the scripts ran stay ticked once they run, and the order leaves for the gateway", async ({
  page,
  parent: { token },
}) => {
  await page.setExtraHTTPHeaders({ "x-test-country": "de" });
  // A slow phone: the scripts held back until both boxes are ticked.
  const scripts = await holdScripts(page);
  await page.goto(`/de/purchase/?token=${token}&offer=1`, { waitUntil: "domcontentloaded" });
  await page.locator("input[name=agree]").check();
  await page.locator("input[name=immediate_access]").check();
  await scripts.release();
  await expect(page.locator(".purchase-flow[data-ready]")).toBeVisible({ timeout: 15_000 });
  await expect(page.locator("input[name=agree]")).toBeChecked();
  await page.locator("button.offer__buy").click();
  await page.waitForURL(/\/gateway-simulator\/pay\//);
});
