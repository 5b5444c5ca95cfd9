import type { Box } from "../canvas.server.ts";
import { colourIds, type PrintableParams, type ShapeId, shapeIds } from "../catalogue.ts";
import { shapePath } from "../draw/figures.ts";
import { ellipsePath, linePath, rectPath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import { seededRandom } from "../random.ts";
import { faint, grid, ink, rows, swatches, type TemplateContext } from "./context.ts";

// Counting, shapes, patterns, matching, sizes and positions: objects drawn from the shape set,
// laid out from a seeded generator so every copy of a worksheet is the same.

const outline = (ctx: TemplateContext) => ({ stroke: ctx.colour.main, lineWidth: 1.6 });

/** `count` shapes in rows of five (like a ten frame), inside `box`. */
function drawObjects(ctx: TemplateContext, box: Box, count: number, shape: ShapeId, fill = "#ffffff") {
  const perRow = Math.min(5, Math.max(count, 3));
  const lines = Math.ceil(count / perRow);
  const size = Math.min(box.width / perRow, box.height / lines) * 0.78;
  for (let i = 0; i < count; i++) {
    const column = i % perRow;
    const row = Math.floor(i / perRow);
    const cellWidth = box.width / perRow;
    const cx = ctx.canvas.startX(box, column * cellWidth, cellWidth) + cellWidth / 2;
    const cy = box.y + (row + 0.5) * (box.height / lines);
    ctx.canvas.path(shapePath(shape, cx, cy, size), { ...outline(ctx), fill });
  }
}

function answerBox(ctx: TemplateContext, box: Box) {
  ctx.canvas.path(rectPath(box.x, box.y, box.width, box.height, 10), { stroke: ctx.colour.main, lineWidth: 1.6 });
}

/** Splits a row into a part for objects and a part for the answer at its end. */
function splitRow(ctx: TemplateContext, row: Box, answerWidth: number): { objects: Box; answer: Box } {
  const answerX = ctx.canvas.startX(row, row.width - answerWidth, answerWidth);
  const objectsX = ctx.canvas.startX(row, 0, row.width - answerWidth - 16);
  return {
    objects: { x: objectsX, y: row.y, width: row.width - answerWidth - 16, height: row.height },
    answer: { x: answerX, y: row.y + row.height / 2 - 28, width: answerWidth, height: 56 },
  };
}

export function drawCountObjects(
  ctx: TemplateContext,
  params: Extract<PrintableParams, { template: "count-objects" }>,
) {
  const numbers = seededRandom(params.from * 31 + params.to).shuffle(
    Array.from({ length: params.to - params.from + 1 }, (_, i) => params.from + i),
  );
  rows(ctx.box, Math.max(numbers.length, 4), 12).forEach((row, index) => {
    const count = numbers[index];
    if (count === undefined) return;
    ctx.canvas.path(rectPath(row.x, row.y, row.width, row.height, 12), { stroke: faint, lineWidth: 0.8 });
    const parts = splitRow(ctx, { x: row.x + 10, y: row.y + 6, width: row.width - 20, height: row.height - 12 }, 70);
    drawObjects(ctx, parts.objects, count, params.object);
    answerBox(ctx, parts.answer);
  });
}

/** Three answers to circle: the right one and two neighbours, in a seeded order. */
function choices(random: ReturnType<typeof seededRandom>, answer: number, max: number): number[] {
  const others = new Set<number>();
  while (others.size < 2) {
    const candidate = Math.max(1, Math.min(max + 2, answer + random.pick([-2, -1, 1, 2])));
    if (candidate !== answer) others.add(candidate);
  }
  return random.shuffle([answer, ...others]);
}

export function drawCountAndCircle(
  ctx: TemplateContext,
  params: Extract<PrintableParams, { template: "count-and-circle" }>,
) {
  const random = seededRandom(params.seed);
  rows(ctx.box, 5, 12).forEach((row) => {
    const count = random.int(Math.max(1, Math.floor(params.max / 3)), params.max);
    const shape = random.pick(shapeIds);
    const parts = splitRow(ctx, row, 170);
    drawObjects(ctx, parts.objects, count, shape);
    choices(random, count, params.max).forEach((value, i) => {
      const x = ctx.canvas.startX(parts.answer, i * 58, 52);
      const cy = parts.answer.y + parts.answer.height / 2;
      ctx.canvas.path(ellipsePath(x + 26, cy, 24), { stroke: faint, lineWidth: 1 });
      ctx.canvas.textLine(formatNumber(ctx.locale, value), { x, width: 52 }, cy + 9, {
        role: "heading",
        size: 26,
        color: ink,
        align: "center",
      });
    });
  });
}

export function drawAddObjects(ctx: TemplateContext, params: Extract<PrintableParams, { template: "add-objects" }>) {
  const random = seededRandom(params.seed);
  rows(ctx.box, 5, 12).forEach((row) => {
    const a = random.int(1, Math.max(1, params.max - 1));
    const b = random.int(1, Math.max(1, params.max - a));
    const shape = random.pick(shapeIds);
    const unit = (row.width - 70 - 3 * 34) / 2;
    const sign = (offset: number, text: string) =>
      ctx.canvas.textLine(text, { x: ctx.canvas.startX(row, offset, 34), width: 34 }, row.y + row.height / 2 + 10, {
        role: "heading",
        size: 28,
        color: ink,
        align: "center",
      });
    drawObjects(
      ctx,
      { x: ctx.canvas.startX(row, 0, unit), y: row.y + 8, width: unit, height: row.height - 16 },
      a,
      shape,
    );
    sign(unit, "+");
    drawObjects(
      ctx,
      { x: ctx.canvas.startX(row, unit + 34, unit), y: row.y + 8, width: unit, height: row.height - 16 },
      b,
      shape,
    );
    sign(unit * 2 + 34, "=");
    answerBox(ctx, {
      x: ctx.canvas.startX(row, unit * 2 + 80, 64),
      y: row.y + row.height / 2 - 28,
      width: 64,
      height: 56,
    });
  });
}

export function drawTraceShapes(ctx: TemplateContext, shapes: readonly ShapeId[]) {
  rows(ctx.box, shapes.length, 14).forEach((row, index) => {
    const shape = shapes[index] as ShapeId;
    const size = Math.min(row.height * 0.8, 110);
    const step = size * 1.25;
    const cy = row.y + row.height / 2;
    for (let i = 0; i * step + size <= row.width; i++) {
      const cx = ctx.canvas.startX(row, i * step, size) + size / 2;
      ctx.canvas.path(
        shapePath(shape, cx, cy, size),
        i === 0
          ? { stroke: ctx.colour.main, lineWidth: 3, fill: ctx.colour.soft }
          : { stroke: "#8d95a3", lineWidth: 2, dash: [5, 4] },
      );
    }
  });
}

export function drawColourShapes(
  ctx: TemplateContext,
  params: Extract<PrintableParams, { template: "colour-shapes" }>,
) {
  const random = seededRandom(params.seed);
  const colours = random.shuffle(colourIds).slice(0, params.shapes.length);
  const keyHeight = 56;
  const keys = grid(ctx.canvas, { ...ctx.box, height: keyHeight }, params.shapes.length, params.shapes.length, 10);
  keys.forEach((key, i) => {
    const shape = params.shapes[i] as ShapeId;
    const colour = colours[i] as (typeof colourIds)[number];
    ctx.canvas.path(rectPath(key.x, key.y, key.width, key.height, 10), { stroke: faint, lineWidth: 0.8 });
    const iconX = ctx.canvas.startX(key, 8, 40);
    ctx.canvas.path(shapePath(shape, iconX + 20, key.y + key.height / 2, 34), {
      fill: swatches[colour],
      stroke: ink,
      lineWidth: 1,
    });
    ctx.canvas.textLine(
      ctx.content.values.colours[colour],
      { x: ctx.canvas.startX(key, 54, key.width - 62), width: key.width - 62 },
      key.y + key.height / 2 + 5,
      {
        size: 13,
        minSize: 8,
      },
    );
  });
  const area: Box = { ...ctx.box, y: ctx.box.y + keyHeight + 20, height: ctx.box.height - keyHeight - 20 };
  const cells = grid(ctx.canvas, area, 4, 16, 8);
  for (const cell of cells) {
    const shape = random.pick(params.shapes);
    const size = (Math.min(cell.width, cell.height) * random.int(55, 85)) / 100;
    ctx.canvas.path(shapePath(shape, cell.x + cell.width / 2, cell.y + cell.height / 2, size), {
      stroke: ink,
      lineWidth: 1.8,
    });
  }
}

function patternSequence(kind: string, length: number): number[] {
  const unit = [...kind].map((letter) => letter.charCodeAt(0) - 65);
  return Array.from({ length }, (_, i) => unit[i % unit.length] as number);
}

export function drawPatterns(ctx: TemplateContext, params: Extract<PrintableParams, { template: "patterns" }>) {
  const random = seededRandom(params.seed);
  const lines = rows(ctx.box, Math.max(params.kinds.length, 4), 14);
  params.kinds.forEach((kind, index) => {
    const row = lines[index] as Box;
    const shapes = random.shuffle(shapeIds).slice(0, 4);
    const fills = random.shuffle(Object.values(swatches));
    const slots = 8;
    const size = Math.min(row.width / slots, row.height) * 0.78;
    const sequence = patternSequence(kind, slots);
    const blanks = kind.length >= 4 ? 2 : 1;
    ctx.canvas.path(rectPath(row.x, row.y, row.width, row.height, 12), { stroke: faint, lineWidth: 0.8 });
    sequence.forEach((value, i) => {
      const cellWidth = row.width / slots;
      const cx = ctx.canvas.startX(row, i * cellWidth, cellWidth) + cellWidth / 2;
      const cy = row.y + row.height / 2;
      if (i >= slots - blanks) {
        ctx.canvas.path(rectPath(cx - size / 2, cy - size / 2, size, size, 8), {
          stroke: "#8d95a3",
          lineWidth: 1.4,
          dash: [4, 4],
        });
      } else {
        ctx.canvas.path(shapePath(shapes[value] as ShapeId, cx, cy, size), {
          fill: fills[value],
          stroke: ink,
          lineWidth: 1.2,
        });
      }
    });
  });
}

export function drawOddOneOut(ctx: TemplateContext, params: Extract<PrintableParams, { template: "odd-one-out" }>) {
  const random = seededRandom(params.seed);
  rows(ctx.box, params.rows, 12).forEach((row) => {
    const [same, odd] = random.shuffle(shapeIds) as [ShapeId, ShapeId];
    const count = 4;
    const oddIndex = random.int(0, count - 1);
    const fill = random.pick(Object.values(swatches));
    const cellWidth = row.width / count;
    const size = Math.min(cellWidth, row.height) * 0.7;
    ctx.canvas.path(rectPath(row.x, row.y, row.width, row.height, 12), { stroke: faint, lineWidth: 0.8 });
    for (let i = 0; i < count; i++) {
      const cx = ctx.canvas.startX(row, i * cellWidth, cellWidth) + cellWidth / 2;
      ctx.canvas.path(shapePath(i === oddIndex ? odd : same, cx, row.y + row.height / 2, size), {
        fill,
        stroke: ink,
        lineWidth: 1.2,
      });
    }
  });
}

/** Sizes (circle the biggest, the smallest, number by size) with the row's instruction on top. */
export function drawSizes(ctx: TemplateContext, params: Extract<PrintableParams, { template: "sizes" }>) {
  const random = seededRandom(params.seed);
  const instruction = ctx.content.values[params.mode];
  rows(ctx.box, 4, 14).forEach((row) => {
    ctx.canvas.textLine(instruction, row, row.y + 14, { size: 12, minSize: 8, color: ctx.colour.main });
    const shape = random.pick(shapeIds);
    const scales = random.shuffle([0.45, 0.65, 0.85, 1]);
    const area = { ...row, y: row.y + 22, height: row.height - 22 };
    const cellWidth = area.width / scales.length;
    scales.forEach((scale, i) => {
      const size = Math.min(cellWidth, area.height) * 0.9 * scale;
      const cx = ctx.canvas.startX(area, i * cellWidth, cellWidth) + cellWidth / 2;
      ctx.canvas.path(shapePath(shape, cx, area.y + area.height / 2, size), {
        stroke: ink,
        lineWidth: 1.6,
        fill: ctx.colour.soft,
      });
      if (params.mode === "order") {
        const box = { x: cx - 13, y: area.y + area.height - 8, width: 26, height: 22 };
        ctx.canvas.path(rectPath(box.x, box.y - 14, box.width, box.height, 5), { stroke: faint, lineWidth: 1 });
      }
    });
  });
}

export function drawPositions(ctx: TemplateContext, params: Extract<PrintableParams, { template: "positions" }>) {
  const random = seededRandom(params.seed);
  const [first, second] = {
    "above-below": ["above", "below"],
    "left-right": ["left", "right"],
    "inside-outside": ["inside", "outside"],
  }[params.mode] as ["above" | "left" | "inside", "below" | "right" | "outside"];
  rows(ctx.box, 4, 14).forEach((row, index) => {
    const ask = index % 2 === 0 ? first : second;
    ctx.canvas.textLine(ctx.content.values[ask], row, row.y + 14, { size: 12, minSize: 8, color: ctx.colour.main });
    const area = { x: row.x + row.width * 0.2, y: row.y + 24, width: row.width * 0.6, height: row.height - 28 };
    const [a, b] = random.shuffle(shapeIds) as [ShapeId, ShapeId];
    const size = Math.min(area.height * 0.38, 60);
    const paint = { stroke: ink, lineWidth: 1.6 };
    const cx = area.x + area.width / 2;
    const cy = area.y + area.height / 2;
    if (params.mode === "above-below") {
      ctx.canvas.path(linePath(area.x, cy, area.x + area.width, cy), { stroke: ctx.colour.main, lineWidth: 2.5 });
      ctx.canvas.path(shapePath(a, cx - area.width * 0.2, cy - size * 0.65, size), paint);
      ctx.canvas.path(shapePath(b, cx + area.width * 0.2, cy + size * 0.65, size), paint);
    } else if (params.mode === "left-right") {
      ctx.canvas.path(linePath(cx, area.y, cx, area.y + area.height), { stroke: ctx.colour.main, lineWidth: 2.5 });
      ctx.canvas.path(shapePath(a, cx - area.width * 0.25, cy, size * 1.3), paint);
      ctx.canvas.path(shapePath(b, cx + area.width * 0.25, cy, size * 1.3), paint);
    } else {
      const box = { x: area.x, y: area.y, width: area.width * 0.55, height: area.height };
      ctx.canvas.path(rectPath(box.x, box.y, box.width, box.height, 10), { stroke: ctx.colour.main, lineWidth: 2.5 });
      ctx.canvas.path(shapePath(a, box.x + box.width / 2, cy, size * 1.3), paint);
      ctx.canvas.path(shapePath(b, area.x + area.width * 0.8, cy, size * 1.3), paint);
    }
  });
}

/** Two columns to join with lines: shapes to shapes, or a group of dots to its number. */
export function drawMatching(ctx: TemplateContext, params: Extract<PrintableParams, { template: "matching" }>) {
  const random = seededRandom(params.seed);
  const pool: readonly (ShapeId | number)[] = params.mode === "shapes" ? shapeIds : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const values = random.shuffle(pool).slice(0, params.pairs);
  const right = random.shuffle(values);
  const columnWidth = ctx.box.width * 0.3;
  const lines = rows(ctx.box, params.pairs, 12);
  lines.forEach((row, index) => {
    const start = { ...row, x: ctx.canvas.startX(row, 0, columnWidth), width: columnWidth };
    const end = { ...row, x: ctx.canvas.startX(row, row.width - columnWidth, columnWidth), width: columnWidth };
    for (const [box, value, side] of [
      [start, values[index], "start"],
      [end, right[index], "end"],
    ] as const) {
      ctx.canvas.path(rectPath(box.x, box.y, box.width, box.height, 12), {
        stroke: faint,
        lineWidth: 1,
        fill: ctx.colour.soft,
      });
      const cy = box.y + box.height / 2;
      const size = Math.min(box.width, box.height) * 0.62;
      if (typeof value === "string") {
        ctx.canvas.path(shapePath(value as ShapeId, box.x + box.width / 2, cy, size), {
          stroke: ink,
          lineWidth: 1.6,
          fill: "#ffffff",
        });
      } else if (side === "start") {
        drawObjects(
          ctx,
          { x: box.x + 6, y: box.y + 6, width: box.width - 12, height: box.height - 12 },
          value ?? 1,
          "circle",
          swatches.yellow,
        );
      } else {
        ctx.canvas.textLine(formatNumber(ctx.locale, value ?? 1), box, cy + 13, {
          role: "heading",
          size: 36,
          color: ink,
          align: "center",
        });
      }
      const dotX = (side === "start") === !ctx.canvas.rtl ? box.x + box.width + 8 : box.x - 8;
      ctx.canvas.path(ellipsePath(dotX, cy, 4), { fill: ctx.colour.main });
    }
  });
}
