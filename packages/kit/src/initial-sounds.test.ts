import { type Locale, localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { ar } from "../test/initial-sounds/ar.ts";
import { de } from "../test/initial-sounds/de.ts";
import { en } from "../test/initial-sounds/en.ts";
import { es } from "../test/initial-sounds/es.ts";
import { fr } from "../test/initial-sounds/fr.ts";
import { pt } from "../test/initial-sounds/pt.ts";
import { ru } from "../test/initial-sounds/ru.ts";
import type { InitialSounds } from "../test/initial-sounds/types.ts";
import { type KitWords, kitBooklets, kitWords } from "./content.server.ts";
import { alphabet } from "./letters.ts";
import type { PictureId } from "./pictures/picture-catalogue.ts";

// The pictures of each letter ("A is for apple") teach the sound the letter stands for: every
// word is spelt with the letter where the sound is (at the start, or for a letter no word starts
// with, inside, or in English at the end) and its first sound is one the letter is taught by, as
// each language's table says. A word that starts with a letter name or a long vowel (ice cream
// for I), another sound of the letter (giraffe for G) or a silent letter fails here.

const tables: Record<Locale, InitialSounds> = { en, ru, es, fr, de, pt, ar };

/** Arabic alif carries its hamza in writing (أ إ آ); the letter taught is ا. */
const plainLetter = (locale: Locale, letter: string) =>
  locale === "ar" ? letter.replace(/[أإآ]/u, "ا") : letter.toLocaleLowerCase(locale);

/**
 * What a teacher would mark wrong in a language's letter pictures, one line each: the levels'
 * (`words.letters`), or another set of pictures per letter (the letter pages of a pack).
 */
function soundFaults(
  locale: Locale,
  words: KitWords,
  table: InitialSounds,
  pictures: Partial<Record<string, readonly PictureId[]>> = words.letters,
): string[] {
  const inside = new Set(words.lettersInside);
  const wrong: string[] = [];
  for (const letter of alphabet(locale)) {
    const taught = table.taught[letter];
    if (!taught) {
      wrong.push(`${letter}: no sound in the table`);
      continue;
    }
    for (const id of pictures[letter] ?? []) {
      const word = words.pictures[id] ?? id;
      const spelt = [...word].map((char) => plainLetter(locale, char)).join("");
      const own = plainLetter(locale, letter);
      const where = inside.has(letter)
        ? locale === "en"
          ? spelt.endsWith(own)
          : spelt.includes(own)
        : spelt.startsWith(own);
      if (!where) wrong.push(`${letter}: "${word}" is not spelt with ${letter} where its sound is`);
      const sound = table.words[word];
      if (sound === undefined) wrong.push(`${letter}: "${word}" has no sound in the table`);
      else if (!taught.includes(sound))
        wrong.push(`${letter}: "${word}" starts with /${sound}/, ${letter} is taught as /${taught.join("/")}/`);
    }
  }
  return wrong;
}

describe("the picture words of every letter", () => {
  for (const locale of localeCodes)
    it(`teach the letter's own sound in ${locale}, in the levels and on the letter pages`, () => {
      expect(soundFaults(locale, kitWords(locale), tables[locale])).toEqual([]);
      const pages = Object.fromEntries(
        Object.entries(kitBooklets(locale).letters).map(([letter, entry]) => [letter, entry.pictures]),
      );
      expect(soundFaults(locale, kitWords(locale), tables[locale], pages)).toEqual([]);
    });

  // Alphabet Adventures is bought on top of the levels: its letters have pictures of their own.
  for (const locale of localeCodes)
    it(`never pair a letter with a picture the levels show for it, on the letter pages in ${locale}`, () => {
      const words = kitWords(locale);
      const pages = kitBooklets(locale).letters;
      expect(Object.keys(pages)).toEqual(alphabet(locale));
      const shared = Object.entries(pages).flatMap(([letter, entry]) =>
        entry.pictures.filter((id) => words.letters[letter]?.includes(id)).map((id) => `${letter}: ${id}`),
      );
      expect(shared).toEqual([]);
    });

  it("fail a word that starts with the letter's name, or one the table has not been told about", () => {
    const words = kitWords("en");
    const iceCream = { ...words, letters: { ...words.letters, I: ["ice-cream" as const] } };
    expect(soundFaults("en", iceCream, { ...en, words: { ...en.words, "ice cream": "aɪ" } })).toEqual([
      'I: "ice cream" starts with /aɪ/, I is taught as /ɪ/',
    ]);
    expect(soundFaults("en", iceCream, en)).toEqual(['I: "ice cream" has no sound in the table']);
    const giraffe = { ...words, letters: { ...words.letters, G: ["giraffe" as const] } };
    expect(soundFaults("en", giraffe, { ...en, words: { ...en.words, giraffe: "dʒ" } })).toEqual([
      'G: "giraffe" starts with /dʒ/, G is taught as /g/',
    ]);
  });
});
