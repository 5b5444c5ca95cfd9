import { addOnPacks, packSheets } from "@kinderready/domain/upsell/add-on-packs";
import { localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { documentPages } from "./book/book-document.ts";
import {
  cuttingModes,
  findKitItem,
  firstEditionLevels,
  kit,
  levels,
  months,
  printableParams,
  skills,
} from "./catalogue.ts";
import { kitContent } from "./content.server.ts";
import { pictureThemes } from "./pictures/picture-themes.ts";

// The kit as sold: a trial level and five levels, 150+ worksheets and 100+ activities, three
// add-on packs of 15+ printables, every id unique, every entry valid, no worksheet or activity
// idea twice, scissor work that only gets harder.

const all = kit.levels.flatMap((level) => level.items);

describe("the kit's catalogue", () => {
  it("has the trial level and levels 1 to 5, each with worksheets and activities", () => {
    expect(kit.levels.map((level) => level.number)).toEqual([...levels]);
    for (const level of kit.levels) {
      expect(
        level.items.some((item) => item.kind === "printable"),
        `level ${level.number}`,
      ).toBe(true);
      expect(
        level.items.some((item) => item.kind === "activity"),
        `level ${level.number}`,
      ).toBe(true);
    }
  });

  it("has at least 150 printables and more than 100 activities across the levels, from 40+ templates", () => {
    expect(all.filter((item) => item.kind === "printable").length).toBeGreaterThanOrEqual(150);
    expect(all.filter((item) => item.kind === "activity").length).toBeGreaterThan(100);
    const templates = new Set(all.flatMap((item) => (item.kind === "printable" ? [item.params.template] : [])));
    expect(templates.size).toBeGreaterThanOrEqual(40);
  });

  it("never repeats a worksheet: no two items anywhere share a template, parameters and pictures", () => {
    const everything = [
      ...all,
      ...kit.packs.flatMap((pack) => pack.items),
      ...kit.months.flatMap((month) => month.items),
    ];
    const keys = everything.flatMap((item) =>
      item.kind === "printable" ? [JSON.stringify([item.params, item.theme ?? null])] : [],
    );
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it("has a book for each of six months, about twenty pages of its own theme, none like a level's", () => {
    expect(kit.months.map((month) => month.number)).toEqual([...months]);
    expect(new Set(kit.months.map((month) => month.theme)).size).toBe(months.length);
    // The pictures a level draws by name: a month's colouring, dot-to-dot and colour by number
    // are of others.
    const named = new Set(
      [...all, ...kit.packs.flatMap((pack) => pack.items)].flatMap((item) => {
        if (item.kind !== "printable") return [];
        const { params } = item;
        if (params.template === "colouring") return params.pictures;
        if (params.template === "dot-to-dot") return [params.figure];
        if (params.template === "colour-by-number") return [params.picture];
        return [];
      }),
    );
    for (const month of kit.months) {
      const theme = pictureThemes[month.theme];
      expect(month.items.length, `month ${month.number}`).toBeGreaterThanOrEqual(18);
      expect(month.items.length, `month ${month.number}`).toBeLessThanOrEqual(22);
      expect(month.items.every((item) => item.theme === month.theme)).toBe(true);
      expect(theme.things.length).toBeGreaterThanOrEqual(14);
      for (const picture of [...theme.colouring, theme.dotToDot, theme.colourByNumber])
        expect(named.has(picture), `month ${month.number}: ${picture}`).toBe(false);
      // Every strand of a month's work, not one kind of page.
      expect(new Set(month.items.map((item) => item.skill)).size).toBeGreaterThanOrEqual(5);
    }
  });

  it("never brings back an activity idea in another level: no two cards' titles share most of their words", () => {
    const content = kitContent("en");
    const minor = new Set(["the", "a", "an", "and", "with", "my", "of", "in", "to", "on", "for", "your", "is", "it"]);
    const words = (id: string) =>
      new Set(
        (content.activities[id]?.title ?? "")
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((word) => word && !minor.has(word))
          .map((word) => word.replace(/s$/, "")),
      );
    const cards = kit.levels.flatMap((level) =>
      level.items.flatMap((item) => (item.kind === "activity" ? [{ level: level.number, id: item.id }] : [])),
    );
    const repeats = cards.flatMap((card, index) =>
      cards.slice(index + 1).flatMap((other) => {
        if (other.level === card.level) return [];
        const [a, b] = [words(card.id), words(other.id)];
        const shared = [...a].filter((word) => b.has(word)).length;
        return shared / new Set([...a, ...b]).size >= 0.5 ? [`${card.id} / ${other.id}`] : [];
      }),
    );
    expect(repeats).toEqual([]);
  });

  it("has six cut-and-paste worksheets or more in every numbered level, each of another kind", () => {
    for (const level of kit.levels.filter((entry) => entry.number > 0)) {
      const modes = level.items.flatMap((item) =>
        item.kind === "printable" && item.params.template === "cut-and-paste" ? [item.params.mode] : [],
      );
      expect(modes.length, `level ${level.number}`).toBeGreaterThanOrEqual(6);
      expect(new Set(modes).size, `level ${level.number}`).toBe(modes.length);
    }
  });

  it("cuts the same or harder in every level than in the one before", () => {
    const hardest = kit.levels.map((level) =>
      Math.max(
        ...level.items.flatMap((item) => {
          if (item.kind === "printable")
            return item.params.template === "cutting" ? [cuttingModes.indexOf(item.params.mode)] : [];
          const material = item.material;
          return material?.kind === "cutting-strips" ? material.modes.map((mode) => cuttingModes.indexOf(mode)) : [];
        }),
      ),
    );
    const easiest = kit.levels.map((level) =>
      Math.min(
        ...level.items.flatMap((item) =>
          item.kind === "printable" && item.params.template === "cutting"
            ? [cuttingModes.indexOf(item.params.mode)]
            : [],
        ),
      ),
    );
    hardest.forEach((mode, index) => {
      if (index > 0) expect(easiest[index], `level ${index}`).toBeGreaterThanOrEqual(hardest[index - 1] as number);
      expect(mode, `level ${index}`).toBeGreaterThanOrEqual(0);
    });
  });

  it("keeps the first edition's items of each level, so a level finished then stays finished", () => {
    for (const level of levels)
      expect(firstEditionLevels[String(level) as "0"]?.length, `level ${level}`).toBeGreaterThan(10);
  });

  it("covers every skill in every numbered level", () => {
    for (const level of kit.levels.filter((entry) => entry.number > 0)) {
      const covered = new Set(level.items.map((item) => item.skill));
      expect(
        [...skills].filter((skill) => !covered.has(skill)),
        `level ${level.number}`,
      ).toEqual([]);
    }
  });

  it("sells the add-on packs the upsell describes, as many sheets as it says in every language", () => {
    expect(kit.packs.map((pack) => pack.id)).toEqual(addOnPacks.map((pack) => pack.id));
    for (const [index, pack] of kit.packs.entries()) {
      const sold = addOnPacks[index];
      if (!sold) throw new Error(`${pack.id} is not sold`);
      for (const locale of localeCodes) {
        const sheets = documentPages({ kind: "pack", id: pack.id }, locale).filter((page) => page.kind === "printable");
        expect(sheets.length, `${pack.id} ${locale}`).toBe(packSheets(sold, locale));
        expect(sheets.length).toBeGreaterThanOrEqual(15);
      }
    }
  });

  it("puts in each pack what its shop line promises", () => {
    const templatesOf = (id: string) =>
      kit.packs.find((pack) => pack.id === id)?.items.map((item) => item.params.template) ?? [];
    expect(new Set(templatesOf("alphabet-adventures"))).toEqual(new Set(["letter-booklet"]));
    const calm = templatesOf("calm-and-confident");
    expect(calm.filter((template) => template === "social-story")).toHaveLength(4);
    for (const template of ["reward-chart", "sticker-sheet", "breathing-pictures", "feelings-thermometer"] as const)
      expect(calm).toContain(template);
    const numbers = templatesOf("numbers-and-logic");
    for (const template of ["clock-times", "coins", "picture-graph", "picture-sudoku", "measure-objects"] as const)
      expect(numbers).toContain(template);
  });

  it("finds every item by its id, and validates every printable's parameters", () => {
    for (const item of [
      ...all,
      ...kit.packs.flatMap((pack) => pack.items),
      ...kit.months.flatMap((month) => month.items),
    ]) {
      expect(findKitItem(item.id)?.item).toBe(item);
      if (item.kind === "printable") expect(printableParams.safeParse(item.params).success).toBe(true);
    }
    expect(findKitItem("no-such-item")).toBeUndefined();
  });
});
