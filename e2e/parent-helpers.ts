import { expect, type Page } from "@playwright/test";

// Parents for the end-to-end tests: registered through the API as the quiz would, and paying on
// the simulator's hosted page with a test card.

export const apiKey = { "x-api-key": "local-development-secret" };
export const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** A parent who finished the quiz (kid Noa, 5) on another device: answers the token and email. */
export async function registerParent(page: Page, label: string, token = `e2e-${unique()}-${label}-abcdef`) {
  const email = `${label}-${unique()}@example.com`;
  const response = await page.request.post("/api/v1/onboarding", {
    headers: apiKey,
    data: {
      kid: { name: "Noa", years: { text: "5 years", value: 5 } },
      email,
      questions: [{ id: "ty", answer: "soon" }],
      isForbiddenToMailing: true,
      user_token: token,
      purchasePathByFlow: "/purchase/",
      product: "kinderready",
    },
  });
  expect(response.status()).toBe(200);
  return { token, email };
}

/** On the gateway's hosted page: types a test card (any future expiry and CVV) and pays. */
export async function payOnHostedPage(page: Page, card: string) {
  await page.waitForURL(/\/gateway-simulator\/pay\//);
  await page.locator("input[name=number]").fill(card);
  await page.locator("input[name=expiry]").fill("12/34");
  await page.locator("input[name=cvv]").fill("123");
  await page.locator("form:has(input[name=method][value=card]) button[type=submit]").click();
}

/** A parent who finished the quiz (kid Noa) and paid the first payment: on the printables. */
export async function paidParent(page: Page, label = "kit") {
  const { token, email } = await registerParent(page, label);
  await page.setExtraHTTPHeaders({ "x-test-country": "de" });
  await buyOnOffer(page, token);
  return { token, email };
}

/** A registered parent takes the offer, pays with the approved card and reaches the printables. */
export async function buyOnOffer(page: Page, token: string, origin = "") {
  await page.goto(`${origin}/purchase/?token=${token}&offer=1`);
  await expect(page.locator(".purchase-flow[data-ready]")).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.locator("button.offer__buy").click();
  await payOnHostedPage(page, "4067 4299 7471 9265");
  await page.waitForURL(/order_id=/);
  await page.locator("dialog a.button").click();
  await page.waitForURL(new RegExp(`/printables/\\?token=${token}`));
}

/**
 * In POPUP mode (the operator's setting, which another spec changes) the upsell opens over the
 * page once it has hydrated: say "No, thanks", then close the discount, which ends the offer for
 * this parent on this device. In TABS mode nothing opens.
 */
export async function declineUpsellForGood(page: Page) {
  const dialog = page.locator("dialog.upsale-popup[open]");
  const opened = await dialog.waitFor({ state: "visible", timeout: 4000 }).then(
    () => true,
    () => false,
  );
  if (!opened) return;
  await dialog.locator(".upsale-popup__decline").click();
  await expect(dialog).toHaveAttribute("data-form-key", "catchy");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

/** Asks for a sign-in link on the profile page, as a parent on a new device: the link the email carries. */
export async function emailedSignInLink(page: Page, email: string) {
  await page.goto("/profile/");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Check your inbox");
  const mail = page
    .getByRole("article")
    .filter({ hasText: `To ${email}` })
    .filter({ has: page.getByRole("heading", { name: "Your KinderReady sign-in link" }) });
  await expect(async () => {
    await page.goto("/dev/mailbox/");
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  const link = (await mail.getByRole("link").first().getAttribute("href")) ?? "";
  expect(link).toContain("/profile/?access=");
  return link;
}

/** Signs the parent in on this browser the one way a link can: the emailed link, then "Continue". */
export async function signInByEmail(page: Page, email: string) {
  await page.goto(await emailedSignInLink(page, email));
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/profile\/$/);
}
