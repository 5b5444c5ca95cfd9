import ar from "@kinderready/i18n/catalogues/ar.json" with { type: "json" };
import en from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import { localeCodes } from "@kinderready/i18n/locales";
import type { Catalogue } from "@kinderready/i18n/translator";
import { describe, expect, it } from "vitest";
import { catalogueChunk, catalogueParts, mergeCatalogue, serverOnlySections } from "./catalogue-parts.ts";

const browserCatalogue = (catalogue: Catalogue) =>
  Object.fromEntries(
    Object.entries(catalogue).filter(([section]) => !(serverOnlySections as readonly string[]).includes(section)),
  );

describe("the catalogue's parts", () => {
  it("together are the whole, every text the browser uses, in every language, and never the emails'", async () => {
    for (const locale of localeCodes) {
      const catalogue = (await import(`@kinderready/i18n/catalogues/${locale}.json`, { with: { type: "json" } }))
        .default as Catalogue;
      const parts = catalogueParts.map((part) => catalogueChunk(catalogue, part));
      expect(
        parts.reduce((whole, part) => mergeCatalogue(whole, part), {}),
        locale,
      ).toEqual(browserCatalogue(catalogue));
      expect(catalogueChunk(catalogue, "whole"), locale).toEqual(browserCatalogue(catalogue));
      for (const part of parts) expect(Object.keys(part)).not.toContain("email");
    }
  });

  it("hold the frame's texts and what they list: the offer's has the offer and the quiz's back button, not the quiz", () => {
    const offer = catalogueChunk(en, "offer");
    expect(offer.purchase).toEqual(en.purchase);
    expect(offer.nav).toEqual(en.nav);
    expect(offer.quiz).toEqual({ back: en.quiz.back, goals: en.quiz.goals });
    expect(catalogueChunk(en, "quiz").purchase).toBeUndefined();
    expect(catalogueChunk(en, "kit").errors).toEqual(en.errors);
    // The rest holds what no part lists.
    expect(catalogueChunk(ar, "rest").meta).toEqual(ar.meta);
    expect(catalogueChunk(ar, "rest").quiz).toBeUndefined();
  });

  it("fail the build when a part names a text the catalogue does not have", () => {
    const { purchase: _, ...withoutPurchase } = en;
    expect(() => catalogueChunk(withoutPurchase, "offer")).toThrow("The catalogue has no purchase");
  });

  it("merge section by section, without sharing objects with the parts", () => {
    const first = { quiz: { back: "Back" } };
    const second = { quiz: { goals: { a: "A" } } };
    const merged = mergeCatalogue(mergeCatalogue({}, first), second);
    expect(merged).toEqual({ quiz: { back: "Back", goals: { a: "A" } } });
    expect(first).toEqual({ quiz: { back: "Back" } });
  });
});
