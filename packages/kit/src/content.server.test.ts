import { localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { kit } from "./catalogue.ts";
import { fill, kitContent, parseKitContent } from "./content.server.ts";
import { itemTitle } from "./item-text.server.ts";

// Every language has every text of the kit (the schema's records are exhaustive), and the
// titles built from templates read as text, not placeholders.

describe.each(localeCodes)("kit content in %s", (locale) => {
  const content = kitContent(locale);

  it("has a card for every activity and a title for every item", () => {
    for (const item of [...kit.levels.flatMap((level) => level.items), ...kit.packs.flatMap((pack) => pack.items)]) {
      const title = itemTitle(item, locale);
      expect(title.trim(), item.id).not.toBe("");
      expect(title, item.id).not.toMatch(/\{\{|\}\}/);
      if (item.kind === "activity") expect(content.activities[item.id]?.steps.length, item.id).toBeGreaterThan(1);
    }
  });

  it("is written in the language, not left in English", () => {
    if (locale === "en") return;
    const english = kitContent("en");
    const same = Object.keys(content.activities).filter(
      (id) => content.activities[id]?.title === english.activities[id]?.title,
    );
    expect(same).toEqual([]);
    expect(content.levels["1"].title).not.toBe(english.levels["1"].title);
    expect(content.page.footer).not.toBe(english.page.footer);
  });
});

describe("kit content validation", () => {
  it("names what is missing", () => {
    const broken = structuredClone(kitContent("en")) as unknown as { templates: Record<string, unknown> };
    delete broken.templates.maze;
    expect(() => parseKitContent("xx", broken)).toThrow(/templates.*maze/s);
  });

  it("fills placeholders", () => {
    expect(fill("Made for {{name}}", { name: "Mia" })).toBe("Made for Mia");
  });
});
