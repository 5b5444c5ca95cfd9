import type { Locale } from "@kinderready/i18n/locales";
import { type Canvas, printableInset } from "../canvas.server.ts";
import { arrowHeadPath, ellipsePath, polylinePath } from "../draw/paths.ts";
import { headOf, lengthOf, type Point } from "../draw/svg-path.ts";
import { formatNumber } from "../letters.ts";
import { memoize } from "../memoize.ts";
import { tint } from "../templates/context.ts";
import { layoutStrokeText, type PlacedGlyph, type StrokeLayout, staff } from "./stroke-font.ts";

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

/** Sizes of the model's guides, in x-heights: the start dot, the badge and the arrow's distance. */
export const guideSizes = { startDot: 0.22 * 0.42, badge: 0.17, offset: 0.36, arrowLine: 0.045 } as const;

/** Where a stroke's guides go: its start dot, its arrow (none for a dot) and its numbered badge. */
export type StrokeGuide = { start: Point; dot: boolean; arrow: Point[] | null; badge: Point };

function distanceToLine(point: Point, line: readonly Point[]): number {
  if (line.length === 1) {
    const [only] = line as [Point];
    return Math.hypot(point[0] - only[0], point[1] - only[1]);
  }
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1] as Point;
    const [bx, by] = line[i] as Point;
    const length = (bx - ax) ** 2 + (by - ay) ** 2;
    const t =
      length === 0 ? 0 : Math.max(0, Math.min(1, ((point[0] - ax) * (bx - ax) + (point[1] - ay) * (by - ay)) / length));
    best = Math.min(best, Math.hypot(point[0] - (ax + t * (bx - ax)), point[1] - (ay + t * (by - ay))));
  }
  return best;
}

/** The closest two polylines come, measured at points along each. */
function distanceBetweenLines(a: readonly Point[], b: readonly Point[]): number {
  const along = (line: readonly Point[]) =>
    line.flatMap((point, i) => {
      const next = line[i + 1];
      if (!next) return [point];
      return [0, 0.25, 0.5, 0.75].map(
        (t): Point => [point[0] + (next[0] - point[0]) * t, point[1] + (next[1] - point[1]) * t],
      );
    });
  return Math.min(
    ...along(a).map((point) => distanceToLine(point, b)),
    ...along(b).map((point) => distanceToLine(point, a)),
  );
}

/** Where a badge may sit, in badge radii behind its arrow's tail and out from the letter, best first. */
const badgeSpots: readonly (readonly [number, number])[] = [
  [1.5, 0],
  [1.1, 0.6],
  [1.5, 1.2],
  [1.1, -0.6],
  [2.2, 0],
  [0.6, 1.6],
  [2.2, 1.2],
  [2.2, -0.8],
  [0.4, 2.2],
  [3, 0.6],
  [3, -0.8],
  [1.5, 2.4],
];

/** Where a dot's badge may sit, in badge radii from the dot: above it first. */
const dotSpots: readonly (readonly [number, number])[] = [
  [0, -1.6],
  [-1.6, 0],
  [1.6, 0],
  [-1.3, -1.3],
  [1.3, -1.3],
  [0, -2.4],
];

type ArrowOption = { arrow: Point[] | null; direction: Point; normal: Point };

/**
 * The guides of every stroke of a written word. Each arrow runs beside the start of its stroke,
 * on the side away from the letter's middle unless the other side keeps clear of the rest; each
 * badge sits at the tail of its own arrow, nearer to it than to any other, clear of the other
 * strokes' arrows, start dots and badges.
 */
export function strokeGuides(layout: StrokeLayout): StrokeGuide[][] {
  // Placed once per text at an x-height of 1, then scaled: the search is the same at any size.
  const { unit, x, baseline } = layout;
  const at = ([px, py]: Point): Point => [x + px * unit, baseline + py * unit];
  return unitGuides(`${layout.locale}\u0000${layout.text}`).map((guides) =>
    guides.map((guide) => ({
      start: at(guide.start),
      dot: guide.dot,
      arrow: guide.arrow?.map(at) ?? null,
      badge: at(guide.badge),
    })),
  );
}

/**
 * How far the model of `text` reaches with its guides, in x-heights from the text's start and
 * its baseline (the top line is at -2): the room a model row keeps so no badge or arrow leaves it.
 */
export function guideExtent(text: string, locale: Locale) {
  const points = unitGuides(`${locale}\u0000${text}`)
    .flat()
    .flatMap((guide) => [
      ...[-1, 1].flatMap((side): Point[] => [
        [guide.badge[0] + side * guideSizes.badge, guide.badge[1]],
        [guide.badge[0], guide.badge[1] + side * guideSizes.badge],
      ]),
      ...(guide.arrow ?? []).flatMap(([x, y]): Point[] => [
        [x - 0.1, y - 0.1],
        [x + 0.1, y + 0.1],
      ]),
    ]);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { left: Math.min(0, ...xs), right: Math.max(0, ...xs), top: Math.min(0, ...ys), bottom: Math.max(0, ...ys) };
}

const unitGuides = memoize((key: string) => {
  const [locale, text] = key.split("\u0000") as [Locale, string];
  return searchGuides(layoutStrokeText(text, locale, 0, 0, 1));
});

/** A text's guide sizes in its layout's units: the arrow's distance, the badge's radius, the clearances. */
type GuideSpacing = { unit: number; offset: number; badge: number; margin: number; dotClear: number };

function guideSpacing(unit: number): GuideSpacing {
  const badge = unit * guideSizes.badge;
  return {
    unit,
    offset: unit * guideSizes.offset,
    badge,
    margin: unit * 0.08,
    dotClear: badge + unit * guideSizes.startDot,
  };
}

/** What one glyph's guides are placed among: its strokes' starts, every start dot of the word, the guides placed before. */
type GlyphSurroundings = { starts: Point[]; wordStarts: Point[]; decided: StrokeGuide[]; spacing: GuideSpacing };

function searchGuides(layout: StrokeLayout): StrokeGuide[][] {
  const spacing = guideSpacing(layout.unit);
  const decided: StrokeGuide[] = [];
  const wordStarts = layout.glyphs.flatMap((glyph) => glyph.strokes.map((stroke) => stroke.points[0] as Point));
  return layout.glyphs.map((glyph) => {
    const starts = glyph.strokes.map((stroke) => stroke.points[0] as Point);
    const options = arrowOptionsOf(glyph, starts, spacing);
    const guides = clearestGuides(options, { starts, wordStarts, decided, spacing });
    decided.push(...guides);
    return guides;
  });
}

/** Each stroke's arrow on the side away from the middle first, then on the other side, then shorter. */
function arrowOptionsOf(glyph: PlacedGlyph, starts: Point[], spacing: GuideSpacing): ArrowOption[][] {
  const ys = glyph.strokes.flatMap((stroke) => stroke.points.map((point) => point[1]));
  const centre: Point = [glyph.x + glyph.width / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  return glyph.strokes.map(({ points, dot }, index): ArrowOption[] => {
    const start = starts[index] as Point;
    if (dot) return [{ arrow: null, direction: [0, 1], normal: [0, -1] }];
    return strokeArrowOptions(glyph, index, { points, start, centre }, spacing);
  });
}

/** The four arrows a stroke may have: full length on its better side, on the other, then both shorter. */
function strokeArrowOptions(
  glyph: PlacedGlyph,
  index: number,
  { points, start, centre }: { points: Point[]; start: Point; centre: Point },
  { unit, offset }: GuideSpacing,
): ArrowOption[] {
  const full = headOf(points, Math.min(unit * 0.85, lengthOf(points) * 0.6));
  const short = headOf(points, Math.min(unit * 0.5, lengthOf(points) * 0.4));
  const next = full[Math.min(1, full.length - 1)] as Point;
  const length = Math.hypot(next[0] - start[0], next[1] - start[1]) || 1;
  const direction: Point = [(next[0] - start[0]) / length, (next[1] - start[1]) / length];
  const left: Point = [direction[1], -direction[0]];
  const beside = (side: number, head: Point[]): ArrowOption => {
    const normal: Point = [left[0] * side, left[1] * side];
    return {
      arrow: head.map(([x, y]): Point => [x + normal[0] * offset, y + normal[1] * offset]),
      direction,
      normal,
    };
  };
  // The side that keeps clear of the letter's other strokes; when both do, the side away
  // from the letter's middle.
  const others = glyph.strokes.filter((_, other) => other !== index).map((stroke) => stroke.points);
  const clearance = (option: ArrowOption) =>
    Math.min(unit, ...others.map((line) => distanceBetweenLines(option.arrow ?? [], line)));
  const away = left[0] * (centre[0] - start[0]) + left[1] * (centre[1] - start[1]) > 0 ? -1 : 1;
  const [a, b] = [clearance(beside(away, full)), clearance(beside(-away, full))];
  const side = b > a + unit * 0.05 ? -away : away;
  return [beside(side, full), beside(-side, full), beside(side, short), beside(-side, short)];
}

/**
 * The preferred arrows first; then on the other side or shorter, until a choice lets every
 * arrow and badge sit clear (or, when none does, the one that comes closest).
 */
function clearestGuides(options: ArrowOption[][], surroundings: GlyphSurroundings): StrokeGuide[] {
  const choices = choicesByCost(options);
  let chosen = placeGuides(0, options, surroundings);
  for (const choice of choices) {
    if (chosen.total <= 0) break;
    const next = placeGuides(choice, options, surroundings);
    if (next.total < chosen.total) chosen = next;
  }
  return chosen.guides;
}

/**
 * Every choice of arrows, the fewest changes first: a shorter arrow costs 1, an arrow on the
 * other side 2. A choice is a digit per stroke, in base 4.
 */
function choicesByCost(options: ArrowOption[][]): number[] {
  const cost = (choice: number) =>
    options.reduce((sum, _, index) => sum + ([0, 2, 1, 3][Math.floor(choice / 4 ** index) % 4] ?? 0), 0);
  return Array.from({ length: 4 ** options.length }, (_, choice) => choice).sort((a, b) => cost(a) - cost(b));
}

/** The glyph's guides for one choice of arrows, each badge at its clearest spot, and how far the worst falls short. */
function placeGuides(
  choice: number,
  options: ArrowOption[][],
  surroundings: GlyphSurroundings,
): { guides: StrokeGuide[]; total: number } {
  const sides = options.map(
    (choices, index) => choices[Math.floor(choice / 4 ** index) % 4] ?? (choices[0] as ArrowOption),
  );
  const guides: StrokeGuide[] = [];
  let total = 0;
  surroundings.starts.forEach((start, index) => {
    const option = sides[index] as ArrowOption;
    const earlier = [...surroundings.decided, ...guides];
    const best = clearestSpot(badgeCandidates(option, start, surroundings.spacing.badge), (at) =>
      badgeFault(at, index, sides, earlier, surroundings),
    );
    total = Math.max(total, best.fault);
    guides.push({ start, dot: option.arrow === null, arrow: option.arrow, badge: best.at });
  });
  return { guides, total };
}

/** Where a stroke's badge may sit: behind its arrow's tail, or around a dot. */
function badgeCandidates(option: ArrowOption, start: Point, badge: number): Point[] {
  const tail = (option.arrow ?? [start])[0] as Point;
  return option.arrow
    ? badgeSpots.map(
        ([distance, out]): Point => [
          tail[0] - option.direction[0] * badge * distance + option.normal[0] * badge * out,
          tail[1] - option.direction[1] * badge * distance + option.normal[1] * badge * out,
        ],
      )
    : dotSpots.map(([x, y]): Point => [start[0] + badge * x, start[1] + badge * y]);
}

/** The first candidate that sits clear, else the one that falls shortest. */
function clearestSpot(candidates: Point[], fault: (at: Point) => number): { at: Point; fault: number } {
  let best = { at: candidates[0] as Point, fault: Number.POSITIVE_INFINITY };
  for (const at of candidates) {
    const score = fault(at);
    if (score < best.fault) best = { at, fault: score };
    if (score <= 0) break;
  }
  return best;
}

/**
 * How far a badge at `at` falls short of sitting clear (0: clear): nearer to its own arrow than
 * to the others, off every other start dot, and clear of the guides placed before it.
 */
function badgeFault(
  at: Point,
  index: number,
  sides: ArrowOption[],
  earlier: StrokeGuide[],
  { starts, wordStarts, spacing }: GlyphSurroundings,
): number {
  const { unit, badge, margin, dotClear } = spacing;
  const option = sides[index] as ArrowOption;
  const start = starts[index] as Point;
  const own = option.arrow ?? [start];
  const mine = distanceToLine(at, own);
  let worst = 0;
  const worse = (value: number) => {
    worst = Math.max(worst, value);
  };
  sides.forEach((other, otherIndex) => {
    if (otherIndex === index) return;
    const line = other.arrow ?? [starts[otherIndex] as Point];
    worse(Math.max(badge + margin, mine + unit * 0.02) - distanceToLine(at, line));
    // Arrows never cross or touch each other.
    if (option.arrow && other.arrow) worse(unit * 0.12 - distanceBetweenLines(option.arrow, other.arrow));
  });
  for (const dot of wordStarts) if (dot !== start) worse(dotClear - Math.hypot(at[0] - dot[0], at[1] - dot[1]));
  for (const guide of earlier) {
    worse(badge + margin - distanceToLine(at, guide.arrow ?? [guide.start]));
    worse(badge * 2.1 - Math.hypot(at[0] - guide.badge[0], at[1] - guide.badge[1]));
    if (option.arrow) worse(badge + margin - distanceToLine(guide.badge, option.arrow));
  }
  return worst;
}

/**
 * Thick strokes in the soft colour with numbered direction arrows: how to write it. Returns the
 * box its strokes, arrows and badges cover.
 */
export function drawStrokeModel(
  canvas: Canvas,
  layout: StrokeLayout,
  colours: TraceColours,
  locale: Locale,
): { x: number; y: number; width: number; height: number } {
  const { unit } = layout;
  const width = unit * 0.22;
  for (const stroke of layout.glyphs.flatMap((glyph) => glyph.strokes)) {
    if (stroke.dot) {
      const [x, y] = stroke.points[0] as Point;
      canvas.path(ellipsePath(x, y, width * 0.62), { fill: modelColour(colours) });
    } else
      canvas.path(polylinePath(stroke.points), { stroke: modelColour(colours), lineWidth: width, lineCap: "round" });
  }
  // Then the start dots, arrows and badges over every letter, so no letter hides its neighbour's.
  const badge = unit * guideSizes.badge;
  const edge = printableInset + badge * 2;
  const ink = { left: layout.x, right: layout.x + layout.width, top: layout.top, bottom: layout.bottom };
  const cover = (x: number, y: number, reach: number) => {
    ink.left = Math.min(ink.left, x - reach);
    ink.right = Math.max(ink.right, x + reach);
    ink.top = Math.min(ink.top, y - reach);
    ink.bottom = Math.max(ink.bottom, y + reach);
  };
  for (const guides of strokeGuides(layout))
    guides.forEach((guide, index) => {
      for (const [x, y] of guide.arrow ?? []) cover(x, y, unit * 0.1);
      canvas.path(ellipsePath(guide.start[0], guide.start[1], unit * guideSizes.startDot), { fill: startGreen });
      if (guide.arrow && guide.arrow.length > 1) {
        canvas.path(polylinePath(guide.arrow), {
          stroke: colours.main,
          lineWidth: Math.max(0.8, unit * guideSizes.arrowLine),
        });
        canvas.path(arrowHeadPath(guide.arrow.at(-2) as Point, guide.arrow.at(-1) as Point, unit * 0.16), {
          fill: colours.main,
        });
      }
      const at: Point = [
        Math.min(Math.max(guide.badge[0], edge), canvas.width - edge),
        Math.min(Math.max(guide.badge[1], edge), canvas.height - edge),
      ];
      canvas.path(ellipsePath(at[0], at[1], badge), { fill: colours.main });
      cover(at[0], at[1], badge);
      canvas.textLine(
        formatNumber(locale, index + 1),
        { x: at[0] - badge * 2, width: badge * 4 },
        at[1] + badge * 0.55,
        { role: "heading", size: badge * 1.45, color: "#ffffff", align: "center" },
      );
    });
  return { x: ink.left, y: ink.top, width: ink.right - ink.left, height: ink.bottom - ink.top };
}

/** The dotted line's dot size for letters of x-height `unit`: never too small to see. */
const traceDotSize = (unit: number) => Math.max(1.6, unit * 0.1);

/** Dots along the centre line to trace, a green dot where each stroke starts. */
export function drawStrokeDotted(canvas: Canvas, layout: StrokeLayout) {
  const { unit } = layout;
  const dot = traceDotSize(unit);
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
  }
  drawStartDots(canvas, layout);
}

/** Only where each stroke starts: the child writes the letter from its green dots alone. */
export function drawStartDots(canvas: Canvas, layout: StrokeLayout) {
  for (const { at, radius } of dottedStartDots(layout))
    canvas.path(ellipsePath(at[0], at[1], radius), { fill: startGreen });
}

/**
 * The green start dots of dotted letters: one per place a stroke starts, small enough that the
 * dots of different strokes never touch, however small the letters.
 */
export function dottedStartDots(layout: StrokeLayout): { at: Point; radius: number }[] {
  const full = traceDotSize(layout.unit) * 1.25;
  return layout.glyphs.flatMap((glyph) => {
    const starts: Point[] = [];
    for (const stroke of glyph.strokes) {
      const at = stroke.points[0] as Point;
      if (!stroke.dot && starts.every((other) => Math.hypot(other[0] - at[0], other[1] - at[1]) > 0.5)) starts.push(at);
    }
    return starts.map((at) => {
      const nearest = Math.min(
        ...starts.filter((other) => other !== at).map((other) => Math.hypot(other[0] - at[0], other[1] - at[1])),
      );
      return { at, radius: Math.min(full, nearest / 2 - 0.6) };
    });
  });
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
