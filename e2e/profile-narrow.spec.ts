import { localeCodes } from "@kinderready/i18n/locales";
import { expect, test } from "./fixtures.ts";

// The signed-in profile pages on the narrowest phone, in every language: nothing scrolls sideways,
// and the status badge keeps its words whole (a long label once squeezed the value beside it to
// a letter a line).

test.use({ viewport: { width: 320, height: 900 } });

for (const lang of localeCodes) {
  test(`the profile and subscription pages fit 320 px (${lang})`, async ({
    page,
    paidParent: _,
    declineUpsellForGood,
  }) => {
    await declineUpsellForGood();
    const prefix = lang === "en" ? "" : `/${lang}`;
    for (const path of ["/profile/", "/profile/subscription/"]) {
      await page.goto(`${prefix}${path}`);
      const badge = page.locator("dl[data-status] .badge").first();
      await expect(badge).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${path}`).toBeLessThanOrEqual(
        320,
      );
      // A badge of one or two words is at most two lines high.
      const { height } = (await badge.boundingBox()) ?? { height: 0 };
      expect(height, `${lang} ${path} badge`).toBeLessThan(48);
    }
  });
}
