import type { Locale } from "@kinderready/i18n/locales";
import { flatten, lengthOf, type Point, parsePath } from "../draw/svg-path.ts";
import { composedLetters, type MarkId, marks } from "./diacritics.ts";
import { arabicGlyphs } from "./glyphs-arabic.ts";
import { arabicFormGlyphs } from "./glyphs-arabic-forms.ts";
import { cyrillicGlyphs } from "./glyphs-cyrillic.ts";
import { digitGlyphs } from "./glyphs-digits.ts";
import { latinGlyphs } from "./glyphs-latin.ts";
import { handwritingModels } from "./handwriting-models.ts";

// Letters and digits as a child writes them: single strokes along the centre of the line, in the
// order and direction taught at school, so a tracing page shows where to start, which way to go
// and what comes next. A glyph sits on a four-line staff measured in x-heights: y = 0 is the top
// line (capitals and ascenders), 1 the dashed midline, 2 the baseline, 3 the descender line.
// Accents of capitals go above the top line, into an accent space down from y = -0.8.

export type StrokeGlyph = {
  /** Advance width in x-heights; strokes stay within 0..width. */
  width: number;
  /** Each stroke is one pen movement (SVG path data, absolute commands), in writing order. */
  strokes: readonly string[];
};
export type StrokeGlyphs = Readonly<Record<string, StrokeGlyph>>;

export const staff = { accentTop: -0.8, top: 0, mid: 1, base: 2, descender: 3 } as const;

/** Space between letters and between words, in x-heights. */
const letterGap = 0.32;
const wordGap = 0.9;

const baseGlyphs: StrokeGlyphs = {
  ...latinGlyphs,
  ...cyrillicGlyphs,
  ...digitGlyphs,
  ...arabicGlyphs,
  ...arabicFormGlyphs,
};

function composeGlyph(char: string, locale: Locale): StrokeGlyph | undefined {
  const own = handwritingModels[locale].glyphs;
  const base = own[char] ?? baseGlyphs[char];
  if (base) return base;
  const composed = composedLetters[char];
  if (!composed) return undefined;
  const [letter, ...accents] = composed;
  const glyph = own[letter] ?? baseGlyphs[letter];
  if (!glyph) return undefined;
  const capital = letter !== letter.toLocaleLowerCase();
  const strokes = [...glyph.strokes];
  for (const accent of accents as MarkId[]) strokes.push(...marks[accent](glyph.width, capital, letter));
  return { width: glyph.width, strokes };
}

const glyphCache = new Map<string, StrokeGlyph | null>();

/**
 * The stroke glyph of a character in the handwriting model of `locale`, or undefined when the
 * font has none (CJK, ...).
 */
export function strokeGlyph(char: string, locale: Locale): StrokeGlyph | undefined {
  const key = `${locale}:${char}`;
  let glyph = glyphCache.get(key);
  if (glyph === undefined) {
    glyph = composeGlyph(char, locale) ?? null;
    glyphCache.set(key, glyph);
  }
  return glyph ?? undefined;
}

/**
 * True when every character of `text` (spaces aside) can be written with stroke glyphs. Every
 * handwriting model writes the same characters, only some of them differently. Arabic letters
 * join: a letter alone or one joined form (with its tatweel) is stroked; a word keeps the font.
 */
export function canStroke(text: string): boolean {
  if (wholeGlyph(text)) return true;
  const chars = [...text.trim()];
  if (chars.length > 1 && chars.some((char) => arabicGlyphs[char] !== undefined)) return false;
  return [...text].every((char) => /\s/.test(char) || strokeGlyph(char, "en") !== undefined);
}

/** Strokes shorter than this (in x-heights) are dots: i, j, ё, ä. */
const dotLength = 0.12;

export type PlacedStroke = {
  points: Point[];
  /** A dot (of i, j, ё, ä), drawn as a dot and numbered without an arrow. */
  dot: boolean;
};
export type PlacedGlyph = { char: string; strokes: PlacedStroke[]; x: number; width: number };
export type StrokeLayout = {
  /** What was laid out, in whose handwriting, from which x: the same text lays out the same at any size. */
  text: string;
  locale: Locale;
  x: number;
  glyphs: PlacedGlyph[];
  width: number;
  /** Highest and lowest point of any stroke, in page coordinates. */
  top: number;
  bottom: number;
  unit: number;
  baseline: number;
};

const flatCache = new Map<StrokeGlyph, Point[][]>();

function glyphPolylines(glyph: StrokeGlyph): Point[][] {
  let lines = flatCache.get(glyph);
  if (!lines) {
    lines = glyph.strokes.map((stroke) => flatten(parsePath(stroke), 16).flat());
    flatCache.set(glyph, lines);
  }
  return lines;
}

/** A glyph drawn for the whole of a text of several characters: an Arabic joined form ("بـ", "ـبـ", "ـب"). */
function wholeGlyph(text: string): StrokeGlyph | undefined {
  const whole = text.trim();
  // Looked up without the glyph cache, which any text (a child's name) would otherwise grow.
  return [...whole].length > 1 ? baseGlyphs[whole] : undefined;
}

/** The characters of `text` that have stroke glyphs, where each starts, and the whole width, in x-heights. */
function glyphRun(text: string, locale: Locale) {
  const whole = wholeGlyph(text);
  if (whole) return { placed: [{ char: text.trim(), glyph: whole, at: 0 }], width: whole.width };
  const placed: { char: string; glyph: StrokeGlyph; at: number }[] = [];
  let cursor = 0;
  let previous = false;
  for (const char of text) {
    if (/\s/.test(char)) {
      cursor += wordGap;
      previous = false;
      continue;
    }
    const glyph = strokeGlyph(char, locale);
    if (!glyph) continue;
    if (previous) cursor += letterGap;
    placed.push({ char, glyph, at: cursor });
    cursor += glyph.width;
    previous = true;
  }
  return { placed, width: cursor };
}

/** Width of `text` in x-heights (0 when it has no stroke glyphs). */
export function strokeTextUnits(text: string, locale: Locale): number {
  return glyphRun(text, locale).width;
}

/** `text` laid out from `x` with an x-height of `unit` points and the baseline at `baseline`. */
export function layoutStrokeText(
  text: string,
  locale: Locale,
  x: number,
  baseline: number,
  unit: number,
): StrokeLayout {
  const run = glyphRun(text, locale);
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  const originY = baseline - staff.base * unit;
  const glyphs = run.placed.map(({ char, glyph, at }): PlacedGlyph => {
    const left = x + at * unit;
    const strokes = glyphPolylines(glyph).map(
      (line): PlacedStroke => ({
        points: line.map(([px, py]): Point => [left + px * unit, originY + py * unit]),
        dot: lengthOf(line) < dotLength,
      }),
    );
    for (const stroke of strokes)
      for (const [, py] of stroke.points) {
        top = Math.min(top, py);
        bottom = Math.max(bottom, py);
      }
    return { char, strokes, x: left, width: glyph.width * unit };
  });
  return {
    text,
    locale,
    x,
    glyphs,
    width: run.width * unit,
    top: Number.isFinite(top) ? top : baseline,
    bottom: Number.isFinite(bottom) ? bottom : baseline,
    unit,
    baseline,
  };
}
