import type { Locale } from "@kinderready/i18n/locales";

// What each language's children learn to write: the alphabet as taught in school (with its own
// letters: Ñ, Ё, Ä Ö Ü ß, Arabic), the letters that get mixed up, and the digits used.

const latin = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const upper: Record<Locale, string> = {
  en: latin,
  es: "ABCDEFGHIJKLMNÑOPQRSTUVWXYZ",
  fr: latin,
  de: `${latin}ÄÖÜ`,
  pt: latin,
  ru: "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
  ar: "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
};

/** Arabic has no case: the "lower" pass practises each letter's joined forms (start, middle, end). */
const tatweel = "\u0640";

const special: Record<Locale, string[]> = {
  en: ["b", "d", "p", "q", "m", "w"],
  es: ["ñ", "á", "é", "í", "ó", "ú"],
  fr: ["é", "è", "ê", "à", "ç", "ù"],
  de: ["ä", "ö", "ü", "ß", "b", "d"],
  pt: ["ç", "ã", "õ", "á", "é", "ê"],
  ru: ["ё", "й", "ъ", "ь", "ы", "щ"],
  ar: ["ب", "ت", "ث", "ج", "ح", "خ"],
};

export const letterGroups = 6;

/** The letters of group `group` (0-5) of the alphabet, as they are traced on the page. */
export function letterGroup(locale: Locale, letterCase: "upper" | "lower", group: number): string[] {
  const letters = [...upper[locale]];
  const size = Math.ceil(letters.length / letterGroups);
  const slice = letters.slice(group * size, (group + 1) * size);
  if (letterCase === "upper") return slice;
  if (locale === "ar") return slice.map((letter) => joinedForms(letter));
  return slice.map((letter) => letter.toLocaleLowerCase(locale));
}

/** Letters that do not join to the next one (ا د ذ ر ز و) have no start or middle form. */
const nonJoining = new Set([..."ادذرزو"]);

function joinedForms(letter: string): string {
  if (nonJoining.has(letter)) return `${letter} ${tatweel}${letter}`;
  return `${letter}${tatweel} ${tatweel}${letter}${tatweel} ${tatweel}${letter}`;
}

export function specialLetters(locale: Locale): string[] {
  return special[locale];
}

const arabicDigits = "٠١٢٣٤٥٦٧٨٩";

/** A number as children write it: Arabic-Indic digits in Arabic, Western digits elsewhere. */
export function formatNumber(locale: Locale, value: number): string {
  const text = String(value);
  return locale === "ar" ? text.replace(/\d/g, (digit) => arabicDigits[Number(digit)] ?? digit) : text;
}
