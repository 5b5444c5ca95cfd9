import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultLocale, localeCodes } from "./locales.ts";

// Every key of the English catalogue must exist, non-empty, in every language, with the same
// placeholders; plural keys must have exactly the plural forms each language has.

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

// The parents' pages' catalogues, and the operator console's (a namespace of its own).
const folders = ["catalogues", "console-catalogues"] as const;

function load(folder: string, locale: string): Record<string, string> {
  const json = JSON.parse(readFileSync(new URL(`../${folder}/${locale}.json`, import.meta.url), "utf8"));
  const flat: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (typeof node === "string") flat[path] = node;
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
    } else flat[path] = String(node);
  };
  walk(json, "");
  return flat;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

function shape(catalogue: Record<string, string>) {
  const plain = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of Object.keys(catalogue)) {
    const match = pluralSuffix.exec(key);
    if (!match) plain.add(key);
    else {
      const base = key.slice(0, match.index);
      plurals.set(base, (plurals.get(base) ?? new Set()).add(match[1] as string));
    }
  }
  return { plain, plurals };
}

describe.each(folders.flatMap((folder) => localeCodes.map((locale) => ({ folder, locale }))))(
  "$folder $locale",
  ({ folder, locale }) => {
    const english = load(folder, defaultLocale);
    const englishShape = shape(english);
    const catalogue = load(folder, locale);
    const { plain, plurals } = shape(catalogue);

    it("has every key, and no others, with non-empty text", () => {
      expect([...plain].sort()).toEqual([...englishShape.plain].sort());
      expect([...plurals.keys()].sort()).toEqual([...englishShape.plurals.keys()].sort());
      for (const [key, text] of Object.entries(catalogue)) expect(text.trim(), `${locale}:${key}`).not.toBe("");
    });

    it("keeps the English placeholders", () => {
      for (const key of plain) {
        expect(placeholders(catalogue[key] ?? ""), `${locale}:${key}`).toEqual(placeholders(english[key] ?? ""));
      }
    });

    it("has exactly this language's plural forms", () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort();
      for (const [base, forms] of plurals) expect([...forms].sort(), `${locale}:${base}`).toEqual(categories);
    });
  },
);
