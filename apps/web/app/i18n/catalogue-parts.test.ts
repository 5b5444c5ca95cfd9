import ar from "@kinderready/i18n/catalogues/ar.json" with { type: "json" };
import en from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import { localeCodes } from "@kinderready/i18n/locales";
import type { Catalogue } from "@kinderready/i18n/translator";
import { describe, expect, it } from "vitest";
import { cataloguePart, catalogueParts, mergeCatalogue, serverOnlySections } from "./catalogue-parts.ts";

const browserCatalogue = (catalogue: Catalogue) =>
  Object.fromEntries(
    Object.entries(catalogue).filter(([section]) => !(serverOnlySections as readonly string[]).includes(section)),
  );

describe("the catalogue's parts", () => {
  it("together are every text the browser uses, in every language, and never the emails'", async () => {
    for (const locale of localeCodes) {
      const catalogue = (await import(`@kinderready/i18n/catalogues/${locale}.json`, { with: { type: "json" } }))
        .default as Catalogue;
      const parts = catalogueParts.map((part) => cataloguePart(catalogue, part));
      expect(
        parts.reduce((whole, part) => mergeCatalogue(whole, part), {}),
        locale,
      ).toEqual(browserCatalogue(catalogue));
      for (const part of parts) expect(Object.keys(part)).not.toContain("email");
    }
  });

  it("hold the frame's texts and what they list: the offer's has the offer and the quiz's back button, not the quiz", () => {
    const offer = cataloguePart(en, "offer");
    expect(offer.purchase).toEqual(en.purchase);
    expect(offer.nav).toEqual(en.nav);
    expect(offer.quiz).toEqual({ back: en.quiz.back, goals: en.quiz.goals });
    expect(cataloguePart(en, "quiz").purchase).toBeUndefined();
    expect(cataloguePart(en, "kit").errors).toEqual(en.errors);
    // The rest holds what no part lists.
    expect(cataloguePart(ar, "rest").meta).toEqual(ar.meta);
    expect(cataloguePart(ar, "rest").quiz).toBeUndefined();
  });

  it("fail the build when a part names a text the catalogue does not have", () => {
    const { purchase: _, ...withoutPurchase } = en;
    expect(() => cataloguePart(withoutPurchase, "offer")).toThrow("The catalogue has no purchase");
  });

  it("merge section by section, without sharing objects with the parts", () => {
    const first = { quiz: { back: "Back" } };
    const second = { quiz: { goals: { a: "A" } } };
    const merged = mergeCatalogue(mergeCatalogue({}, first), second);
    expect(merged).toEqual({ quiz: { back: "Back", goals: { a: "A" } } });
    expect(first).toEqual({ quiz: { back: "Back" } });
  });
});
