import { localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { worksheetParts } from "../book/book-document.ts";
import type { Canvas } from "../canvas.server.ts";
import { kit, type PrintableItem } from "../catalogue.ts";
import { letterGroup } from "../letters.ts";
import { renderPdf } from "../render.server.ts";
import { nameWeekStyles, nameWeeks } from "./letter-pages.ts";

// A letter is learnt by writing it many times, with less help each time: every letter's page has
// a model about 4 cm tall and at least ten copies to write, from grey to dotted to start dots.

const letterItems = kit.levels
  .flatMap((level) => level.items)
  .filter((item): item is PrintableItem => item.kind === "printable" && item.params.template === "letters");

async function pagesOf(item: PrintableItem, locale: (typeof localeCodes)[number]) {
  const pages: Canvas[] = [];
  await renderPdf(
    { document: { kind: "item", id: item.id }, locale, paper: "letter", title: "t" },
    { page: (_page, _index, canvas) => pages.push(canvas) },
  );
  return pages;
}

describe("a letter's practice page", () => {
  it("gives each letter of a group its own page with a large model and ten copies or more", async () => {
    for (const locale of localeCodes)
      for (const item of [letterItems[0], letterItems.at(-1)] as PrintableItem[]) {
        const { params } = item;
        if (params.template !== "letters") continue;
        const letters = letterGroup(locale, params.case, params.group);
        const pages = await pagesOf(item, locale);
        expect(pages, `${locale} ${item.id}`).toHaveLength(worksheetParts(item, locale));
        pages.forEach((canvas, part) => {
          const where = `${locale} ${item.id} page ${part + 1}`;
          const letter = letters[part] as string;
          const copies = canvas.checks.written.filter((written) => written.text.replace(/\u0640/g, "") === letter);
          const joined = locale === "ar" && params.case === "lower";
          expect(copies.length, where).toBeGreaterThanOrEqual(joined ? 12 : 11);
          if (joined) return;
          const [model] = copies;
          // The first copy is the model: a capital about 4 cm (113 pt) tall from the top line to the baseline.
          const tallest = Math.max(...copies.map((copy) => copy.bottom - copy.top));
          expect(model && model.bottom - model.top, where).toBe(tallest);
          if (locale !== "ar" && params.case === "upper") expect(tallest, where).toBeGreaterThan(100);
        });
      }
  }, 60_000);
});

describe("the child's name, week by week", () => {
  const help = ["faint", "trace", "start", "alone"];
  const helpOf = (week: number) => nameWeekStyles(week).map((style) => help.indexOf(style));

  it("starts with grey names to go over and ends with the name written alone", () => {
    expect(nameWeekStyles(1)).toContain("faint");
    expect(nameWeekStyles(1)).not.toContain("alone");
    expect(nameWeekStyles(nameWeeks)).toEqual(["alone", "alone", "alone", "alone", "alone"]);
  });

  it("never gives a row more help than the same day had the week before, nor a day more than the day before", () => {
    for (let week = 2; week <= nameWeeks; week++) {
      const [before, now] = [helpOf(week - 1), helpOf(week)];
      now.forEach((step, day) => {
        expect(step, `week ${week} day ${day + 1}`).toBeGreaterThanOrEqual(before[day] as number);
        if (day > 0) expect(step, `week ${week} day ${day + 1}`).toBeGreaterThanOrEqual(now[day - 1] as number);
      });
    }
  });

  it("is a page in every week of levels 1 to 5, in order", () => {
    const weeks = kit.levels.flatMap((level) =>
      level.items.flatMap((item) =>
        item.kind === "printable" && item.params.template === "name-week"
          ? [{ level: level.number, week: item.params.week }]
          : [],
      ),
    );
    expect(weeks.map(({ week }) => week)).toEqual(Array.from({ length: nameWeeks }, (_, i) => i + 1));
    for (const { level, week } of weeks) expect(level).toBe(Math.ceil(week / 4));
  });
});
