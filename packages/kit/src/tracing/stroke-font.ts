import { flatten, type Point, parsePath } from "../draw/svg-path.ts";
import { composedLetters, type MarkId, marks } from "./diacritics.ts";
import { cyrillicGlyphs } from "./glyphs-cyrillic.ts";
import { digitGlyphs } from "./glyphs-digits.ts";
import { latinGlyphs } from "./glyphs-latin.ts";

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

const baseGlyphs: StrokeGlyphs = { ...latinGlyphs, ...cyrillicGlyphs, ...digitGlyphs };

function composeGlyph(char: string): StrokeGlyph | undefined {
  const base = baseGlyphs[char];
  if (base) return base;
  const composed = composedLetters[char];
  if (!composed) return undefined;
  const [letter, ...accents] = composed;
  const glyph = baseGlyphs[letter];
  if (!glyph) return undefined;
  const capital = letter !== letter.toLocaleLowerCase();
  const strokes = [...glyph.strokes];
  for (const accent of accents as MarkId[]) strokes.push(...marks[accent](glyph.width, capital, letter));
  return { width: glyph.width, strokes };
}

const glyphCache = new Map<string, StrokeGlyph | null>();

/** The stroke glyph of a character, or undefined when the font has none (Arabic, CJK, ...). */
export function strokeGlyph(char: string): StrokeGlyph | undefined {
  let glyph = glyphCache.get(char);
  if (glyph === undefined) {
    glyph = composeGlyph(char) ?? null;
    glyphCache.set(char, glyph);
  }
  return glyph ?? undefined;
}

/** True when every character of `text` (spaces aside) can be written with stroke glyphs. */
export function canStroke(text: string): boolean {
  return [...text].every((char) => /\s/.test(char) || strokeGlyph(char) !== undefined);
}

export type PlacedStroke = { points: Point[] };
export type PlacedGlyph = { char: string; strokes: PlacedStroke[]; x: number; width: number };
export type StrokeLayout = {
  glyphs: PlacedGlyph[];
  width: number;
  /** Highest and lowest point of any stroke, in page coordinates. */
  top: number;
  bottom: number;
  unit: number;
  baseline: number;
};

const flatCache = new Map<string, Point[][]>();

function glyphPolylines(char: string, glyph: StrokeGlyph): Point[][] {
  let lines = flatCache.get(char);
  if (!lines) {
    lines = glyph.strokes.map((stroke) => flatten(parsePath(stroke), 16).flat());
    flatCache.set(char, lines);
  }
  return lines;
}

/** Width of `text` in x-heights (0 when it has no stroke glyphs). */
export function strokeTextUnits(text: string): number {
  let width = 0;
  let previous = false;
  for (const char of text) {
    if (/\s/.test(char)) {
      width += wordGap;
      previous = false;
      continue;
    }
    const glyph = strokeGlyph(char);
    if (!glyph) continue;
    if (previous) width += letterGap;
    width += glyph.width;
    previous = true;
  }
  return width;
}

/** `text` laid out from `x` with an x-height of `unit` points and the baseline at `baseline`. */
export function layoutStrokeText(text: string, x: number, baseline: number, unit: number): StrokeLayout {
  const glyphs: PlacedGlyph[] = [];
  let cursor = x;
  let previous = false;
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  const originY = baseline - staff.base * unit;
  for (const char of text) {
    if (/\s/.test(char)) {
      cursor += wordGap * unit;
      previous = false;
      continue;
    }
    const glyph = strokeGlyph(char);
    if (!glyph) continue;
    if (previous) cursor += letterGap * unit;
    const left = cursor;
    const strokes = glyphPolylines(char, glyph).map((line) => ({
      points: line.map(([px, py]): Point => [left + px * unit, originY + py * unit]),
    }));
    for (const stroke of strokes)
      for (const [, py] of stroke.points) {
        top = Math.min(top, py);
        bottom = Math.max(bottom, py);
      }
    glyphs.push({ char, strokes, x: left, width: glyph.width * unit });
    cursor += glyph.width * unit;
    previous = true;
  }
  return {
    glyphs,
    width: cursor - x,
    top: Number.isFinite(top) ? top : baseline,
    bottom: Number.isFinite(bottom) ? bottom : baseline,
    unit,
    baseline,
  };
}
