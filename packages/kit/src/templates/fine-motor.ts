import type { Box } from "../canvas.server.ts";
import type { cuttingModes, LinePattern, ParamsOf, ShapeId } from "../catalogue.ts";
import { shapePath } from "../draw/figures.ts";
import { linePatternPath, mirrorPath } from "../draw/line-patterns.ts";
import { generateMaze, solveMaze } from "../draw/maze.ts";
import { ellipsePath, polylinePath, rectPath } from "../draw/paths.ts";
import type { Point } from "../draw/svg-path.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import {
  type Crayon,
  crayons,
  nearestCrayon,
  pictureBox,
  pictureData,
  pictureLineArt,
} from "../pictures/picture-library.ts";
import { significantPoints, silhouetteOutline, visibleRegions } from "../pictures/picture-raster.ts";
import { seededRandom } from "../random.ts";
import { startGreen } from "../tracing/trace-drawing.ts";
import {
  caption,
  columns,
  grid,
  ink,
  inset,
  journeysFor,
  lineAnswer,
  panel,
  rows,
  type TemplateContext,
  traceDots,
} from "./context.ts";

// Pencil control and scissors: paths from a picture to a picture, cutting lines, mazes,
// dot-to-dots of real pictures, colouring and colour by number.

/** A row with a picture at each end and the row's line drawn between them by `draw`. */
function journeyRow(
  ctx: TemplateContext,
  row: Box,
  from: PictureId,
  to: PictureId,
  draw: (x0: number, x1: number, mid: number) => void,
) {
  const { canvas } = ctx;
  const side = Math.min(row.height * 0.62, 78);
  const start = { x: canvas.startX(row, 0, side), y: row.y + (row.height - side) / 2, width: side, height: side };
  const end = { x: canvas.startX(row, row.width - side, side), y: start.y, width: side, height: side };
  canvas.picture(from, start, { mirror: canvas.rtl });
  canvas.picture(to, end);
  const left = Math.min(start.x, end.x) + side + 10;
  const right = Math.max(start.x, end.x) - 10;
  draw(left, right, row.y + row.height / 2);
}

export function drawTracePath(ctx: TemplateContext, params: ParamsOf<"trace-path">) {
  const { canvas } = ctx;
  const pairs = seededRandom(params.seed).shuffle(journeysFor(ctx));
  rows(ctx.box, params.rows.length, 14).forEach((row, index) => {
    panel(ctx, row);
    const pattern = params.rows[index] as LinePattern;
    const amplitude = Math.min(row.height * 0.3, 36);
    if (pattern === "diagonal") {
      // Slanted strokes are separate lines, each pulled down from a green start dot at its top,
      // as slants are taught: the first slant row leans down towards the reading direction (\ in
      // a left-to-right language), the next one back the other way (/).
      const slant = params.rows.slice(0, index).filter((earlier) => earlier === "diagonal").length % 2;
      const inner = inset(row, 24, 6);
      const mid = inner.y + inner.height / 2;
      const count = Math.max(4, Math.round(inner.width / (amplitude * 2)));
      const unit = inner.width / count;
      for (let i = 0; i < count; i++) {
        const left = canvas.startX(inner, i * unit + unit * 0.2, unit * 0.6);
        const forward = canvas.rtl === (slant === 1);
        const [top, bottom] = forward ? [left, left + unit * 0.6] : [left + unit * 0.6, left];
        canvas.path(`M${top} ${mid - amplitude}L${bottom} ${mid + amplitude}`, traceDots(3.4));
        canvas.path(ellipsePath(top, mid - amplitude, 5), { fill: startGreen });
      }
      return;
    }
    const [from, to] = pairs[index % pairs.length] as readonly [PictureId, PictureId];
    journeyRow(ctx, inset(row, 10, 6), from, to, (x0, x1, mid) => {
      let d = linePatternPath(pattern, x0, x1, mid, amplitude);
      if (canvas.rtl) d = mirrorPath(d, (x0 + x1) / 2);
      canvas.path(d, traceDots(3.4));
      canvas.path(ellipsePath(canvas.rtl ? x1 : x0, mid, 5), { fill: startGreen });
    });
  });
}

/** The line each cutting mode cuts along; curves, spirals and shapes start from bumps. */
const cuttingPatterns: Record<(typeof cuttingModes)[number], Exclude<LinePattern, "diagonal">> = {
  straight: "straight",
  zigzag: "zigzag",
  waves: "waves",
  steps: "castle",
  curves: "bumps",
  spiral: "bumps",
  shapes: "bumps",
};

export function cuttingLine(
  ctx: TemplateContext,
  mode: (typeof cuttingModes)[number],
  x0: number,
  x1: number,
  mid: number,
  amplitude: number,
) {
  let d = linePatternPath(cuttingPatterns[mode], x0, x1, mid, mode === "curves" ? amplitude * 1.3 : amplitude);
  if (ctx.canvas.rtl) d = mirrorPath(d, (x0 + x1) / 2);
  ctx.canvas.path(d, { stroke: ink, lineWidth: 2.2, dash: [9, 6], lineCap: "butt" });
}

/** Scissors at the start of a cutting line, pointing along it. */
export function scissors(ctx: TemplateContext, x: number, mid: number) {
  const side = 30;
  ctx.canvas.picture(
    "scissors",
    { x: ctx.canvas.rtl ? x : x - side, y: mid - side / 2, width: side, height: side },
    {
      mirror: !ctx.canvas.rtl,
    },
  );
}

export function drawCutting(ctx: TemplateContext, params: ParamsOf<"cutting">) {
  const { canvas, box } = ctx;
  const random = seededRandom(params.seed);
  if (params.mode === "shapes")
    return drawCutShapes(
      ctx,
      random.shuffle(journeysFor(ctx)).map(([from]) => from),
    );
  if (params.mode === "spiral") return drawCutSpiral(ctx, random.pick(["snail", "snake", "shell"] as const));
  const pairs = random.shuffle(journeysFor(ctx));
  const strips = rows(box, 5, 0);
  strips.forEach((strip, index) => {
    const [from, to] = pairs[index] as readonly [PictureId, PictureId];
    const mid = strip.y + strip.height / 2;
    const side = Math.min(strip.height * 0.5, 52);
    const startX = canvas.startX(strip, 36, 0);
    const end = { x: canvas.startX(strip, strip.width - side, side), y: mid - side / 2, width: side, height: side };
    scissors(ctx, startX, mid);
    // A helper picture at the start, above the line, and where the cut ends.
    canvas.picture(
      from,
      { x: canvas.startX(strip, 44, side * 0.8), y: strip.y + 4, width: side * 0.8, height: side * 0.8 },
      {
        mirror: canvas.rtl,
      },
    );
    canvas.picture(to, end);
    const x0 = Math.min(startX, canvas.startX(strip, strip.width - side - 12, 0));
    const x1 = Math.max(startX, canvas.startX(strip, strip.width - side - 12, 0));
    cuttingLine(ctx, params.mode, x0, x1, mid, Math.min(strip.height * 0.22, 24));
  });
}

function drawCutShapes(ctx: TemplateContext, pictures: PictureId[]) {
  const shapes: ShapeId[] = ["circle", "square", "triangle", "star", "heart", "diamond"];
  grid(ctx.canvas, ctx.box, 2, shapes.length, 18).forEach((cell, index) => {
    const shape = shapes[index] as ShapeId;
    const size = Math.min(cell.width, cell.height) * 0.96;
    const cx = cell.x + cell.width / 2;
    const cy = cell.y + cell.height / 2;
    ctx.canvas.path(shapePath(shape, cx, cy, size), {
      stroke: ink,
      lineWidth: 2.2,
      dash: [9, 6],
      fill: ctx.colour.soft,
    });
    // Pointed shapes have less room inside: their pictures are smaller.
    const share = shape === "star" || shape === "triangle" || shape === "diamond" ? 0.26 : 0.4;
    const picture = pictures[index % pictures.length] as PictureId;
    ctx.canvas.picture(picture, {
      x: cx - (size * share) / 2,
      y: cy - (size * share) / 2 + (shape === "triangle" ? size * 0.1 : 0),
      width: size * share,
      height: size * share,
    });
  });
  scissors(ctx, ctx.canvas.startX(ctx.box, 30, 0), ctx.box.y + 10);
}

function drawCutSpiral(ctx: TemplateContext, middle: PictureId) {
  const { box } = ctx;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const outer = Math.min(box.width, box.height) * 0.46;
  const turns = 3.2;
  const points: Point[] = [];
  for (let k = 0; k <= 240; k++) {
    const t = k / 240;
    const angle = t * turns * Math.PI * 2 * (ctx.canvas.rtl ? -1 : 1);
    const radius = outer * (1 - t * 0.82);
    points.push([cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius]);
  }
  ctx.canvas.path(polylinePath(points), { stroke: ink, lineWidth: 2.2, dash: [9, 6], lineCap: "butt" });
  ctx.canvas.picture(middle, { x: cx - outer * 0.16, y: cy - outer * 0.16, width: outer * 0.32, height: outer * 0.32 });
  const [sx, sy] = points[0] as Point;
  scissors(ctx, ctx.canvas.rtl ? sx : sx + 30, sy);
}

export function drawMaze(ctx: TemplateContext, params: ParamsOf<"maze">) {
  const { canvas, box } = ctx;
  const random = seededRandom(params.seed);
  const walls = generateMaze(params.size, random);
  const [from, to] = ctx.theme?.maze ?? random.pick(journeysFor(ctx));
  const pictureSide = 54;
  const side = Math.min(box.width - 40, box.height - pictureSide * 2 - 16);
  const cell = side / params.size;
  const left = box.x + (box.width - side) / 2;
  const top = box.y + pictureSide + 8;
  // Mirrored in RTL, so the way in is at the reading start.
  const x = (column: number) => (canvas.rtl ? left + side - column * cell : left + column * cell);
  let d = "";
  walls.forEach(([wallTop, wallRight, wallBottom, wallLeft], index) => {
    const r = Math.floor(index / params.size);
    const c = index % params.size;
    const y0 = top + r * cell;
    const y1 = y0 + cell;
    const entrance = index === 0;
    const exit = index === walls.length - 1;
    if (wallTop && !entrance) d += `M${x(c)} ${y0}L${x(c + 1)} ${y0}`;
    if (wallLeft && c === 0) d += `M${x(c)} ${y0}L${x(c)} ${y1}`;
    if (wallRight) d += `M${x(c + 1)} ${y0}L${x(c + 1)} ${y1}`;
    if (wallBottom && !exit) d += `M${x(c)} ${y1}L${x(c + 1)} ${y1}`;
  });
  canvas.path(d, { stroke: ctx.colour.main, lineWidth: Math.max(2, 7 - params.size * 0.35), lineCap: "round" });
  const startX = (x(0) + x(1)) / 2;
  const endX = (x(params.size - 1) + x(params.size)) / 2;
  canvas.picture(
    from,
    { x: startX - pictureSide / 2, y: box.y, width: pictureSide, height: pictureSide },
    { mirror: canvas.rtl },
  );
  canvas.path(ellipsePath(startX, top - 4, 5), { fill: startGreen });
  canvas.picture(to, { x: endX - pictureSide / 2, y: top + side + 8, width: pictureSide, height: pictureSide });
  if (ctx.answers) {
    const path = solveMaze(walls, params.size).map(
      (index): Point => [
        (x(index % params.size) + x((index % params.size) + 1)) / 2,
        top + (Math.floor(index / params.size) + 0.5) * cell,
      ],
    );
    lineAnswer(ctx, [[startX, top - 4], ...path, [endX, top + side + 4]]);
  }
}

/** Things around each dot-to-dot figure, drawn as line art to colour once the dots are joined. */
const sceneries: Partial<Record<PictureId, PictureId[]>> = {
  star: ["moon", "planet", "comet"],
  house: ["tree", "sun", "cloud"],
  fish: ["shell", "crab", "wave"],
  rocket: ["planet", "moon", "star"],
  elephant: ["palm-tree", "sun", "bird"],
  duck: ["tulip", "sun", "wave"],
  tree: ["sun", "bird", "flower"],
  pig: ["corn", "tractor", "chicken"],
  whale: ["wave", "boat", "shell"],
  ladybird: ["leaf", "flower", "mushroom"],
  giraffe: ["palm-tree", "sun", "tree"],
  helicopter: ["house", "tree", "bicycle"],
  pear: ["basket", "apple", "cheese"],
};

/** Dots along a picture's outline, numbered in drawing order; the last one leads back to 1. */
export function drawDotToDot(ctx: TemplateContext, params: ParamsOf<"dot-to-dot">) {
  const { canvas } = ctx;
  // Scenery along the bottom to colour, the dots above it.
  const scenery = sceneries[params.figure] ?? [];
  const sceneryHeight = scenery.length > 0 ? Math.min(120, ctx.box.height * 0.2) : 0;
  const box = { ...ctx.box, height: ctx.box.height - sceneryHeight };
  if (scenery.length > 0) {
    const strip = { ...ctx.box, y: ctx.box.y + ctx.box.height - sceneryHeight, height: sceneryHeight };
    canvas.path(`M${strip.x} ${strip.y + strip.height - 6}H${strip.x + strip.width}`, {
      stroke: ctx.colour.main,
      lineWidth: 2,
    });
    columns(
      canvas,
      strip,
      scenery.map(() => 1),
      20,
    ).forEach((cell, index) => {
      canvas.picture(scenery[index] as PictureId, inset(cell, 8, 4), { style: ctx.answers ? "colour" : "outline" });
    });
  }
  const outline = significantPoints(silhouetteOutline(params.figure), params.points);
  const [bx, by, bw, bh] = pictureBox(params.figure);
  const scale = Math.min((box.width - 70) / bw, (box.height - 70) / bh);
  const left = box.x + (box.width - bw * scale) / 2;
  const top = box.y + (box.height - bh * scale) / 2;
  // Mirrored in RTL, so the count runs in the reading direction.
  const place = ([px, py]: Point): Point => [
    canvas.rtl ? left + (bx + bw - px) * scale : left + (px - bx) * scale,
    top + (py - by) * scale,
  ];
  const points = outline.map(place);
  const centre: Point = [left + (bw * scale) / 2, top + (bh * scale) / 2];
  if (ctx.answers) {
    canvas.picture(
      params.figure,
      { x: left, y: top, width: bw * scale, height: bh * scale },
      { mirror: canvas.rtl, style: "outline" },
    );
    lineAnswer(ctx, [...points, points[0] as Point]);
  }
  points.forEach(([x, y], index) => {
    canvas.path(ellipsePath(x, y, index === 0 ? 6 : 3.6), { fill: index === 0 ? startGreen : ink });
    const dx = x - centre[0];
    const dy = y - centre[1];
    const length = Math.hypot(dx, dy) || 1;
    const lx = x + (dx / length) * 15;
    const ly = y + (dy / length) * 15;
    canvas.textLine(formatNumber(ctx.locale, index + 1), { x: lx - 14, width: 28 }, ly + 4.5, {
      role: "heading",
      size: 12,
      color: index === 0 ? startGreen : ink,
      align: "center",
    });
  });
  canvas.checks.dots.push({ requested: params.points, drawn: points.length });
}

export function drawColouring(ctx: TemplateContext, params: ParamsOf<"colouring">) {
  const count = params.pictures.length;
  const cells = count === 1 ? [ctx.box] : grid(ctx.canvas, ctx.box, count === 2 ? 1 : 2, count, 16);
  params.pictures.forEach((id, index) => {
    const cell = cells[index] as Box;
    const word = ctx.words.pictures[id] ?? "";
    const label = 22;
    ctx.canvas.picture(id, inset({ ...cell, height: cell.height - label }, 8), {
      style: ctx.answers ? "colour" : "outline",
    });
    caption(ctx, word, { ...cell, y: cell.y + cell.height - label, height: label }, 15);
  });
}

/** A number needs this much room (points from its centre to the part's edge) to be printed. */
const numberRoom = 3.5;

/**
 * A colour-by-number page's plan for picture `id` drawn at `scale`: every piece a child colours
 * that can hold a number, with its crayon, and the key (each crayon once, in the order met).
 * Parts printed in ink (eyes) and parts left out of the line art get no number.
 */
export function colourByNumberPlan(id: PictureId, scale: number) {
  const data = pictureData(id);
  const parts = pictureLineArt(id);
  const regions = visibleRegions(id).flatMap((region) => {
    if (parts[region.shape] !== "white" || region.room * scale < numberRoom) return [];
    const crayon = nearestCrayon(data.shapes[region.shape]?.fill ?? "#ffffff");
    return crayon ? [{ ...region, crayon }] : [];
  });
  const key: Crayon[] = [];
  for (const region of regions) if (!key.includes(region.crayon)) key.push(region.crayon);
  return { regions, key };
}

export function drawColourByNumber(ctx: TemplateContext, params: ParamsOf<"colour-by-number">) {
  const { canvas, box } = ctx;
  const [bx, by, bw, bh] = pictureData(params.picture).box;
  const keyHeightFor = (count: number) => {
    const rowsOfKey = Math.ceil(count / (count <= 4 ? Math.max(count, 1) : 3));
    return rowsOfKey * 40 + (rowsOfKey - 1) * 8;
  };
  const placeIn = (keyHeight: number) => {
    const area = inset({ ...box, y: box.y + keyHeight + 14, height: box.height - keyHeight - 14 }, 6);
    const scale = Math.min(area.width / bw, area.height / bh);
    return { area, scale, left: area.x + (area.width - bw * scale) / 2, top: area.y + (area.height - bh * scale) / 2 };
  };
  // The key's height depends on its colours, which depend on the room the picture has: settle it.
  let keyHeight = keyHeightFor(1);
  let place = placeIn(keyHeight);
  let plan = colourByNumberPlan(params.picture, place.scale);
  for (let round = 0; round < 3 && keyHeightFor(plan.key.length) !== keyHeight; round++) {
    keyHeight = keyHeightFor(plan.key.length);
    place = placeIn(keyHeight);
    plan = colourByNumberPlan(params.picture, place.scale);
  }
  const { area, scale, left, top } = place;
  const used = plan.key;
  const perRow = used.length <= 4 ? Math.max(used.length, 1) : 3;
  grid(canvas, { ...box, height: keyHeight }, perRow, used.length, 8).forEach((cell, index) => {
    const crayon = used[index] as Crayon;
    panel(ctx, cell);
    const swatch = { x: canvas.startX(cell, 8, 30), y: cell.y + 6, width: 30, height: cell.height - 12 };
    canvas.path(rectPath(swatch.x, swatch.y, swatch.width, swatch.height, 6), {
      fill: crayons[crayon],
      stroke: ink,
      lineWidth: 0.8,
    });
    canvas.textLine(
      `${formatNumber(ctx.locale, index + 1)}  ${ctx.content.values.colours[crayon]}`,
      { x: canvas.startX(cell, 44, cell.width - 50), width: cell.width - 50 },
      cell.y + cell.height / 2 + 5,
      { role: "heading", size: 13, minSize: 7 },
    );
  });
  canvas.picture(params.picture, area, { style: ctx.answers ? "crayon" : "outline" });
  if (ctx.answers) return;
  for (const region of plan.regions) {
    const size = Math.max(6, Math.min(16, region.room * scale * 1.1));
    const x = left + (region.at[0] - bx) * scale;
    const y = top + (region.at[1] - by) * scale;
    canvas.textLine(
      formatNumber(ctx.locale, used.indexOf(region.crayon) + 1),
      { x: x - size, width: size * 2 },
      y + size * 0.36,
      {
        role: "heading",
        size,
        color: ink,
        align: "center",
      },
    );
  }
}
