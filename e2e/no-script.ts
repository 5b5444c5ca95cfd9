import { readFileSync } from "node:fs";
import type { Locale } from "@kinderready/i18n/locales";
import { type Browser, devices, type Page } from "@playwright/test";

// A parent on a phone whose browser runs no scripts (switched off, or not arrived yet): every
// step of the funnel must work as plain HTML forms and links.

/** A page in a new Pixel 7 context with JavaScript off, against the project's server; closed with its context. */
export async function noScriptPage(
  browser: Browser,
  baseURL: string | undefined,
  extraHTTPHeaders: Record<string, string> = {},
): Promise<Page> {
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    javaScriptEnabled: false,
    baseURL,
    extraHTTPHeaders,
  });
  return context.newPage();
}

type Catalogue = { [key: string]: string | Catalogue };

/** A message of a language's catalogue by its dotted key, as the page shows it without placeholders. */
export function message(locale: Locale, key: string): string {
  const catalogue = JSON.parse(
    readFileSync(new URL(`../packages/i18n/catalogues/${locale}.json`, import.meta.url), "utf8"),
  ) as Catalogue;
  const found = key
    .split(".")
    .reduce<string | Catalogue | undefined>(
      (node, part) => (typeof node === "object" ? node[part] : undefined),
      catalogue,
    );
  if (typeof found !== "string") throw new Error(`No message ${key} in ${locale}`);
  return found;
}

/**
 * A slow phone whose scripts have not arrived yet: the page's scripts are held back until
 * `release` is called, and from then on the CPU runs four times slower, so the parent's input
 * meets a hydration as long as a budget phone's.
 */
export async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  let open: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return {
    release: async () => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      open();
    },
  };
}
