import type { Locale } from "@kinderready/i18n/locales";
import { type Canvas, printableInset } from "../canvas.server.ts";
import { arrowHeadPath, ellipsePath, polylinePath } from "../draw/paths.ts";
import { headOf, lengthOf, type Point } from "../draw/svg-path.ts";
import { formatNumber } from "../letters.ts";
import { tint } from "../templates/context.ts";
import { type PlacedStroke, type StrokeLayout, staff } from "./stroke-font.ts";

// Drawing stroke text: the model (thick strokes, a numbered arrow beside each stroke showing
// where it starts and which way it goes), dotted copies to trace (centre-line dots, a green dot
// where each stroke starts), and the handwriting staff the letters sit on.

export const startGreen = "#1f9d55";
const dottedGrey = "#5d6574";

export type TraceColours = { main: string; soft: string };

/** The model letter's thick stroke: the skill colour, light enough for arrows and dots on top. */
function modelColour(colours: TraceColours) {
  return tint(colours.main, 0.55);
}

/** Thick strokes in the soft colour with numbered direction arrows: how to write it. */
export function drawStrokeModel(canvas: Canvas, layout: StrokeLayout, colours: TraceColours, locale: Locale) {
  const { unit } = layout;
  const width = unit * 0.22;
  for (const stroke of layout.glyphs.flatMap((glyph) => glyph.strokes)) {
    if (stroke.dot) {
      const [x, y] = stroke.points[0] as Point;
      canvas.path(ellipsePath(x, y, width * 0.62), { fill: modelColour(colours) });
    } else
      canvas.path(polylinePath(stroke.points), { stroke: modelColour(colours), lineWidth: width, lineCap: "round" });
  }
  // Then the start dots and arrows over every letter, so no letter hides its neighbour's badges;
  // and each badge keeps clear of those already placed in the word.
  const badges: Point[] = [];
  for (const glyph of layout.glyphs) {
    const centre: Point = [
      glyph.x + glyph.width / 2,
      (Math.min(...glyph.strokes.flatMap((s) => s.points.map((p) => p[1]))) +
        Math.max(...glyph.strokes.flatMap((s) => s.points.map((p) => p[1])))) /
        2,
    ];
    glyph.strokes.forEach((stroke, index) => {
      const start = stroke.points[0] as Point;
      canvas.path(ellipsePath(start[0], start[1], width * 0.42), { fill: startGreen });
      drawStrokeArrow(canvas, stroke, centre, unit, index + 1, colours, locale, badges);
    });
  }
}

/** A short arrow beside the start of a stroke, pointing the way it goes, with its number. */
function drawStrokeArrow(
  canvas: Canvas,
  { points, dot }: PlacedStroke,
  centre: Point,
  unit: number,
  number: number,
  colours: TraceColours,
  locale: Locale,
  /** Badges already placed: a new one moves out until it does not cover them. */
  badges: Point[],
) {
  const offset = unit * 0.36;
  const badge = unit * 0.17;
  const start = points[0] as Point;
  let head = dot ? [start] : headOf(points, Math.min(unit * 0.85, lengthOf(points) * 0.6));
  // The side away from the letter's middle, so the arrow does not cross the letter.
  const next = head[Math.min(1, head.length - 1)] as Point;
  let dx = next[0] - start[0];
  let dy = next[1] - start[1];
  const length = Math.hypot(dx, dy) || 1;
  dx /= length;
  dy /= length;
  const left: Point = [dy, -dx];
  const toCentre: Point = [centre[0] - start[0], centre[1] - start[1]];
  const side = dot ? -1 : left[0] * toCentre[0] + left[1] * toCentre[1] > 0 ? -1 : 1;
  const normal: Point = dot ? [0, -1] : [left[0] * side, left[1] * side];
  head = head.map(([x, y]) => [x + normal[0] * offset, y + normal[1] * offset]);
  // Beside the arrow's start; if an earlier stroke's badge is there (strokes that start at the
  // same point), on the other side, then further out; never past the printable edge.
  const beside = (side: number, out: number): Point => [
    start[0] + normal[0] * side * (offset + badge * (0.6 + out)) - dx * badge * 1.1,
    start[1] + normal[1] * side * (offset + badge * (0.6 + out)) - dy * badge * 1.1,
  ];
  const candidates = [beside(1, 0), beside(-1, 0), beside(1, 1.4), beside(-1, 1.4), beside(1, 2.8)];
  const free = candidates.find((at) => badges.every((b) => Math.hypot(b[0] - at[0], b[1] - at[1]) >= badge * 2.1));
  const edge = printableInset + badge * 2;
  const chosen = free ?? (candidates[0] as Point);
  const badgeCentre: Point = [
    Math.min(Math.max(chosen[0], edge), canvas.width - edge),
    Math.min(Math.max(chosen[1], edge), canvas.height - edge),
  ];
  badges.push(badgeCentre);
  if (!dot && head.length > 1) {
    canvas.path(polylinePath(head), { stroke: colours.main, lineWidth: Math.max(0.8, unit * 0.045) });
    const tip = head.at(-1) as Point;
    const before = head.at(-2) as Point;
    canvas.path(arrowHeadPath(before, tip, unit * 0.16), { fill: colours.main });
  }
  canvas.path(ellipsePath(badgeCentre[0], badgeCentre[1], badge), { fill: colours.main });
  canvas.textLine(
    formatNumber(locale, number),
    { x: badgeCentre[0] - badge * 2, width: badge * 4 },
    badgeCentre[1] + badge * 0.55,
    { role: "heading", size: badge * 1.45, color: "#ffffff", align: "center" },
  );
}

/** Dots along the centre line to trace, a green dot where each stroke starts. */
export function drawStrokeDotted(canvas: Canvas, layout: StrokeLayout, options: { startDots?: boolean } = {}) {
  const { unit } = layout;
  const dot = Math.max(1.6, unit * 0.1);
  for (const glyph of layout.glyphs) {
    for (const stroke of glyph.strokes) {
      if (stroke.dot) {
        const [x, y] = stroke.points[0] as Point;
        canvas.path(ellipsePath(x, y, dot * 0.7), { fill: dottedGrey });
        continue;
      }
      canvas.path(polylinePath(stroke.points), {
        stroke: dottedGrey,
        lineWidth: dot,
        dash: [0.01, Math.max(3.2, unit * 0.17)],
        lineCap: "round",
      });
    }
    if (options.startDots !== false) {
      for (const stroke of glyph.strokes) {
        if (stroke.dot) continue;
        const [x, y] = stroke.points[0] as Point;
        canvas.path(ellipsePath(x, y, dot * 1.25), { fill: startGreen });
      }
    }
  }
}

/** Plain solid strokes: a letter shown, not traced (keys, labels). */
export function drawStrokeSolid(canvas: Canvas, layout: StrokeLayout, colour: string, weight = 0.16) {
  const width = layout.unit * weight;
  for (const glyph of layout.glyphs)
    for (const stroke of glyph.strokes) {
      if (stroke.dot) {
        const [x, y] = stroke.points[0] as Point;
        canvas.path(ellipsePath(x, y, width * 0.65), { fill: colour });
      } else canvas.path(polylinePath(stroke.points), { stroke: colour, lineWidth: width, lineCap: "round" });
    }
}

/** Staff lines for handwriting with an x-height of `unit`: its outer lines hold every glyph. */
export function drawStaff(
  canvas: Canvas,
  row: { x: number; width: number },
  baseline: number,
  unit: number,
  colour: string,
  options: { accents?: boolean } = {},
) {
  const y = (line: number) => baseline + (line - staff.base) * unit;
  const right = row.x + row.width;
  const line = (at: number, paint: Parameters<Canvas["path"]>[1]) => canvas.path(`M${row.x} ${at}H${right}`, paint);
  if (options.accents) line(y(staff.accentTop), { stroke: "#d3d8e0", lineWidth: 0.6, dash: [1.5, 3] });
  // Light lines, so the dots of a stroke that lies on one (the bars of E) still show.
  line(y(staff.top), { stroke: "#c3c9d3", lineWidth: 0.7 });
  line(y(staff.mid), { stroke: "#c3c9d3", lineWidth: 0.6, dash: [4, 4] });
  line(y(staff.base), { stroke: tint(colour, 0.35), lineWidth: 1.1 });
  line(y(staff.descender), { stroke: "#d5dae2", lineWidth: 0.5 });
  canvas.recordGuide({
    x: row.x,
    width: row.width,
    top: y(options.accents ? staff.accentTop : staff.top) - unit * 0.12,
    bottom: y(staff.descender) + unit * 0.12,
  });
}
