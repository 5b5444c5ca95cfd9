import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { frenchWords, languageRules, neutralSpanish, ruleBreaches, textsOf } from "../test/language-rules.ts";
import { localeCodes } from "./locales.ts";

// The parents' and the console's catalogues keep their language's house rules: German in the
// "Sie" register with "Stufe", Brazilian Portuguese, Arabic with Western digits, French spacing,
// Russian "вы", quotes and ё, Spanish "tú" with ¿ and ¡.

const folders = ["catalogues", "console-catalogues"] as const;
const catalogue = (folder: string, locale: string) =>
  textsOf(JSON.parse(readFileSync(new URL(`../${folder}/${locale}.json`, import.meta.url), "utf8")));

describe.each(folders.flatMap((folder) => localeCodes.map((locale) => ({ folder, locale }))))(
  "$folder $locale",
  ({ folder, locale }) => {
    it("keeps the language's house rules", () => {
      expect(ruleBreaches(languageRules[locale], catalogue(folder, locale))).toEqual([]);
    });
  },
);

// A number filled in by any placeholder but {{count}} picks no plural form, so a Russian noun
// after it would be right for some numbers only ("{{days}} дня" says "7 дня"): it takes the
// abbreviation that fits every number ("{{days}} дн.", "{{minutes}} мин.").
const russianNounAfterNumber =
  /\{\{\s*(?!count\s*\}\})\w+\s*\}\}\s+(?:дн(?:я|ей|ь)|минут\p{L}*|час(?:а|ов)?|секунд\p{L}*|недел\p{L}*|месяц\p{L}*)(?!\p{L})/gu;

describe.each(folders)("%s ru", (folder) => {
  it("declines no noun after a number that is not {{count}}", () => {
    const texts = catalogue(folder, "ru");
    const breaches = Object.entries(texts).flatMap(([key, text]) =>
      [...text.matchAll(russianNounAfterNumber)].map((match) => `${key}: ${match[0]}`),
    );
    expect(breaches).toEqual([]);
  });
});

// Rules the catalogues keep and the kit and the legal texts do not all keep yet (they still carry
// a few of Spain's words and one "packs supplémentaires"): neutral Spanish, the French glossary's
// words.
const catalogueOnlyRules = { es: [neutralSpanish], fr: [frenchWords] };

describe.each(
  folders.flatMap((folder) => Object.entries(catalogueOnlyRules).map(([locale, rules]) => ({ folder, locale, rules }))),
)("$folder $locale", ({ folder, locale, rules }) => {
  it("uses the glossary's words", () => {
    expect(ruleBreaches(rules, catalogue(folder, locale))).toEqual([]);
  });
});
