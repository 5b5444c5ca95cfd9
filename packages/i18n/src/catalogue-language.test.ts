import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languageRules, ruleBreaches, textsOf } from "../test/language-rules.ts";
import { localeCodes } from "./locales.ts";

// The parents' and the console's catalogues keep their language's house rules: German in the
// "Sie" register with "Stufe", Brazilian Portuguese, Arabic with Western digits.

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
