import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOperator } from "@kinderready/domain/console/operator-accounts.server";
import type { Page } from "@playwright/test";
import { seedConsoleData } from "../bench/console-data.ts";
import { axe } from "./axe.ts";
import { expect, test, unique } from "./fixtures.ts";
import { openMigratedDatabase } from "./migrated-database.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";

// The operator console in Chromium, on a server of its own over a seeded business (changing a
// split's weights must not move the other specs' visitors): signing in and the backoff, the
// funnel and an experiment from seeded data, and a weight change the funnel picks up at once.

test.describe.configure({ mode: "serial" });
// Operators work on a laptop screen.
test.use({ viewport: { width: 1366, height: 900 } });
const port = 3186;
const base = `http://127.0.0.1:${port}`;
const dataDir = join(tmpdir(), `kinderready-console-${process.pid}`);
const operator = { email: "ops@example.com", password: "operator passphrase 1" };
const spare = { email: "spare@example.com", password: "another passphrase 2" };
let server: OwnServer | undefined;

// biome-ignore lint/correctness/noEmptyPattern: Playwright passes test info second, after the fixtures
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "pglite", "one server of its own is enough: runs in the pglite project");
  test.setTimeout(120_000);
  const handle = await openMigratedDatabase(dataDir);
  await seedConsoleData(handle.db, { users: 400, events: 12_000, now: new Date() });
  await createOperator(handle, { ...spare, createdBy: null });
  await handle.close();
  server = await startOwnServer({
    port,
    dataDir,
    env: {
      TRUST_PROXY: "true",
      ADMIN_EMAIL: operator.email,
      ADMIN_PASSWORD: operator.password,
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, account = operator) {
  await page.goto(`${base}/admin/`);
  await expect(page).toHaveURL(`${base}/admin/sign-in/?next=%2Fadmin%2F`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${base}/admin/`);
}

const cell = (page: Page, row: string, column: number) =>
  page
    .getByRole("row", { name: new RegExp(`^${row}`) })
    .getByRole("cell")
    .nth(column);
const count = async (page: Page, row: string) =>
  Number(((await cell(page, row, 0).textContent()) ?? "").replace(/\D/g, ""));

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

test("five wrong passwords make an email wait from that address, the right one too; others still sign in; a link is asked for", async ({
  page,
}) => {
  const refused =
    "Wrong email or password, or too many wrong passwords just now. Wait a minute and try again, or get a sign-in link by email.";
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.7" });
  await page.goto(`${base}/admin/sign-in/`);
  await expectNoAxeViolations(page);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.getByLabel("Email").fill(spare.email);
    await page.getByLabel("Password").fill(`wrong password ${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(refused);
  }
  // The sixth waits out the backoff, and says no more than a wrong password does.
  await page.getByLabel("Password").fill(spare.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(refused);
  await expect(page).toHaveURL(/sign-in/);
  // Without the password (the form's required password is not asked for this button).
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "If this email belongs to an operator, a sign-in link is on its way. It works once, for 15 minutes.",
  );
  await expectNoAxeViolations(page);
  // The wait is the email's from this address, not the address's.
  await page.getByLabel("Email").fill(operator.email);
  await page.getByLabel("Password").fill(operator.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${base}/admin/`);
});

test("signs in with the keyboard only and signs out", async ({ page }) => {
  await page.goto(`${base}/admin/sign-in/`);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(operator.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(operator.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${base}/admin/`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${base}/admin/sign-in/`);
  await page.goto(`${base}/admin/experiments/`);
  await expect(page).toHaveURL(/\/admin\/sign-in\/\?next=%2Fadmin%2Fexperiments%2F/);
});

test("shows the seeded funnel step by step, filters it and exports it", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Funnel" })).toBeVisible();
  const visited = await count(page, "Visited");
  const email = await count(page, "Left an email");
  const purchased = await count(page, "Purchased");
  expect(email).toBeGreaterThan(purchased);
  expect(visited).toBeGreaterThan(email);
  expect(purchased).toBeGreaterThan(0);
  await expect(page.getByRole("img", { name: "Visitors and purchases by day of first visit" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("combobox", { name: /^Device/ }).selectOption("desktop");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/device=desktop/);
  // The table is replaced once the filtered data has arrived.
  await expect.poll(() => count(page, "Visited")).toBeLessThan(visited);
  const desktop = await count(page, "Visited");
  expect(desktop).toBeGreaterThan(0);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).first().click();
  const csv = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let body = "";
    csv.on("data", (chunk) => {
      body += chunk;
    });
    csv.on("end", () => resolve(body));
  });
  expect(text.split("\r\n")[0]).toBe(
    "step,visitors,from_previous,drop_off,from_start,previous_visitors,previous_from_start,from_start_change,skippable",
  );
  expect(text).toContain(`visit,${desktop},`);

  // A filter the report cannot use is refused with a 400 naming it.
  const refused = await page.goto(`${base}/admin/?from=2026-13-45&to=2026-11-01`);
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("“From”");
});

test("in Arabic the console is mirrored and passes axe", async ({ page }) => {
  // Six pages through axe-core, the revenue page with its cohort and subscription tables among
  // them: on two cores shared with the other worker and its servers, over 90 s in CI.
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto(`${base}/admin/experiments/?lang=ar`);
  await expect(page).toHaveURL(`${base}/admin/experiments/`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expectNoAxeViolations(page);
  // Every section, in Arabic: no English left in the navigation, and no violations.
  await expect(page.getByRole("navigation").first()).not.toContainText(/[A-Za-z]{3,}/);
  for (const section of ["revenue", "retention", "emails/", "customers/?q=seed-1", "offer", "audit"]) {
    await page.goto(`${base}/admin/${section}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoAxeViolations(page);
  }
  await page.goto(`${base}/admin/?lang=en`);
});

test("shows the seeded experiment, and a new weight places the next visitor at once", async ({ page, api }) => {
  await signIn(page);
  await page.getByRole("link", { name: "Experiments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Experiments" })).toBeVisible();
  await expect(page.getByText(/Sample ratio/)).toBeVisible();
  const exposedA = await count(page, "A");
  const exposedB = await count(page, "B");
  expect(exposedA + exposedB).toBeGreaterThan(10);
  await expectNoAxeViolations(page);

  await page.getByLabel("Group A").fill("0");
  await page.getByLabel("Group B").fill("1");
  await page.getByRole("button", { name: "Save weights" }).click();
  await expect(page.getByRole("status")).toHaveText("Weights saved. New visitors are placed by them from now on.");

  // A new parent on the copy_1 offer, in the US: group B's intro price.
  const token = `e2e-${unique()}-console-abcdef`;
  const registered = await api.post(`${base}/api/v1/onboarding`, {
    data: {
      kid: { name: "Noa", years: { text: "5 years", value: 5 } },
      email: `console-${unique()}@example.com`,
      questions: [{ id: "ty", answer: "soon" }],
      isForbiddenToMailing: true,
      user_token: token,
      purchasePathByFlow: "/offer1/",
      product: "kinderready",
    },
  });
  expect(registered.status()).toBe(200);
  const visitor = await page.context().newPage();
  await visitor.setExtraHTTPHeaders({ "x-test-country": "us" });
  await visitor.goto(`${base}/offer1/?token=${token}&offer=1`);
  await expect(visitor.locator(".purchase-flow")).toContainText("Due today$0.99");
  await visitor.close();

  // The change opened a phase, which the page reads: it starts from nobody, and the new parent is in B.
  await page.reload();
  await expect.poll(() => count(page, "B")).toBe(1);
  expect(await count(page, "A")).toBe(0);

  // A change without the session's CSRF token is refused.
  const forged = await page.request.post(`${base}/admin/experiments/`, {
    form: { intent: "stop", split: "intro-offer", csrf: "forged" },
  });
  expect(forged.status()).toBe(403);
  await page.reload();
  await expect(page.getByLabel("Group B")).toHaveValue("1");
});

test("reads revenue per currency, with every table exportable", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: "Revenue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Revenue" })).toBeVisible();
  const totals = page.getByRole("region", { name: "Totals by currency" });
  await expect(totals.getByRole("row", { name: /^USD/ })).toBeVisible();
  await expect(totals.getByRole("row", { name: /^EUR/ })).toContainText("€");
  await expect(page.getByRole("img", { name: "Net revenue by day in GBP" })).toBeVisible();
  await expectNoAxeViolations(page);

  const exportLink = page.locator('a[href^="/admin/export/cancellations.csv?"]');
  const exported = await page.request.get(`${base}${await exportLink.getAttribute("href")}`);
  expect(exported.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await exported.text()).split("\r\n")[0]).toBe("reason,subscriptions");
  expect(
    (await page.request.get(`${base}/admin/export/revenue-daily.csv?from=2026-02-30&to=2026-03-01`)).status(),
  ).toBe(400);
});

test("finds a paying parent, confirms the refund of their charge and cancels the trial with it, audited", async ({
  page,
  browser,
  registerParent,
  buyKit,
}) => {
  // A parent from Germany who paid the first payment, in a browser of their own.
  const parentContext = await browser.newContext({ baseURL: base });
  const parentPage = await parentContext.newPage();
  const { token, email } = await registerParent("refund", { page: parentPage });
  await parentPage.setExtraHTTPHeaders({ "x-test-country": "de" });
  await buyKit(token, { page: parentPage, origin: base, country: "de" });
  await parentContext.close();

  await signIn(page);
  await page.getByRole("link", { name: "Customers" }).click();
  await page.getByLabel("Email, token or order id").fill(email.slice(0, 12));
  await page.keyboard.press("Enter");
  await page.getByRole("link", { name: email }).click();
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  await expectNoAxeViolations(page);

  const charges = page.getByRole("region", { name: "Charges" });
  const first = charges.getByRole("row", { name: /First payment/ });
  await expect(first).toContainText("Paid");
  // Refund is a second step: what is refunded, and the trial cancelled with it unless cleared.
  await first.getByRole("link", { name: /^Refund €/ }).click();
  const confirmation = page.getByRole("region", { name: "Refund this charge?" });
  await expect(confirmation).toContainText("€");
  await expect(confirmation.getByRole("checkbox", { name: "Also cancel the subscription now" })).toBeChecked();
  await expectNoAxeViolations(page);
  await confirmation.getByRole("button", { name: /^Refund €/ }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Refunded, and the subscription is cancelled: the card will not be charged again.",
  );
  await expect(first).toContainText("Refunded");
  await expect(first.getByRole("link")).toHaveCount(0);
  await expect(confirmation).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Subscription" })).toContainText("Cancelled");
  await expect(page.getByRole("region", { name: "Ledger" }).getByRole("row", { name: /Refund/ })).toContainText("-€");
  await expect(
    page.getByRole("region", { name: "Changes by operators" }).getByRole("row", { name: /Refunded a charge/ }),
  ).toContainText(operator.email);
  // The cancellation is on record, and the parent was told: the confirmation is among their emails.
  await expect(page.getByRole("region", { name: "Cancellations" }).getByRole("row", { name: /Console/ })).toContainText(
    "Cancelled",
  );
  await expect(page.getByRole("region", { name: "Emails" })).toContainText("Cancellation confirmed");
  await expect(page.getByRole("region", { name: "Emails" })).toContainText("Receipt");
});

test("changes a price, which the preview and the offer show, and refuses a wrong one", async ({
  page,
  browser,
  registerParent,
}) => {
  // Two console pages checked with axe, a visitor's own browser and the audit log: a long walk.
  test.setTimeout(60_000);
  await signIn(page);
  await page.getByRole("link", { name: "Offer", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Offer and prices" })).toBeVisible();
  await expectNoAxeViolations(page);

  const plan = "Subscription (trial), During the countdown, group A, GBP";
  await page.getByLabel(`Price: ${plan}`, { exact: true }).fill("1.79");
  await page.getByRole("button", { name: `Save ${plan}` }).click();
  await expect(page.getByRole("status")).toHaveText("Saved: the price is now £1.79.");

  await page.getByLabel(`Price: ${plan}`, { exact: true }).fill("0");
  await page.getByRole("button", { name: `Save ${plan}` }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Not saved: the price must be between 0.01 and 1000.00, with at most two decimals (like 14.99).",
  );
  await expect(page.getByLabel(`Price: ${plan}`, { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.goto(`${base}/admin/offer/?currency=GBP&group=A&variant=initial`);
  await expect(page.locator(".console-preview")).toContainText("£1.79");
  const visitorContext = await browser.newContext({ baseURL: base, extraHTTPHeaders: { "x-test-country": "gb" } });
  const visitor = await visitorContext.newPage();
  const { token } = await registerParent("gbp", { page: visitor });
  await visitor.goto(`/purchase/?token=${token}&offer=1`);
  await expect(visitor.locator(".purchase-flow")).toContainText("Due today£1.79");
  await visitorContext.close();

  // The change is in the audit log, with who made it and the prices before and after.
  await page.getByRole("link", { name: "Audit log" }).click();
  const change = page.getByRole("row", { name: /Changed a price/ }).first();
  await expect(change).toContainText(operator.email);
  await expect(change).toContainText('"amount":179');
  await expectNoAxeViolations(page);
});

test("previews any email in any language as the parent receives it, styled, in a frame of its own", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${base}/admin/emails/?lang=en`);
  await expect(page.getByRole("heading", { level: 1, name: "Emails" })).toBeVisible();
  await page.locator("select[name=preview]").selectOption("pause-started");
  await page.locator("select[name=in]").selectOption("de");
  await page.getByRole("button", { name: "Show" }).click();
  const frame = page.frameLocator("iframe.console-email-preview");
  await expect(frame.locator("body")).toContainText("Ihre Pause ist eingerichtet");
  // The mail's own inline styles apply: its button's text is white, not a link's blue.
  await expect(frame.getByRole("link", { name: "Mein Abo verwalten" })).toHaveCSS("color", "rgb(255, 255, 255)");
});
