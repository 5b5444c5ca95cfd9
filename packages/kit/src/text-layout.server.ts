import bidiFactory from "bidi-js";
import { type FontName, type FontRole, fontForCodePoint, fontkitFont } from "./fonts.server.ts";

// Lines of mixed-script text as runs in visual order: bidi-js resolves the levels, each run has
// one level and one font, and runs are reordered by rule L2. Surfaces draw runs left to right;
// an RTL run keeps logical order and is shaped (and reversed) by fontkit. Widths come from
// fontkit, so the PDF and the SVG preview measure identically.

const bidi = bidiFactory();

export type TextRun = {
  text: string;
  font: FontName;
  rtl: boolean;
  /** Width in points at `size`. */
  width: number;
};

export type TextLine = { runs: TextRun[]; width: number; size: number };

export function measureRun(text: string, font: FontName, size: number): number {
  const f = fontkitFont(font);
  return (f.layout(text).advanceWidth * size) / f.unitsPerEm;
}

/**
 * Lines already shaped, by font role, size, direction and text: a document repeats its headers,
 * labels and words page after page, and a text box tries sizes in turn. Callers must not change
 * what they get. Bounded (emptied when full), since children's names and titles vary without end.
 */
const shapedLines = new Map<string, TextLine>();
const shapedAtMost = 20_000;

/** One line of text, shaped and ordered for drawing. */
export function layoutLine(text: string, role: FontRole, size: number, rtlParagraph: boolean): TextLine {
  const key = `${role}|${size}|${rtlParagraph ? "r" : "l"}|${text}`;
  const known = shapedLines.get(key);
  if (known) return known;
  if (shapedLines.size >= shapedAtMost) shapedLines.clear();
  const line = shapeLine(text, role, size, rtlParagraph);
  shapedLines.set(key, line);
  return line;
}

function shapeLine(text: string, role: FontRole, size: number, rtlParagraph: boolean): TextLine {
  const levels = bidi.getEmbeddingLevels(text, rtlParagraph ? "rtl" : "ltr");
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const chars = [...text];
  // Code-point index → UTF-16 index, since bidi-js works on UTF-16 offsets.
  const runs: { text: string; font: FontName; level: number }[] = [];
  let offset = 0;
  for (const char of chars) {
    const level = levels.levels[offset] ?? 0;
    const shown = mirrored.get(offset) ?? char;
    const codePoint = char.codePointAt(0) ?? 0;
    // Spaces and punctuation stay in the current run's font so runs do not split needlessly;
    // Arabic punctuation (، ؟) always takes the Arabic face, which alone draws it, even after a
    // Western number.
    const neutral = /[\s\p{P}\p{S}]/u.test(char);
    const last = runs.at(-1);
    const own = fontForCodePoint(role, codePoint);
    const font = neutral && last && own === role ? last.font : own;
    if (last && last.level === level && last.font === font) last.text += shown;
    else runs.push({ text: shown, font, level });
    offset += char.length;
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence at or above it.
  const maxLevel = Math.max(0, ...runs.map((run) => run.level));
  const minOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : Number.POSITIVE_INFINITY)));
  for (let level = maxLevel; level >= minOdd && level > 0; level--) {
    for (let start = 0; start < runs.length; start++) {
      if ((runs[start]?.level ?? 0) < level) continue;
      let end = start;
      while (end + 1 < runs.length && (runs[end + 1]?.level ?? 0) >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  const shaped = runs.map((run) => {
    const rtl = run.level % 2 === 1;
    // fontkit reverses Arabic itself; a right-to-left run of neutrals (", ") is reversed here.
    const arabic = [...run.text].some((char) => fontForCodePoint("body", char.codePointAt(0) ?? 0) !== "body");
    // fontkit lays out anything in Arabic script right to left, Arabic-Indic digits included;
    // a left-to-right run of them ("١٢") is pre-reversed so it comes out in reading order.
    const ordered = rtl !== arabic ? [...run.text].reverse().join("") : run.text;
    return { text: ordered, font: run.font, rtl, width: measureRun(ordered, run.font, size) };
  });
  return { runs: shaped, width: shaped.reduce((sum, run) => sum + run.width, 0), size };
}

/** Greedy word wrap to `maxWidth`; a word longer than the line is left to overflow (and reported). */
export function wrapText(text: string, role: FontRole, size: number, maxWidth: number, rtl: boolean): TextLine[] {
  const lines: TextLine[] = [];
  // Words are measured once each and a line is shaped once: shaping every longer candidate line
  // again made a paragraph's wrap quadratic in its words. A line that comes out wider than its
  // words added up (kerning across a space) gives its last word to the next line.
  const space = layoutLine(" ", role, size, rtl).width;
  for (const paragraph of text.split("\n")) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    const widths = words.map((word) => layoutLine(word, role, size, rtl).width);
    let start = 0;
    do {
      let end = start + 1;
      let width = widths[start] ?? 0;
      while (end < words.length && width + space + (widths[end] ?? 0) <= maxWidth) {
        width += space + (widths[end] ?? 0);
        end++;
      }
      let line = layoutLine(words.slice(start, end).join(" "), role, size, rtl);
      while (line.width > maxWidth && end - start > 1) {
        end--;
        line = layoutLine(words.slice(start, end).join(" "), role, size, rtl);
      }
      lines.push(line);
      start = end;
    } while (start < words.length);
  }
  return lines;
}

/** Characters a line's fonts cannot draw (they would print as empty boxes), each run in its own font. */
export function missingGlyphs(line: TextLine): string[] {
  const missing = new Set<string>();
  for (const run of line.runs) {
    const font = fontkitFont(run.font);
    for (const char of run.text) {
      if (!/\s/u.test(char) && !font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) missing.add(char);
    }
  }
  return [...missing];
}

/**
 * The ink of a line of text relative to its baseline, from the glyphs' own boxes: how far it
 * reaches above (`top`, negative) and below (`bottom`), and its advance width.
 */
export function inkBounds(text: string, role: FontRole, size: number, rtl: boolean) {
  const line = layoutLine(text, role, size, rtl);
  let top = 0;
  let bottom = 0;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let cursor = 0;
  for (const run of line.runs) {
    const font = fontkitFont(run.font);
    const scale = size / font.unitsPerEm;
    const layout = font.layout(run.text);
    let x = cursor;
    layout.glyphs.forEach((glyph, index) => {
      const position = layout.positions[index];
      const box = glyph.bbox;
      if (box.maxX > box.minX) {
        const gx = x + (position?.xOffset ?? 0) * scale;
        const gy = (position?.yOffset ?? 0) * scale;
        top = Math.min(top, -(box.maxY * scale + gy));
        bottom = Math.max(bottom, -(box.minY * scale + gy));
        left = Math.min(left, gx + box.minX * scale);
        right = Math.max(right, gx + box.maxX * scale);
      }
      x += (position?.xAdvance ?? 0) * scale;
    });
    cursor += run.width;
  }
  return {
    top,
    bottom,
    width: line.width,
    left: Number.isFinite(left) ? left : 0,
    right: Number.isFinite(right) ? right : line.width,
  };
}
