import { localeCodes } from "@kinderready/i18n/locales";
import { germanSie, languageRules, ruleBreaches, textsOf } from "@kinderready/i18n/test/language-rules";
import { describe, expect, it } from "vitest";
import { kit, stories } from "./catalogue.ts";
import { fill, fillCount, kitContent, kitStories, kitWords, parseKitContent } from "./content.server.ts";
import { itemTitle } from "./item-text.server.ts";
import { alphabet, formatNumber } from "./letters.ts";
import { pictureIds } from "./pictures/picture-catalogue.ts";
import { canStroke } from "./tracing/stroke-font.ts";

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

// The worksheets speak to the child ("du" in German, as every German workbook does); the rest of
// the kit (cover, guide, level names, activity cards) speaks to the parent.
const childTexts =
  /^(templates|directions|drawings|breathingCards|words\.sightWords|words\.books|stories)\.|^book\.(wellDone|tracker)$/;
// An activity's name made of what the two players say.
const parentTextExceptions = new Set(["activities.my-turn-your-turn-tower.title"]);

describe.each(localeCodes)("kit texts in %s", (locale) => {
  it("keep the language's house rules (register, variant, digits)", () => {
    const texts = {
      ...textsOf(kitContent(locale)),
      ...textsOf(kitWords(locale), "words"),
      ...textsOf(kitStories(locale), "stories"),
    };
    const rules = languageRules[locale];
    // What the parent is told to say to the child is quoted („Fass dir an die Nase“).
    const parentTexts = Object.fromEntries(
      Object.entries(texts)
        .filter(([path]) => !childTexts.test(path) && !parentTextExceptions.has(path))
        .map(([path, text]) => [path, text.replace(/„[^“]*“/g, "")]),
    );
    expect([
      ...ruleBreaches(
        rules.filter((rule) => rule !== germanSie),
        texts,
      ),
      ...ruleBreaches(
        rules.filter((rule) => rule === germanSie),
        parentTexts,
      ),
    ]).toEqual([]);
  });

  it("print numbers (pages, levels, counting) in the language's digits", () => {
    expect(formatNumber(locale, 15)).toBe("15");
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

  it("needs every plural form the language has, and no other", () => {
    const russian = structuredClone(kitContent("ru")) as unknown as { page: Record<string, string> };
    delete russian.page.minutes_few;
    expect(() => parseKitContent("ru", russian)).toThrow(/page\.minutes has many, one, other/);
    expect(() => parseKitContent("en", kitContent("ru"))).toThrow(/book\.worksheets has few, many, one, other/);
  });
});

describe("counts in words", () => {
  const minutes = (locale: "en" | "ru" | "ar" | "fr" | "de", count: number) =>
    fillCount(kitContent(locale).page, "minutes", locale, count);

  it("take the form each number needs in Russian", () => {
    expect([1, 2, 5, 11, 21, 22, 25, 101].map((count) => minutes("ru", count))).toEqual([
      "1 минута",
      "2 минуты",
      "5 минут",
      "11 минут",
      "21 минута",
      "22 минуты",
      "25 минут",
      "101 минута",
    ]);
  });

  it("take Arabic's six forms, the number left out where the word says it", () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100].map((count) => minutes("ar", count))).toEqual([
      "0 دقيقة",
      "دقيقة واحدة",
      "دقيقتان",
      "3 دقائق",
      "10 دقائق",
      "11 دقيقة",
      "99 دقيقة",
      "100 دقيقة",
    ]);
    const book = kitContent("ar").book;
    expect([1, 2, 7, 12].map((count) => fillCount(book, "activities", "ar", count))).toEqual([
      "نشاط واحد",
      "نشاطان",
      "7 أنشطة",
      "12 نشاطًا",
    ]);
  });

  it("are singular for one and plural otherwise in English, French and German", () => {
    expect([minutes("en", 1), minutes("en", 0), minutes("en", 15)]).toEqual(["1 minute", "0 minutes", "15 minutes"]);
    expect([minutes("fr", 0), minutes("fr", 1), minutes("fr", 2)]).toEqual(["0 minute", "1 minute", "2 minutes"]);
    expect([minutes("de", 1), minutes("de", 10)]).toEqual(["1 Minute", "10 Minuten"]);
  });

  it("fill the other placeholders too", () => {
    expect(
      fillCount(
        { pages_one: "{{count}} page for {{name}}", pages_other: "{{count}} pages for {{name}}" },
        "pages",
        "en",
        1,
        { name: "Mia" },
      ),
    ).toBe("1 page for Mia");
  });
});

describe.each(localeCodes)("the word list in %s", (locale) => {
  const words = kitWords(locale);

  it("names every picture and gives every letter pictures that start with its sound", () => {
    expect(Object.keys(words.pictures).sort()).toEqual([...pictureIds].sort());
    // Alif carries a hamza in most words that start with it (أرنب).
    const alif = (letter: string) =>
      letter === "ا" ? ["ا", "أ", "إ", "آ"] : [letter, letter.toLocaleLowerCase(locale)];
    for (const letter of alphabet(locale)) {
      const pictures = words.letters[letter] ?? [];
      expect(pictures.length, `${locale} ${letter}`).toBeGreaterThan(0);
      for (const id of pictures) {
        const word = words.pictures[id] ?? "";
        const fits = words.lettersInside.includes(letter)
          ? word.toLocaleLowerCase(locale).includes(letter.toLocaleLowerCase(locale))
          : alif(letter).some((start) => word.startsWith(start));
        expect(fits, `${locale} ${letter}: ${word}`).toBe(true);
      }
    }
  });

  it("has rhymes of two different pictures and short words a child can trace", () => {
    for (const [a, b] of words.rhymes) expect(a).not.toBe(b);
    for (const set of words.wordSets)
      for (const id of set) {
        const word = words.pictures[id] ?? "";
        expect([...word].length, word).toBeLessThanOrEqual(6);
        if (locale !== "ar") expect(canStroke(word), word).toBe(true);
      }
  });
});

describe.each(localeCodes)("the stories in %s", (locale) => {
  const told = kitStories(locale);

  it("meet the same friend, by name, in every story, with two questions to talk about", () => {
    // A name that changes its ending by case (Ёша, Ёшей) keeps the rest.
    const letters = [...told.friend];
    const stem = letters.slice(0, Math.max(2, letters.length - 1)).join("");
    expect(told.title).toContain(stem);
    for (const { id } of stories.stories) {
      const story = told.stories[id];
      expect(story?.text.join(" "), `${locale} ${id}`).toContain(stem);
      expect(
        story?.talk.every((question) => /[?؟]/u.test(question)),
        `${locale} ${id}`,
      ).toBe(true);
    }
  });

  it("are read aloud, so they spell out their numbers and fit a page", () => {
    const english = kitStories("en");
    for (const { id } of stories.stories) {
      const text = told.stories[id]?.text.join(" ") ?? "";
      expect(text, `${locale} ${id}`).not.toMatch(/\d/u);
      expect(text.length, `${locale} ${id}`).toBeLessThanOrEqual(
        Math.max(820, (english.stories[id]?.text.join(" ").length ?? 0) * 1.35),
      );
      if (locale !== "en") expect(told.stories[id]?.title, `${locale} ${id}`).not.toBe(english.stories[id]?.title);
    }
  });
});
