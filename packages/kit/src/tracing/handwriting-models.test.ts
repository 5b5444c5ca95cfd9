import { type Locale, localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { flatten, parsePath } from "../draw/svg-path.ts";
import { alphabet, lowerCase, specialLetters } from "../letters.ts";
import { layoutStrokeText, strokeGlyph } from "./stroke-font.ts";
import { dottedStartDots, guideSizes, strokeGuides } from "./trace-drawing.ts";

// The handwriting models written down: every glyph a child of each language traces is checked
// against a table of its strokes, so a letter drawn in the wrong order, from the wrong place or
// the wrong way round fails the build. Each stroke reads as where it starts, which way the pen
// first goes and, for a curve, which way it turns:
//   start line: A accent space, T top line, u between top and midline, M midline, x between
//               midline and baseline, B baseline, D under the baseline;
//   start column: l left, c centre, r right third of the letter's width;
//   first movement: ↓ ↑ → ← ↘ ↙ ↗ ↖; turn: ↺ circles back (anticlockwise), ↻ forward; • a dot.
// Every stroke starts at its top or on its left except where schools start below: the 1 with a
// flag, the 2, 3, З and Э that begin with their upper curve, ß from the baseline as German
// copybooks write it, and the Arabic eight ٨ from its left foot.

const table: Record<string, string> = {
  A: "Tc↓ Tc↓ xl→",
  B: "Tl↓ Tl→↻",
  C: "ur↖↺",
  D: "Tl↓ Tl→↻",
  E: "Tl↓ Tl→ Ml→ Bl→",
  F: "Tl↓ Tl→ Ml→",
  G: "ur↖↺",
  H: "Tl↓ Tr↓ Ml→",
  I: "Tc↓ Tl→ Bl→",
  J: "Tr↓↻",
  K: "Tl↓ Tr↙",
  L: "Tl↓",
  M: "Tl↓ Tl↘",
  N: "Tl↓ Tl↘",
  O: "Tc←↺",
  P: "Tl↓ Tl→↻",
  Q: "Tc←↺ xc↘",
  R: "Tl↓ Tl→↻",
  S: "ur↖",
  T: "Tc↓ Tl→",
  U: "Tl↓↺",
  V: "Tl↓",
  W: "Tl↓",
  X: "Tl↘ Tr↙",
  Y: "Tl↘ Tr↙",
  Z: "Tl→",
  a: "Mc←↺ Mr↓",
  b: "Tl↓↻",
  c: "xr↖↺",
  d: "Mc←↺ Tr↓",
  e: "xl→↺",
  f: "ur↖↺ Ml→",
  g: "Mc←↺ Mr↓↻",
  h: "Tl↓↻",
  i: "Mc↓ uc•",
  j: "Mr↓↻ ur•",
  k: "Tl↓ Mr↙",
  l: "Tc↓",
  m: "Ml↓↻",
  n: "Ml↓↻",
  o: "Mc←↺",
  p: "Ml↓↻",
  q: "Mc←↺ Mr↓",
  r: "Ml↓↻",
  s: "xr↖",
  t: "uc↓ Ml→",
  u: "Ml↓↺",
  v: "Ml↘",
  w: "Ml↓",
  x: "Ml↘ Mr↙",
  y: "Ml↘ Mr↙",
  z: "Ml→",
  ı: "Mc↓",
  ß: "Bl↑↻",
  А: "Tc↓ Tc↓ xl→",
  Б: "Tl↓ Tl→ Ml→↻",
  В: "Tl↓ Tl→↻ Ml→↻",
  Г: "Tl↓ Tl→",
  Д: "Tl↓ Tl→ Bl→ Bl↓",
  Е: "Tl↓ Tl→ Ml→ Bl→",
  Ж: "Tc↓ Tl↘ Tr↙",
  З: "ul↗↻",
  И: "Tl↓ Tr↙ Tr↓",
  К: "Tl↓ Tr↙",
  Л: "Tc↓ Tc→",
  М: "Tl↓ Tl↓ Tr↓",
  Н: "Tl↓ Tr↓ Ml→",
  О: "Tr←↺",
  П: "Tl↓ Tl→",
  Р: "Tl↓ Tl→↻",
  С: "ur↖↺",
  Т: "Tc↓ Tl→",
  У: "Tl↘ Tr↙",
  Ф: "Tc↓ uc←↺",
  Х: "Tl↘ Tr↙",
  Ц: "Tl↓ Tr↓ Bl→",
  Ч: "Tl↓↺ Tr↓",
  Ш: "Tl↓ Tc↓ Tr↓ Bl→",
  Щ: "Tl↓ Tc↓ Tr↓ Bl→",
  Ъ: "Tl→ Tl↓ Ml→↻",
  Ы: "Tl↓ Ml→↻ Tr↓",
  Ь: "Tl↓ Ml→↻",
  Э: "ul↗↻ Mc→",
  Ю: "Tl↓ Ml→ Tr←↺",
  Я: "Tr↓ Tr←↺ Mc↙",
  а: "xl↗↻ xr←↺",
  б: "Tr←↺",
  в: "Ml↓ Ml→↻ xl→↻",
  г: "Ml↓ Ml→",
  д: "Ml↓ Ml→ Bl→ Bl↓",
  е: "xl→↺",
  ж: "Mc↓ Ml↘ Mr↙",
  з: "xl↗↻",
  и: "Ml↓ Mr↙ Mr↓",
  к: "Ml↓ Mr↙",
  л: "Mc↓ Mc→",
  м: "Ml↓ Ml↘ Mr↓",
  н: "Ml↓ Mr↓ xl→",
  о: "Mr←↺",
  п: "Ml↓ Ml→",
  р: "Ml↓↻",
  с: "xr↖↺",
  т: "Mc↓ Ml→",
  у: "Ml↘ Mr↓",
  ф: "Tc↓ Mc←↺",
  х: "Ml↘ Mr↙",
  ц: "Ml↓ Mr↓ Bl→",
  ч: "Ml↓↺ Mr↓",
  ш: "Ml↓ Mc↓ Mr↓ Bl→",
  щ: "Ml↓ Mc↓ Mr↓ Bl→",
  ъ: "Ml→ Ml↓ xl→↻",
  ы: "Ml↓ xl→↻ Mr↓",
  ь: "Ml↓ xl→↻",
  э: "xl↗↻ xc→",
  ю: "Ml↓ xl→ Mr←↺",
  я: "Mr↓ Mr←↺ xc↙",
  "0": "Tc↙↺",
  "2": "ul↗↻",
  "3": "ul↗↻",
  "5": "Tl↓↻ Tl→",
  "6": "ur↖↺",
  "8": "ur↖",
  "9": "ur↑↺",
  "٠": "Mc↙↺",
  "١": "Tc↓",
  "٢": "Tr↓↻",
  "٣": "Tr↓↻",
  "٤": "Tr←↺",
  "٥": "uc↙↺",
  "٦": "Tl→",
  "٧": "Tl↓",
  "٨": "Bl↑",
  "٩": "ur↑↺",
  á: "Mc←↺ Mr↓ uc↙",
  à: "Mc←↺ Mr↓ ul↘",
  â: "Mc←↺ Mr↓ ul↗",
  ã: "Mc←↺ Mr↓ ul↑",
  ä: "Mc←↺ Mr↓ ul• uc•",
  é: "xl→↺ uc↙",
  è: "xl→↺ uc↘",
  ê: "xl→↺ ul↗",
  ë: "xl→↺ ul• ur•",
  í: "Mc↓ ur↙",
  ì: "Mc↓ ul↘",
  î: "Mc↓ ul↗",
  ï: "Mc↓ ul• ur•",
  ó: "Mc←↺ uc↙",
  ò: "Mc←↺ uc↘",
  ô: "Mc←↺ ul↗",
  õ: "Mc←↺ ul↑",
  ö: "Mc←↺ ul• ur•",
  ú: "Ml↓↺ uc↙",
  ù: "Ml↓↺ uc↘",
  û: "Ml↓↺ ul↗",
  ü: "Ml↓↺ ul• ur•",
  ÿ: "Ml↘ Mr↙ ul• ur•",
  ñ: "Ml↓↻ ul↑",
  ç: "xr↖↺ Bc↘↻",
  Á: "Tc↓ Tc↓ xl→ Ac↙",
  À: "Tc↓ Tc↓ xl→ Ac↘",
  Â: "Tc↓ Tc↓ xl→ Ac↗",
  Ã: "Tc↓ Tc↓ xl→ Al↑",
  Ä: "Tc↓ Tc↓ xl→ Ac• Ac•",
  É: "Tl↓ Tl→ Ml→ Bl→ Ac↙",
  È: "Tl↓ Tl→ Ml→ Bl→ Ac↘",
  Ê: "Tl↓ Tl→ Ml→ Bl→ Al↗",
  Ë: "Tl↓ Tl→ Ml→ Bl→ Al• Ar•",
  Í: "Tc↓ Tl→ Bl→ Ac↙",
  Ì: "Tc↓ Tl→ Bl→ Ac↘",
  Î: "Tc↓ Tl→ Bl→ Al↗",
  Ï: "Tc↓ Tl→ Bl→ Al• Ar•",
  Ó: "Tc←↺ Ac↙",
  Ò: "Tc←↺ Ac↘",
  Ô: "Tc←↺ Ac↗",
  Õ: "Tc←↺ Al↑",
  Ö: "Tc←↺ Ac• Ac•",
  Ú: "Tl↓↺ Ac↙",
  Ù: "Tl↓↺ Ac↘",
  Û: "Tl↓↺ Al↗",
  Ü: "Tl↓↺ Ac• Ac•",
  Ÿ: "Tl↘ Tr↙ Ac• Ac•",
  Ñ: "Tl↓ Tl↘ Al↑",
  Ç: "ur↖↺ Bc↘↻",
  ё: "xl→↺ ul• ur•",
  Ё: "Tl↓ Tl→ Ml→ Bl→ Al• Ar•",
  й: "Ml↓ Mr↙ Mr↓ ul↓↺",
  Й: "Tl↓ Tr↙ Tr↓ Al↓↺",
  // Arabic letters alone (isolated forms), the Naskh school hand: bodies from the right or the
  // top, mostly leftwards; ج ح خ begin their head rightwards and د ذ down to the right; ص ض ط ظ
  // start on the line and loop up clockwise; ف ق م و start from their loop; then the upright
  // of ط ظ, the hamza of ك, and the dots last, right before left, lower before upper.
  ا: "Tc↓",
  ب: "xr↓↻ Dc•",
  ت: "xr↓↻ xc• xc•",
  ث: "xr↓↻ xc• xc• Mc•",
  ج: "Ml→↺ Dc•",
  ح: "Ml→↺",
  خ: "Ml→↺ uc•",
  د: "Ml↘↻",
  ذ: "Ml↘↻ uc•",
  ر: "xr↓",
  ز: "xr↓ Mr•",
  س: "xr↓↻",
  ش: "xr↓↻ xr• xr• Mr•",
  ص: "Bc↗↻",
  ض: "Bc↗↻ Mr•",
  ط: "Bl↗↻ Tl↓",
  ظ: "Bl↗↻ Tl↓ Mc•",
  ع: "Mr←↺",
  غ: "Mr←↺ uc•",
  ف: "Br↑↻ Mr•",
  ق: "Br←↻ Mr• Mr•",
  ك: "Tr↓↻ Mc←↺",
  ل: "Tr↓↻",
  م: "Bc↑↻",
  ن: "xr↓↻ xc•",
  ه: "xc←↺",
  و: "Br←↻",
  ي: "xr←↻ Dc• Dc•",
  // Their joined forms: a middle or end form enters from the right on the line and moves left
  // through the letter; a start form begins as the letter alone; د ذ ل ك keep their own first
  // stroke from the top after the joining line.
  ـا: "Br←",
  بـ: "xr↓ Dc•",
  ـبـ: "Br←↻ Dc•",
  ـب: "Br←↻ Dc•",
  تـ: "xr↓ Mr• Mc•",
  ـتـ: "Br←↻ Mr• Mc•",
  ـت: "Br←↻ xc• xc•",
  ثـ: "xr↓ Mr• Mc• ur•",
  ـثـ: "Br←↻ Mr• Mc• uc•",
  ـث: "Br←↻ xc• xc• Mc•",
  جـ: "Ml→ Dc•",
  ـجـ: "Br←↻ Dc•",
  ـج: "Br← Dc•",
  حـ: "Ml→",
  ـحـ: "Br←↻",
  ـح: "Br←",
  خـ: "Ml→ uc•",
  ـخـ: "Br←↻ uc•",
  ـخ: "Br← uc•",
  ـد: "Br← Ml↘↻",
  ـذ: "Br← Ml↘↻ ul•",
  ـر: "Br←↻",
  ـز: "Br←↻ xr•",
  سـ: "xr↓↻",
  ـسـ: "Br←↻",
  ـس: "Br←↻",
  شـ: "xr↓↻ xr• xc• Mr•",
  ـشـ: "Br←↻ xc• xc• Mc•",
  ـش: "Br←↻ xr• xr• Mr•",
  صـ: "Bl↗↻",
  ـصـ: "Br←↻",
  ـص: "Br←↻",
  ضـ: "Bl↗↻ Mc•",
  ـضـ: "Br←↻ Mc•",
  ـض: "Br←↻ Mr•",
  طـ: "Bl↗↻ Tl↓",
  ـطـ: "Br←↻ Tl↓",
  ـط: "Br←↻ Tl↓",
  ظـ: "Bl↗↻ Tl↓ Mc•",
  ـظـ: "Br←↻ Tl↓ Mc•",
  ـظ: "Br←↻ Tl↓ Mc•",
  عـ: "Mr←↺",
  ـعـ: "Br←↻",
  ـع: "Br←↻",
  غـ: "Mr←↺ uc•",
  ـغـ: "Br←↻ uc•",
  ـغ: "Br←↻ uc•",
  فـ: "Bc↑↻ Mr•",
  ـفـ: "Br←↻ Mc•",
  ـف: "Br←↻ Mr•",
  قـ: "Bc↑↻ Mr• Mc•",
  ـقـ: "Br←↻ Mr• Mc•",
  ـق: "Br←↻ Mr• Mc•",
  كـ: "ul↘↻ Tr↙",
  ـكـ: "Br← ul↘↻ Tr↙",
  ـك: "Br← Tr↓↻ Mc←↺",
  لـ: "Tr↓",
  ـلـ: "Br← Tc↓",
  ـل: "Br← Tr↓↻",
  مـ: "Bc↑↻",
  ـمـ: "Br←↻",
  ـم: "Br←↻",
  نـ: "xr↓ Mr•",
  ـنـ: "Br←↻ Mc•",
  ـن: "Br←↻ xc•",
  هـ: "Mc↘↻",
  ـهـ: "Br←↻",
  ـه: "Br←",
  ـو: "Br←↻",
  يـ: "xr↓ Dr• Dc•",
  ـيـ: "Br←↻ Dr• Dc•",
  ـي: "Br←↻ Dc• Dc•",
};

/** 1, 4 and 7 as each language's model writes them. */
const modelDigits: Record<Locale, Record<"1" | "4" | "7", string>> = {
  en: { "1": "Tc↓", "4": "Tl↓ Tr↓", "7": "Tl→" },
  ar: { "1": "Tc↓", "4": "Tl↓ Tr↓", "7": "Tl→" },
  de: { "1": "ul↗", "4": "Tl↓ Tr↓", "7": "Tl→ Mc→" },
  fr: { "1": "ul↗", "4": "Tl↓ Tr↓", "7": "Tl→ Mc→" },
  es: { "1": "ul↗", "4": "Tl↓ Tr↓", "7": "Tl→ Mc→" },
  pt: { "1": "ul↗", "4": "Tl↓ Tr↓", "7": "Tl→" },
  ru: { "1": "ul↗", "4": "Tl↓ Tr↓", "7": "Tl→" },
};

type Point = [number, number];

function startLine(y: number) {
  if (y < -0.12) return "A";
  if (y <= 0.12) return "T";
  if (y < 0.88) return "u";
  if (y <= 1.12) return "M";
  if (y < 1.88) return "x";
  if (y <= 2.12) return "B";
  return "D";
}

function heading(from: Point, to: Point) {
  const angle = (Math.atan2(from[1] - to[1], to[0] - from[0]) * 180) / Math.PI;
  return ["→", "↗", "↑", "↖", "←", "↙", "↓", "↘"][(Math.round(angle / 45) + 8) % 8];
}

/** A stroke as the table writes it. */
function describeStroke(stroke: string, width: number): string {
  const points = flatten(parsePath(stroke), 16).flat() as Point[];
  const start = points[0] as Point;
  const column = start[0] < width / 3 ? "l" : start[0] > (2 * width) / 3 ? "r" : "c";
  const steps = points
    .slice(1)
    .map((point, i) => Math.hypot(point[0] - (points[i] as Point)[0], point[1] - (points[i] as Point)[1]));
  const total = steps.reduce((sum, step) => sum + step, 0);
  if (total < 0.12) return `${startLine(start[1])}${column}•`;
  // The first movement, over a fifth of an x-height.
  let ahead = 1;
  let travelled = steps[0] ?? 0;
  while (ahead < points.length - 1 && travelled < 0.2) {
    travelled += steps[ahead] ?? 0;
    ahead++;
  }
  // Smooth turning only: corners (M, V, the 4) are changes of direction, not curves.
  let turn = 0;
  for (let i = 2; i < points.length; i++) {
    const [a, b, c] = [points[i - 2], points[i - 1], points[i]] as [Point, Point, Point];
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 1e-6 || Math.hypot(c[0] - b[0], c[1] - b[1]) < 1e-6) continue;
    let change = Math.atan2(c[1] - b[1], c[0] - b[0]) - Math.atan2(b[1] - a[1], b[0] - a[0]);
    while (change > Math.PI) change -= 2 * Math.PI;
    while (change < -Math.PI) change += 2 * Math.PI;
    if (Math.abs(change) < 0.8) turn += change;
  }
  const degrees = (turn * 180) / Math.PI;
  const circling = degrees > 100 ? "↻" : degrees < -100 ? "↺" : "";
  return `${startLine(start[1])}${column}${heading(start, points[ahead] as Point)}${circling}`;
}

function describeGlyph(char: string, locale: Locale): string {
  const glyph = strokeGlyph(char, locale);
  if (!glyph) return "(no glyph)";
  return glyph.strokes.map((stroke) => describeStroke(stroke, glyph.width)).join(" ");
}

const expected = (char: string, locale: Locale) =>
  modelDigits[locale][char as "1" | "4" | "7"] ?? table[char] ?? "(not in the table)";

/** An Arabic letter's joined forms with their tatweel: start, middle and end, or the end alone. */
const joinedForms = (letter: string) =>
  [..."ادذرزو"].includes(letter)
    ? [`\u0640${letter}`]
    : [`${letter}\u0640`, `\u0640${letter}\u0640`, `\u0640${letter}`];

/** Every character a child of `locale` traces: the alphabet in both cases, its special letters, the digits. */
function written(locale: Locale): string[] {
  // Arabic letters have no cases: each is traced alone, in its isolated form.
  const letters =
    locale === "ar"
      ? alphabet(locale).flatMap((letter) => [letter, ...joinedForms(letter)])
      : alphabet(locale).flatMap((letter) => [letter, lowerCase(locale, letter)]);
  const specials = locale === "ar" ? [] : specialLetters(locale).flatMap((special) => [...special]);
  return [...new Set([...letters, ...specials, ..."0123456789", ..."٠١٢٣٤٥٦٧٨٩"])];
}

describe("the handwriting models", () => {
  it("write every letter and digit with the strokes, order, start and direction of the table", () => {
    for (const locale of localeCodes) {
      const wrong = written(locale)
        .map((char) => ({ char, actual: describeGlyph(char, locale), expected: expected(char, locale) }))
        .filter(({ actual, expected }) => actual !== expected);
      expect(wrong, locale).toEqual([]);
    }
    // The accented letters of the children's names too.
    const accented = Object.keys(table).filter((char) => /[^\p{ASCII}]/u.test(char) && !/[٠-٩]/.test(char));
    for (const char of accented) expect(describeGlyph(char, "fr"), char).toBe(table[char]);
  });

  it("fails a glyph drawn the wrong way round or in the wrong order", () => {
    const a = strokeGlyph("a", "en");
    const [circle, stick] = a?.strokes ?? [];
    expect(describeStroke(stick ?? "", a?.width ?? 1)).toBe("Mr↓");
    expect(describeStroke("M0.93 2 L0.93 1", a?.width ?? 1)).not.toBe("Mr↓");
    expect([stick, circle].map((stroke) => describeStroke(stroke ?? "", a?.width ?? 1)).join(" ")).not.toBe(table.a);
  });

  it("keeps the start dots of different strokes apart, unless they start at the same point", () => {
    for (const locale of localeCodes)
      for (const char of written(locale)) {
        const starts = (strokeGlyph(char, locale)?.strokes ?? []).map(
          (stroke) => flatten(parsePath(stroke), 2).flat()[0] as Point,
        );
        // In x-heights: far enough apart for full-size dots on the model and the dotted copies.
        starts.forEach((a, i) => {
          for (const b of starts.slice(i + 1)) {
            const apart = Math.hypot(a[0] - b[0], a[1] - b[1]);
            expect(apart < 0.02 || apart >= 0.3, `${locale} ${char}: ${apart.toFixed(3)}`).toBe(true);
          }
        });
        // As drawn on the dotted copies, at every size a row gives letters.
        for (const unit of [8, 12, 20, 40]) {
          const layout = layoutStrokeText(char, locale, 0, 100, unit);
          const lines = layout.glyphs.flatMap((glyph) => glyph.strokes).filter((stroke) => !stroke.dot);
          const places = new Set(lines.map(({ points: [[x, y] = [0, 0]] }) => `${x.toFixed(1)} ${y.toFixed(1)}`));
          const dots = dottedStartDots(layout);
          expect(dots.length, `${locale} ${char}`).toBe(places.size);
          dots.forEach((a, i) => {
            for (const b of dots.slice(i + 1)) {
              const gap = Math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1]) - a.radius - b.radius;
              expect(gap, `${locale} ${char} at ${unit}`).toBeGreaterThanOrEqual(1);
            }
          });
        }
      }
  });

  it("puts each numbered badge on its own arrow, clear of the other strokes' arrows, dots and badges, and no arrows cross", () => {
    const unit = 10;
    const badge = unit * guideSizes.badge;
    const distance = (point: Point, line: readonly Point[]) =>
      Math.min(
        ...line.map((p, i) => {
          const q = line[i + 1] ?? p;
          const length = (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2;
          const t = length
            ? Math.max(0, Math.min(1, ((point[0] - p[0]) * (q[0] - p[0]) + (point[1] - p[1]) * (q[1] - p[1])) / length))
            : 0;
          return Math.hypot(point[0] - (p[0] + t * (q[0] - p[0])), point[1] - (p[1] + t * (q[1] - p[1])));
        }),
      );
    for (const locale of localeCodes)
      for (const text of [...written(locale), "Ii", "add", "quiz", "Lena", "Mia"]) {
        const [first, ...rest] = strokeGuides(layoutStrokeText(text, locale, 0, 100, unit));
        const guides = text.length === 1 ? (first ?? []) : [first ?? [], ...rest].flat();
        guides.forEach((guide, i) => {
          const own = distance(guide.badge, guide.arrow ?? [guide.start]);
          guides.forEach((other, j) => {
            if (i === j) return;
            const label = `${locale} ${text} badge ${i + 1} and stroke ${j + 1}`;
            const line = other.arrow ?? [other.start];
            expect(distance(guide.badge, line), label).toBeGreaterThan(Math.max(own, badge));
            const dot = Math.hypot(guide.badge[0] - other.start[0], guide.badge[1] - other.start[1]);
            expect(dot, label).toBeGreaterThanOrEqual(badge + unit * guideSizes.startDot);
            if (guide.arrow && other.arrow) {
              const along = guide.arrow.flatMap((p, k) => {
                const q = guide.arrow?.[k + 1] ?? p;
                return [0, 0.5].map((t): Point => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
              });
              const closest = Math.min(...along.map((point) => distance(point, other.arrow ?? [])));
              expect(closest, `${label}: the arrows cross or touch`).toBeGreaterThanOrEqual(unit * 0.1);
            }
            const badges = Math.hypot(guide.badge[0] - other.badge[0], guide.badge[1] - other.badge[1]);
            expect(badges, label).toBeGreaterThanOrEqual(badge * 2);
          });
        });
      }
  });
});
