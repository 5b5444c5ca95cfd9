import type { Locale } from "@kinderready/i18n/locales";
import type { Box, Canvas } from "../canvas.server.ts";
import type { Skill } from "../catalogue.ts";
import type { KitBooklets, KitContent, KitStories, KitWords } from "../content.server.ts";
import { hexChannels } from "../draw/colour.ts";
import { ellipsePath, polylinePath, rectPath } from "../draw/paths.ts";
import type { Point } from "../draw/svg-path.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { countables, journeys } from "../pictures/picture-sets.ts";
import type { PictureTheme } from "../pictures/picture-themes.ts";
import type { Paint } from "../surface.ts";

/** What every template draws with: the canvas, the free area under the header, the texts. */
export type TemplateContext = {
  canvas: Canvas;
  box: Box;
  content: KitContent;
  words: KitWords;
  stories: KitStories;
  booklets: KitBooklets;
  locale: Locale;
  childName: string | undefined;
  colour: SkillColour;
  /** Also draw the answers, in the answer colour (the answer key's miniatures). */
  answers: boolean;
  /** Which of the worksheet's pages is drawn (a letters worksheet prints a page per letter). */
  part: number;
  /** A book of the month's theme: the page draws its pictures from it. */
  theme?: PictureTheme | undefined;
};

/** Things to count, sort and find: the book's theme's, or `pool` (by default the kit's countables). */
export function thingsFor(ctx: TemplateContext, pool: readonly PictureId[] = countables): readonly PictureId[] {
  return ctx.theme?.things ?? pool;
}

/** Who goes to what, for mazes, paths and cutting lines: the book's theme's, or the kit's. */
export function journeysFor(ctx: TemplateContext): readonly (readonly [PictureId, PictureId])[] {
  return ctx.theme?.journeys ?? journeys;
}

export type SkillColour = { main: string; soft: string };

/** One colour per skill: strong for lines, a pastel for the few filled areas (printer-friendly). */
export const skillColours: Record<Skill, SkillColour> = {
  "fine-motor": { main: "#3b82c4", soft: "#e4f0fb" },
  letters: { main: "#d9573b", soft: "#fde8e2" },
  numbers: { main: "#d68a12", soft: "#fdf0d8" },
  "shapes-colours": { main: "#7b57c9", soft: "#eee8fa" },
  "patterns-logic": { main: "#1f8f77", soft: "#ddf3ee" },
  "sizes-positions": { main: "#c74b8c", soft: "#fae4f0" },
  "emotions-calming": { main: "#c28f0c", soft: "#fbf2d5" },
  "routines-independence": { main: "#2b8fb0", soft: "#ddf0f6" },
  chores: { main: "#4f9a24", soft: "#e6f4dc" },
  "screen-free-play": { main: "#b1612c", soft: "#f7e8dd" },
  "social-listening": { main: "#4a68c7", soft: "#e4eafa" },
};

/** Fills for "colour by" keys and answer swatches, light enough to write over. */
export const swatches = {
  red: "#f08a7e",
  blue: "#7fb3ea",
  yellow: "#f6d565",
  green: "#8fd18b",
  orange: "#f7b26b",
  purple: "#b9a0e8",
  brown: "#c49a74",
  pink: "#f5a8c8",
} as const;

/** `hex` mixed with white: 0 keeps it, 1 is white. */
export function tint(hex: string, amount: number): string {
  return `#${hexChannels(hex)
    .map((channel) =>
      Math.round(channel + (255 - channel) * amount)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export const ink = "#2b2f38";
/** Grey dots to trace over: lines, paths and shapes. */
export const traceGrey = "#8d95a3";
export const traceDots = (lineWidth: number): Paint => ({
  stroke: traceGrey,
  lineWidth,
  dash: [0.01, 6.5],
  lineCap: "round",
});
export const faint = "#b9c0cc";
/** Answers in the answer key: a red pen. */
export const answerInk = "#e0245e";

/** Rows of equal height filling a box, with a gap between them. */
export function rows(box: Box, count: number, gap = 10): Box[] {
  const height = (box.height - gap * (count - 1)) / count;
  return Array.from({ length: count }, (_, i) => ({
    x: box.x,
    y: box.y + i * (height + gap),
    width: box.width,
    height,
  }));
}

/** A grid of cells in reading order (right to left in RTL). */
export function grid(canvas: Canvas, box: Box, columns: number, count: number, gap = 10): Box[] {
  const rowsCount = Math.ceil(count / columns);
  const width = (box.width - gap * (columns - 1)) / columns;
  const height = (box.height - gap * (rowsCount - 1)) / rowsCount;
  return Array.from({ length: count }, (_, i) => {
    const column = i % columns;
    const row = Math.floor(i / columns);
    const x = canvas.startX(box, column * (width + gap), width);
    return { x, y: box.y + row * (height + gap), width, height };
  });
}

/** A box cut in two across: the top `share` of its height, then the rest below a gap. */
export function splitY(box: Box, share: number, gap: number): [Box, Box] {
  const top = box.height * share;
  return [
    { ...box, height: top },
    { ...box, y: box.y + top + gap, height: box.height - top - gap },
  ];
}

/** A box shrunk by `by` on every side. */
export function inset(box: Box, by: number, byY = by): Box {
  return { x: box.x + by, y: box.y + byY, width: box.width - by * 2, height: box.height - byY * 2 };
}

/** Splits a box along its reading direction into parts of the given relative widths. */
export function columns(canvas: Canvas, box: Box, weights: number[], gap = 10): Box[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const free = box.width - gap * (weights.length - 1);
  let offset = 0;
  return weights.map((weight) => {
    const width = (free * weight) / total;
    const cell = { x: canvas.startX(box, offset, width), y: box.y, width, height: box.height };
    offset += width + gap;
    return cell;
  });
}

export function panel(ctx: TemplateContext, box: Box, fill?: string) {
  ctx.canvas.path(rectPath(box.x, box.y, box.width, box.height, 12), {
    stroke: faint,
    lineWidth: 0.8,
    ...(fill && { fill }),
  });
}

/** An empty box to write a number or a letter in. */
export function writingBox(ctx: TemplateContext, box: Box, answer?: string) {
  ctx.canvas.path(rectPath(box.x, box.y, box.width, box.height, 8), { stroke: ctx.colour.main, lineWidth: 1.6 });
  ctx.canvas.checks.writingBoxes.push(box);
  if (answer !== undefined) writeAnswer(ctx, box, answer);
}

/** In the answer key: the answer written in red in `box`. */
function writeAnswer(ctx: TemplateContext, box: Box, text: string) {
  if (!ctx.answers) return;
  const size = Math.min(box.height * 0.7, 40);
  ctx.canvas.textLine(text, box, box.y + box.height / 2 + size * 0.35, {
    role: "heading",
    size,
    minSize: 6,
    color: answerInk,
    align: "center",
  });
}

/** In the answer key: a red ring around `box`. */
export function circleAnswer(ctx: TemplateContext, box: Box) {
  if (!ctx.answers) return;
  ctx.canvas.path(ellipsePath(box.x + box.width / 2, box.y + box.height / 2, box.width * 0.56, box.height * 0.56), {
    stroke: answerInk,
    lineWidth: 3,
  });
}

/** In the answer key: a red line joining two points. */
export function lineAnswer(ctx: TemplateContext, points: Point[]) {
  if (!ctx.answers) return;
  ctx.canvas.path(polylinePath(points), { stroke: answerInk, lineWidth: 3 });
}

/** A word in the language's word list for a picture, under it. */
export function caption(ctx: TemplateContext, text: string, box: Box, size = 13) {
  ctx.canvas.textLine(text, box, box.y + size, { size, minSize: 7, color: ink, align: "center" });
}

/** A number in white on a filled circle: steps, directions, tips. */
export function numberBadge(canvas: Canvas, centre: Point, radius: number, text: string, colour: string, size: number) {
  canvas.path(ellipsePath(centre[0], centre[1], radius), { fill: colour });
  canvas.textLine(text, { x: centre[0] - radius, width: radius * 2 }, centre[1] + size * 0.36, {
    role: "heading",
    size,
    color: "#ffffff",
    align: "center",
  });
}

/** A dot to start a line from (matching pages). */
export function joinDot(ctx: TemplateContext, at: Point) {
  ctx.canvas.path(ellipsePath(at[0], at[1], 4.5), { fill: ctx.colour.main });
}
