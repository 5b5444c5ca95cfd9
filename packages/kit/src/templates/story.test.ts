import { directionOf, localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { Canvas } from "../canvas.server.ts";
import { kit, stories } from "../catalogue.ts";
import { drawPage, pageContext } from "../draw-page.server.ts";
import { papers } from "../render.server.ts";
import type { Surface } from "../surface.ts";

// Every story, in every language, fits its page: the picture, the whole text at a size a grown-up
// reads aloud from, and the two questions.

const storyItems = [...kit.levels, ...kit.months].flatMap((book) =>
  book.items.filter((item) => item.kind === "printable" && item.params.template === "story"),
);

describe("the week's story", () => {
  it("is in the trial, in every week of levels 1 to 5 and first in every book of the month", () => {
    expect(storyItems).toHaveLength(stories.stories.length);
    for (const month of kit.months) {
      const first = month.items[0];
      expect(first?.params, `month ${month.number}`).toEqual({ template: "story", story: `m${month.number}` });
    }
    for (const level of kit.levels) {
      const weeks = level.items.flatMap((item) =>
        item.kind === "printable" && item.params.template === "story" ? [item.week] : [],
      );
      expect(weeks, `level ${level.number}`).toEqual(level.number === 0 ? [1] : [1, 2, 3, 4]);
    }
  });

  it("fits one page in every language and on both papers", () => {
    for (const locale of localeCodes)
      for (const [paper, [width, height]] of Object.entries(papers))
        for (const item of storyItems) {
          const context = pageContext({ kind: "item", id: item.id }, locale, "Mia");
          const [page] = context.pages;
          expect(context.pages, `${locale} ${item.id}`).toHaveLength(1);
          // Only what the layout measures matters here, not the drawing itself.
          const surface: Surface = {
            width,
            height,
            path() {},
            text() {},
            symbol() {},
            transformed: (_, draw) => draw(),
          };
          const canvas = new Canvas(surface, directionOf(locale) === "rtl");
          if (page) drawPage(canvas, page, 0, context);
          expect(canvas.issues, `${locale} ${paper} ${item.id}`).toEqual([]);
        }
  });
});
