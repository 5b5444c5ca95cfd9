import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { seedConsoleData } from "../bench/console-data.ts";
import { axe } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { openMigratedDatabase } from "./migrated-database.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";

// The experiments page in Chromium over a seeded business, on a server of its own (naming a
// control opens a phase other specs must not see): the definition of a conversion, the phase and
// its sample-ratio check, the results table in its own scroll box, the control chosen with the
// keyboard, on a laptop and on a phone, in English and in Arabic.

test.describe.configure({ mode: "serial" });
const port = 3188;
const base = `http://127.0.0.1:${port}`;
const dataDir = join(tmpdir(), `kinderready-console-experiments-${process.pid}`);
const operator = { email: "ops@example.com", password: "operator passphrase 1" };
const shots = process.env.EXPERIMENT_SHOTS;
let server: OwnServer | undefined;

// biome-ignore lint/correctness/noEmptyPattern: Playwright passes test info second, after the fixtures
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "pglite", "one server of its own is enough: runs in the pglite project");
  test.setTimeout(180_000);
  const handle = await openMigratedDatabase(dataDir);
  await seedConsoleData(handle.db, { users: 2_000, events: 24_000, now: new Date() });
  await handle.close();
  server = await startOwnServer({
    port,
    dataDir,
    env: { ADMIN_EMAIL: operator.email, ADMIN_PASSWORD: operator.password },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function openExperiments(page: Page, language = "en") {
  await page.goto(`${base}/admin/sign-in/?next=%2Fadmin%2Fexperiments%2F`);
  // Typed again if hydration reset a field typed before it.
  await expect(async () => {
    await page.getByLabel("Email").fill(operator.email);
    await page.getByLabel("Password").fill(operator.password);
    await expect(page.getByLabel("Email")).toHaveValue(operator.email, { timeout: 500 });
  }).toPass();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${base}/admin/experiments/`);
  if (language !== "en") {
    await page.goto(`${base}/admin/experiments/?lang=${language}`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
  }
}

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

/** The page never scrolls sideways; wide tables scroll inside their own box. */
async function expectNoSidewaysScroll(page: Page) {
  // Against the viewport set, not innerWidth: a phone's layout viewport grows to fit what overflows.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("reads a phase against its weights and names another control with the keyboard", async ({ page }) => {
    test.slow();
    await openExperiments(page);
    await expect(page.getByText(/^A conversion is a parent's first subscription payment/)).toBeVisible();
    await expect(page.locator("strong").filter({ hasText: /^Phase 1: since / })).toBeVisible();
    await expect(page.getByText(/Sample ratio/)).toBeVisible();
    const table = page.getByRole("region", { name: "Results" });
    for (const header of ["Chance to beat the control", "Expected loss", "Difference (95%)", "Refund rate"]) {
      await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
    }
    await expect(table.getByRole("rowheader", { name: /^A\s+control/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    if (shots) await page.screenshot({ path: join(shots, "experiments-en-1366.png"), fullPage: true });

    // Keyboard only: the control's select, the next group, then its save button.
    await page.getByLabel("Control group").focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Save control" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Control saved. Results now compare every group with it.");
    await page.reload();
    const summary = page.locator("p").filter({ has: page.locator("strong").filter({ hasText: /^Phase 2: since / }) });
    await expect(summary).toContainText("A 50% · B 50% · control B");
    await expect(table.getByRole("rowheader", { name: /^B\s+control/ })).toBeVisible();
    // The first phase stays readable, with the weights and control it had.
    const phases = page.locator('select[name="phase"]');
    await phases.selectOption((await phases.locator("option").last().getAttribute("value")) ?? "");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/phase=/);
    await expect(table.getByRole("rowheader", { name: /^A\s+control/ })).toBeVisible();

    const exported = await page.request.get(
      `${base}${await page.locator('a[href^="/admin/export/experiment.csv?"]').getAttribute("href")}`,
    );
    expect((await exported.text()).split("\r\n")[0]).toMatch(/^group,is_control,weight,exposed,purchased,/);
  });

  test("is mirrored in Arabic and passes axe", async ({ page }) => {
    await openExperiments(page, "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    if (shots) await page.screenshot({ path: join(shots, "experiments-ar-1366.png"), fullPage: true });
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const language of ["en", "ar"]) {
    test(`fits a 390 and a 320 px screen without scrolling sideways (${language})`, async ({ page }) => {
      await openExperiments(page, language);
      await expectNoSidewaysScroll(page);
      if (shots) await page.screenshot({ path: join(shots, `experiments-${language}-390.png`), fullPage: true });
      await page.setViewportSize({ width: 320, height: 700 });
      await expectNoSidewaysScroll(page);
    });
  }
});
