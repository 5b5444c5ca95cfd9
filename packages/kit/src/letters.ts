import { numberFormat } from "@kinderready/i18n/intl-locale";
import type { Locale } from "@kinderready/i18n/locales";
import { letterGroupCount } from "./catalogue.ts";

// What each language's children learn to write: the alphabet as taught in school (with its own
// letters: Ñ, Ё, Ä Ö Ü, Arabic), the letters that get mixed up, and the digits used.

const latin = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const alphabets: Record<Locale, string> = {
  en: latin,
  es: "ABCDEFGHIJKLMNÑOPQRSTUVWXYZ",
  fr: latin,
  de: `${latin}ÄÖÜ`,
  pt: latin,
  ru: "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
  ar: "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
};

/** Letters children mix up, practised together near the end of the kit. */
const special: Record<Locale, string[]> = {
  en: ["b", "d", "p", "q", "m", "w"],
  es: ["b", "d", "p", "q", "ñ", "ll"],
  fr: ["b", "d", "p", "q", "é", "è"],
  de: ["b", "d", "p", "q", "ß", "ie"],
  pt: ["b", "d", "p", "q", "ç", "ã"],
  ru: ["б", "д", "в", "з", "ш", "щ"],
  ar: ["ب", "ت", "ث", "ن", "ي", "ج"],
};

/** The alphabet's letters (capitals; in Arabic the isolated forms). */
export function alphabet(locale: Locale): string[] {
  return [...alphabets[locale]];
}

/**
 * The letters of group `group` of the alphabet: split into `letterGroupCount` groups whose sizes
 * differ by at most one, the larger groups first.
 */
export function letterGroup(locale: Locale, letterCase: "upper" | "lower", group: number): string[] {
  const letters = alphabet(locale);
  const base = Math.floor(letters.length / letterGroupCount);
  const larger = letters.length % letterGroupCount;
  const start = group * base + Math.min(group, larger);
  const slice = letters.slice(start, start + base + (group < larger ? 1 : 0));
  return letterCase === "upper" || locale === "ar" ? slice : slice.map((letter) => lowerCase(locale, letter));
}

export function lowerCase(locale: Locale, letter: string): string {
  return letter.toLocaleLowerCase(locale);
}

export function specialLetters(locale: Locale): string[] {
  return special[locale];
}

/**
 * A number on a page (page numbers, levels, counting) in the digits of the language's other
 * texts: Western in Arabic too (ADR 0038), so a sheet and the site around it agree.
 */
export function formatNumber(locale: Locale, value: number): string {
  return numberFormat(locale, { useGrouping: false }).format(value);
}
