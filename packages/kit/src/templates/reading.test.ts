import { localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { kitWords } from "../content.server.ts";

// A first reader must be readable by the child it is for: every word of a level's little book is
// a sight word taught by then or the word its picture shows.

const words = (text: string, locale: string) =>
  text
    .toLocaleLowerCase(locale)
    .split(/[\s\u00a0]+/)
    .map((word) => word.replace(/^[¡¿«„“"'(]+|[.,!?;:»“”"')…؟،]+$/gu, ""))
    .filter(Boolean);

describe("sight words and little books", () => {
  for (const locale of localeCodes) {
    it(`teaches 25 different sight words and reads only with them and the pictures in ${locale}`, () => {
      const { sightWords, books, pictures } = kitWords(locale);
      const all = sightWords.flat().map((word) => word.toLocaleLowerCase(locale));
      expect(all).toHaveLength(25);
      expect(new Set(all).size).toBe(25);
      books.forEach((book, level) => {
        const known = new Set(sightWords.slice(0, level + 1).flatMap((list) => words(list.join(" "), locale)));
        const strangers = book.pages.flatMap((page) => {
          const shown = new Set(words(pictures[page.picture] ?? "", locale));
          return words(page.text, locale)
            .filter((word) => !known.has(word) && !shown.has(word))
            .map((word) => `book ${level + 1}: "${word}" in "${page.text}"`);
        });
        expect(strangers).toEqual([]);
      });
    });
  }
});
