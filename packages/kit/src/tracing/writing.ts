import type { Locale } from "@kinderready/i18n/locales";
import type { Box, Canvas } from "../canvas.server.ts";
import { arrowHeadPath, ellipsePath, polylinePath } from "../draw/paths.ts";
import type { Point } from "../draw/svg-path.ts";
import { memoize } from "../memoize.ts";
import { tint } from "../templates/context.ts";
import { inkBounds } from "../text-layout.server.ts";
import { canStroke, layoutStrokeText, staff, strokeTextUnits } from "./stroke-font.ts";
import {
  drawStaff,
  drawStartDots,
  drawStrokeDotted,
  drawStrokeModel,
  drawStrokeSolid,
  guideExtent,
  startGreen,
  type TraceColours,
} from "./trace-drawing.ts";

// Writing on a handwriting row, whatever the script: letters the stroke font knows (Latin,
// Cyrillic, digits) are drawn as centre-line strokes; anything else (Arabic, a name in another
// script) as the font's own letters in a light colour to trace over, with a start dot and an
// arrow where the start of the letter is known. Rows get lines that hold every glyph drawn on them.

/**
 * How a letter is written on a row: the stroke model with its arrows, a grey letter to go over
 * ("faint"), dotted ("trace"), only its start dots ("start"), or solid in the row's colour.
 */
export type WriteStyle = "model" | "faint" | "trace" | "start" | "solid";
export type WriteEntry = { text: string; style: WriteStyle };

/** Arabic's tallest and deepest letters: rows of font script are sized to hold them all. */
const fontReference = "لكجعي";

/** The font size for script drawn from the font, per x-height unit of the stroke letters. */
const fontScale = 2.45;
/** The x-height unit rows are measured at before they are sized. */
const probe = 10;
const probeInk = (text: string, rtl: boolean) => inkBounds(text, "trace", probe * fontScale, rtl);
const referenceInk = memoize((rtl: boolean) => probeInk(fontReference, rtl));
const traceFill = "#d5dae2";
/** A letter to go over: darker than a dotted one, so the row fades from it to the dots. */
const faintFill = "#b8c0cc";

/** Width of `text` written with an x-height of `unit`. */
function writtenWidth(canvas: Canvas, text: string, unit: number, locale: Locale): number {
  if (canStroke(text)) return strokeTextUnits(text, locale) * unit;
  return canvas.measure(text, "trace", unit * fontScale);
}

/** How far a stroke model's arrows and badges reach beyond its letters and lines, in x-heights. */
function modelMargins(entry: WriteEntry, locale: Locale, accents: boolean) {
  if (entry.style !== "model" || !canStroke(entry.text)) return { left: 0, right: 0, above: 0, below: 0 };
  const extent = guideExtent(entry.text, locale);
  const lineTop = (accents ? staff.accentTop : staff.top) - staff.base;
  return {
    left: Math.max(0, -extent.left),
    right: Math.max(0, extent.right - strokeTextUnits(entry.text, locale)),
    above: Math.max(0, lineTop - extent.top),
    below: Math.max(0, extent.bottom - (staff.descender - staff.base)),
  };
}

export type RowLayout = {
  baseline: number;
  unit: number;
  /** Where each entry was placed: x of its reading start edge (left in LTR, right in RTL). */
  placed: { entry: WriteEntry; x: number; width: number }[];
};

/** `count` copies of a text in one style; a row keeps as many as fit. */
export function copies(text: string, style: WriteStyle, count: number): WriteEntry[] {
  return Array.from({ length: count }, () => ({ text, style }));
}

/**
 * A handwriting row: the entries one after another from the reading start, then the rest of the
 * row empty to write on. The x-height is the largest that lets the lines fill the row's height.
 */
export function writingRow(
  canvas: Canvas,
  row: Box,
  entries: WriteEntry[],
  colours: TraceColours,
  locale: Locale,
  options: {
    gap?: number;
    startOffset?: number;
    maxUnit?: number;
    /** Shrink the letters so every entry fits the row's width, and centre them. */
    centre?: boolean;
    /**
     * Texts written in rows of the same size elsewhere (the other tiles of a sheet): the letters
     * are made the size all of them fit, so every tile's letter is the same size.
     */
    sizeLike?: readonly string[];
  } = {},
): RowLayout {
  const texts = entries.map((entry) => entry.text);
  const alike = [...texts, ...(options.sizeLike ?? [])];
  const strokeRow = alike.every(canStroke);
  const accents = strokeRow && alike.some((text) => /[ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜŸÑÇЁЙ]/u.test(text));
  // The row's height in x-heights: the staff's lines, or the ink of what is written.
  let top = 0;
  let bottom = 0;
  if (!strokeRow) {
    // The lines fit every letter of the script, so one letter is not blown up to fill them.
    for (const bounds of [...alike.map((text) => probeInk(text, canvas.rtl)), referenceInk(canvas.rtl)]) {
      top = Math.min(top, bounds.top);
      bottom = Math.max(bottom, bounds.bottom);
    }
  }
  // A model's arrows and badges stay inside the row: room is kept for them around the letters.
  const margins = entries.map((entry) => modelMargins(entry, locale, accents));
  const above = Math.max(0, ...margins.map((margin) => margin.above));
  const below = Math.max(0, ...margins.map((margin) => margin.below));
  const span = strokeRow
    ? (accents ? staff.descender - staff.accentTop : staff.descender) + 0.3 + above + below
    : (bottom - top) / probe / 0.86;
  let unit = Math.min(row.height / span, options.maxUnit ?? 40);
  // Numbers of two digits (11, 12) need a wider gap than their digits have between them.
  const gapAt = (u: number) => options.gap ?? u * (texts.some((text) => [...text].length > 1) ? 1.6 : 1.1);
  const boxWidth = (entry: WriteEntry, index: number, u: number) => {
    const margin = margins[index];
    return writtenWidth(canvas, entry.text, u, locale) + (margin ? (margin.left + margin.right) * u : 0);
  };
  const widthAt = (u: number) =>
    entries.reduce((sum, entry, index) => sum + boxWidth(entry, index, u), 0) +
    gapAt(u) * Math.max(0, entries.length - 1);
  if (options.centre && entries.length > 0)
    unit = Math.min(unit, (unit * row.width * 0.88) / Math.max(1, widthAt(unit)));
  for (const other of options.sizeLike ?? [])
    unit = Math.min(unit, (unit * row.width * 0.88) / Math.max(1, writtenWidth(canvas, other, unit, locale)));
  let baseline: number;
  if (strokeRow) {
    const topSpace = (accents ? -staff.accentTop : 0) + above;
    baseline = row.y + (row.height - span * unit) / 2 + (topSpace + 0.15 + staff.base) * unit;
    drawStaff(canvas, row, baseline, unit, colours.main, { accents });
  } else {
    const inkHeight = (bottom - top) / probe;
    baseline = row.y + (row.height - inkHeight * unit) / 2 - (top / probe) * unit;
    drawFontStaff(canvas, row, baseline, top * (unit / probe), bottom * (unit / probe), colours.main);
  }
  const gap = gapAt(unit);
  let offset = options.centre
    ? Math.max(0, (row.width - widthAt(unit)) / 2)
    : (options.startOffset ?? unit * (entries[0]?.style === "model" ? 1 : 0.5));
  const placed: RowLayout["placed"] = [];
  entries.forEach((entry, index) => {
    if (placed.length < index) return;
    const width = writtenWidth(canvas, entry.text, unit, locale);
    const box = boxWidth(entry, index, unit);
    if (offset + box > row.width - unit * 0.3 && !options.centre) return;
    const x = canvas.startX(row, offset, box) + (margins[index]?.left ?? 0) * unit;
    const ink = writeText(canvas, entry.text, x, baseline, unit, entry.style, colours, locale);
    if (ink) canvas.checks.models.push({ text: entry.text, row, ink });
    placed.push({ entry, x, width });
    offset += box + gap;
  });
  return { baseline, unit, placed };
}

/**
 * Where a whole Arabic word (a child's name) starts: a point in its ink box (0..1 from its left
 * and top edges) and the way the hand first moves along it, in degrees (180 = left).
 */
type WordStart = { x: number; y: number; angle: number };

/**
 * A whole Arabic word (a child's name): where it starts, at the right-hand end of its first
 * letter's body, and the way the hand moves along it, to the left. Its letters' own strokes are
 * not drawn here (a letter alone is stroked); the dot and arrow show where the name begins and
 * which way it is written.
 */
function wordStart(text: string): WordStart | undefined {
  const letters = [...text];
  if (letters.length < 2 || letters.includes("\u0640") || !letters.every((char) => /[\u0621-\u064a]/u.test(char)))
    return undefined;
  return { x: 0.97, y: 0.3, angle: 180 };
}

function drawFontStaff(canvas: Canvas, row: Box, baseline: number, top: number, bottom: number, colour: string) {
  const margin = (bottom - top) * 0.08;
  const right = row.x + row.width;
  canvas.path(`M${row.x} ${baseline + top - margin}H${right}`, { stroke: "#aab2bf", lineWidth: 0.8 });
  canvas.path(`M${row.x} ${baseline}H${right}`, { stroke: colour, lineWidth: 1.3 });
  canvas.path(`M${row.x} ${baseline + bottom + margin}H${right}`, { stroke: "#c9cfd8", lineWidth: 0.6 });
  canvas.recordGuide({
    x: row.x,
    width: row.width,
    top: baseline + top - margin * 1.5,
    bottom: baseline + bottom + margin * 1.5,
  });
}

/**
 * Writes `text` with its reading start at `x` (its left edge; the caller mirrors for RTL); a
 * stroke model returns the box its arrows and badges cover.
 */
function writeText(
  canvas: Canvas,
  text: string,
  x: number,
  baseline: number,
  unit: number,
  style: WriteStyle,
  colours: TraceColours,
  locale: Locale,
) {
  if (canStroke(text)) {
    const layout = layoutStrokeText(text, locale, x, baseline, unit);
    const pad = unit * 0.12;
    canvas.recordWritten({ text, x, width: layout.width, top: layout.top - pad, bottom: layout.bottom + pad });
    if (style === "model") return drawStrokeModel(canvas, layout, colours, locale);
    if (style === "trace") drawStrokeDotted(canvas, layout);
    else if (style === "start") drawStartDots(canvas, layout);
    else drawStrokeSolid(canvas, layout, style === "faint" ? faintFill : colours.main);
    return;
  }
  const size = unit * fontScale;
  const bounds = inkBounds(text, "trace", size, canvas.rtl);
  // A start-dots copy draws no letter, only its start dot below.
  if (style !== "start") {
    const fill = { model: tint(colours.main, 0.55), faint: faintFill, trace: traceFill, solid: colours.main }[style];
    canvas.textLine(text, { x, width: bounds.width + 1 }, baseline, { role: "trace", size, color: fill });
  }
  canvas.recordWritten({ text, x, width: bounds.width, top: baseline + bounds.top, bottom: baseline + bounds.bottom });
  const start = wordStart(text);
  if (style === "solid" || style === "faint" || !start) return;
  const inkBox: Box = {
    x: x + bounds.left,
    y: baseline + bounds.top,
    width: bounds.right - bounds.left,
    height: bounds.bottom - bounds.top,
  };
  const at: Point = [inkBox.x + inkBox.width * start.x, inkBox.y + inkBox.height * start.y];
  canvas.path(ellipsePath(at[0], at[1], Math.max(2, unit * (style === "model" ? 0.12 : 0.08))), { fill: startGreen });
  if (style !== "model") return;
  // The arrow above the word's letters, where it covers none of them, pointing the way the pen
  // first moves.
  const angle = (start.angle * Math.PI) / 180;
  const length = unit * 0.9;
  const from: Point = [at[0], inkBox.y - unit * 0.3];
  const to: Point = [from[0] + Math.cos(angle) * length, from[1] + Math.sin(angle) * length];
  canvas.path(polylinePath([from, to]), { stroke: colours.main, lineWidth: Math.max(0.8, unit * 0.05) });
  canvas.path(arrowHeadPath(from, to, unit * 0.18), { fill: colours.main });
}
