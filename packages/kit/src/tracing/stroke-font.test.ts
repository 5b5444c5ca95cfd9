import { localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { flatten, parsePath } from "../draw/svg-path.ts";
import { alphabet, lowerCase, specialLetters } from "../letters.ts";
import { cyrillicGlyphs } from "./glyphs-cyrillic.ts";
import { digitGlyphs } from "./glyphs-digits.ts";
import { latinGlyphs } from "./glyphs-latin.ts";
import { canStroke, layoutStrokeText, staff, strokeGlyph } from "./stroke-font.ts";

// The tracing letters: every letter and digit a child of each language writes has strokes, each
// stroke one pen movement that stays on the staff and within the letter's width, and the child's
// accented names are written with the accents on top.

const glyphs = { ...latinGlyphs, ...cyrillicGlyphs, ...digitGlyphs };

describe("the stroke font", () => {
  it("writes every letter of the Latin and Cyrillic alphabets in both cases, and the digits", () => {
    for (const locale of localeCodes.filter((code) => code !== "ar")) {
      for (const letter of alphabet(locale)) {
        expect(canStroke(letter), `${locale} ${letter}`).toBe(true);
        expect(canStroke(lowerCase(locale, letter)), `${locale} ${letter}`).toBe(true);
      }
      expect(specialLetters(locale).every(canStroke), locale).toBe(true);
    }
    expect(canStroke("0123456789٠١٢٣٤٥٦٧٨٩")).toBe(true);
    expect(canStroke("Marie-Hélène Conceição Guadalupe Friederike Ёжик Йорик")).toBe(false);
    expect(canStroke("Hélène Conceição Ñandú Jürgen Ёлка Йод")).toBe(true);
  });

  it("draws each stroke as one pen movement inside the staff and the letter's width", () => {
    for (const [char, glyph] of Object.entries(glyphs)) {
      expect(glyph.strokes.length, char).toBeGreaterThan(0);
      for (const stroke of glyph.strokes) {
        expect(stroke.trim().startsWith("M"), `${char}: ${stroke}`).toBe(true);
        expect(stroke.match(/M/g)?.length, `${char}: ${stroke}`).toBe(1);
        for (const [x, y] of flatten(parsePath(stroke), 16).flat()) {
          expect(x, char).toBeGreaterThanOrEqual(0);
          expect(x, char).toBeLessThanOrEqual(glyph.width);
          expect(y, char).toBeGreaterThanOrEqual(staff.top - 0.05);
          expect(y, char).toBeLessThanOrEqual(staff.descender);
        }
      }
    }
  });

  it("writes capital I as a stick pulled down, then its top and bottom bars left to right, unlike small l", () => {
    const ends = (stroke: string) => {
      const points = flatten(parsePath(stroke), 2).flat();
      return [points[0], points[points.length - 1]];
    };
    const capital = latinGlyphs.I?.strokes.map(ends) ?? [];
    expect(capital).toHaveLength(3);
    const [stick, top, bottom] = capital;
    // The stick from the top line to the base line, in the middle of the bars.
    expect(stick?.[0]?.[1]).toBe(staff.top);
    expect(stick?.[1]?.[1]).toBe(staff.base);
    for (const [bar, y] of [
      [top, staff.top],
      [bottom, staff.base],
    ] as const) {
      expect(bar?.[0]?.[1], "a bar is level").toBe(y);
      expect(bar?.[1]?.[1], "a bar is level").toBe(y);
      expect(bar?.[0]?.[0] ?? 0, "a bar goes left to right").toBeLessThan(bar?.[1]?.[0] ?? 0);
      expect(bar?.[0]?.[0] ?? 0).toBeLessThan(stick?.[0]?.[0] ?? 0);
      expect(bar?.[1]?.[0] ?? 0).toBeGreaterThan(stick?.[0]?.[0] ?? 0);
    }
    expect(latinGlyphs.l?.strokes).toHaveLength(1);
  });

  it("puts accents of capitals in the accent space and of small letters under the top line", () => {
    const capital = layoutStrokeText("É", "fr", 0, 100, 10);
    expect(capital.top).toBeLessThan(100 - 20);
    expect(capital.top).toBeGreaterThanOrEqual(100 - (staff.base - staff.accentTop) * 10);
    const small = layoutStrokeText("é", "fr", 0, 100, 10);
    expect(small.top).toBeGreaterThanOrEqual(100 - 20);
    expect(strokeGlyph("ç", "pt")?.strokes.length).toBe((strokeGlyph("c", "pt")?.strokes.length ?? 0) + 1);
    expect(strokeGlyph("漢", "en")).toBeUndefined();
  });
});
