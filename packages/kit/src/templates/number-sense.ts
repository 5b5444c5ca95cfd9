import type { Box } from "../canvas.server.ts";
import type { ParamsOf } from "../catalogue.ts";
import { ellipsePath, linePath, polylinePath, rectPath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { crayons } from "../pictures/picture-library.ts";
import { type Random, seededRandom } from "../random.ts";
import {
  answerInk,
  circleAnswer,
  columns,
  grid,
  ink,
  inset,
  panel,
  rows,
  type TemplateContext,
  thingsFor,
  writingBox,
} from "./context.ts";
import { numberBubble, numberChoices, scatter } from "./numbers.ts";

// Number sense beyond counting one by one: seeing small amounts at a glance, numbers as two
// parts, one more and one less, a picture graph, and measuring with blocks.

/** Dot places on a dice face (unit square), for 1 to 6. */
const diceFaces: [number, number][][] = [
  [[0.5, 0.5]],
  [
    [0.25, 0.25],
    [0.75, 0.75],
  ],
  [
    [0.25, 0.25],
    [0.5, 0.5],
    [0.75, 0.75],
  ],
  [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ],
  [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.5, 0.5],
    [0.25, 0.75],
    [0.75, 0.75],
  ],
  [
    [0.25, 0.2],
    [0.75, 0.2],
    [0.25, 0.5],
    [0.75, 0.5],
    [0.25, 0.8],
    [0.75, 0.8],
  ],
];

/** A dice face of `count` dots (1 to 6) in a rounded square. */
function diceFace(ctx: TemplateContext, box: Box, count: number, colour: string) {
  const side = Math.min(box.width, box.height);
  const x = box.x + (box.width - side) / 2;
  const y = box.y + (box.height - side) / 2;
  ctx.canvas.path(rectPath(x, y, side, side, side * 0.16), { stroke: ink, lineWidth: 1.4, fill: "#ffffff" });
  for (const [dx, dy] of diceFaces[count - 1] ?? [])
    ctx.canvas.path(ellipsePath(x + dx * side, y + dy * side, side * 0.1), { fill: colour });
}

/**
 * How many at a glance: dice patterns up to 6, and above 5 a full five and the rest on a second
 * face, so the child sees "five and two" instead of counting seven dots.
 */
export function drawQuickLook(ctx: TemplateContext, params: ParamsOf<"quick-look">) {
  const random = seededRandom(params.seed);
  const range = Array.from({ length: params.max }, (_, i) => i + 1);
  // Six cards: every amount once before any comes back.
  const amounts = [...random.shuffle(range), ...random.shuffle(range)].slice(0, 6);
  grid(ctx.canvas, ctx.box, 2, 6, 14).forEach((cell, index) => {
    const count = amounts[index] as number;
    panel(ctx, cell);
    const [faces, answers] = rows(inset(cell, 12, 10), 2, 10) as [Box, Box];
    const parts = count > 6 || (params.max > 6 && count === 6) ? [5, count - 5] : [count];
    columns(
      ctx.canvas,
      faces,
      parts.map(() => 1),
      12,
    ).forEach((face, part) => {
      diceFace(ctx, face, parts[part] as number, part === 0 ? ctx.colour.main : ink);
    });
    const options = numberChoices(random, count, params.max);
    columns(ctx.canvas, answers, [1, 1, 1], 6).forEach((bubble, i) => {
      numberBubble(ctx, bubble, options[i] as number);
      if (options[i] === count) circleAnswer(ctx, bubble);
    });
  });
}

/** Every way to split each total into two parts of at least one, shuffled. */
function bonds(random: Random, total: number): [number, number][] {
  return random.shuffle(Array.from({ length: total - 1 }, (_, i): [number, number] => [i + 1, total - i - 1]));
}

/**
 * Number bonds: a whole on top and its two parts under it, one of the three to write. Bonds to 5
 * show the whole as dots split in two colours, so the parts can be seen as well as worked out.
 */
export function drawNumberBonds(ctx: TemplateContext, params: ParamsOf<"number-bonds">) {
  const random = seededRandom(params.seed);
  const splits = bonds(random, params.total);
  grid(ctx.canvas, ctx.box, 2, 6, 14).forEach((cell, index) => {
    const [a, b] = splits[index % splits.length] as [number, number];
    // The whole is missing on two cards a page, a part on the others.
    const missing = index % 3 === 2 ? 0 : index % 2 === 0 ? 1 : 2;
    panel(ctx, cell);
    const inner = inset(cell, 12, 10);
    const dots = params.total <= 5 ? 22 : 0;
    const r = Math.min(inner.width / 7, (inner.height - dots) / 5.2);
    const whole: [number, number] = [inner.x + inner.width / 2, inner.y + r + 2];
    const left: [number, number] = [inner.x + inner.width / 2 - r * 2, inner.y + r * 3.6];
    const right: [number, number] = [inner.x + inner.width / 2 + r * 2, inner.y + r * 3.6];
    const [first, second] = ctx.canvas.rtl ? [right, left] : [left, right];
    ctx.canvas.path(linePath(whole[0], whole[1] + r, first[0], first[1] - r), { stroke: ink, lineWidth: 1.6 });
    ctx.canvas.path(linePath(whole[0], whole[1] + r, second[0], second[1] - r), { stroke: ink, lineWidth: 1.6 });
    [
      [whole, params.total],
      [first, a],
      [second, b],
    ].forEach(([centre, value], place) => {
      const [cx, cy] = centre as [number, number];
      const box = { x: cx - r, y: cy - r, width: r * 2, height: r * 2 };
      if (place === missing) {
        writingBox(ctx, inset(box, r * 0.18), formatNumber(ctx.locale, value as number));
        return;
      }
      ctx.canvas.path(ellipsePath(cx, cy, r), { stroke: ctx.colour.main, lineWidth: 1.8, fill: "#ffffff" });
      numberBubble(ctx, inset(box, r * 0.1), value as number, { ring: false });
    });
    if (!dots) return;
    // The whole as dots: the first part in the page's colour, the second part hollow.
    const step = Math.min(20, inner.width / (params.total + 1));
    const y = inner.y + inner.height - dots / 2;
    for (let i = 0; i < params.total; i++) {
      const x = ctx.canvas.startX(inner, (inner.width - step * params.total) / 2 + step * (i + 0.5), 0);
      ctx.canvas.path(
        ellipsePath(x, y, step * 0.32),
        i < a ? { fill: ctx.colour.main } : { stroke: ctx.colour.main, lineWidth: 1.4, fill: "#ffffff" },
      );
    }
  });
}

/** One less and one more: a number in the middle, the numbers either side of it to write. */
export function drawOneMoreOneLess(ctx: TemplateContext, params: ParamsOf<"one-more-one-less">) {
  const random = seededRandom(params.seed);
  const numbers = random.shuffle(Array.from({ length: params.max }, (_, i) => i + 1)).slice(0, 5);
  const pictures = random.shuffle(thingsFor(ctx));
  const labels = ctx.content.values;
  const [heads, ...lines] = rows(ctx.box, 6, 10) as Box[];
  const weights = [1, 1.3, 1];
  columns(ctx.canvas, heads as Box, weights, 12).forEach((head, column) => {
    const text = column === 0 ? labels.oneLess : column === 2 ? labels.oneMore : "";
    ctx.canvas.textLine(text, head, head.y + head.height - 10, {
      role: "heading",
      size: 16,
      minSize: 9,
      color: ctx.colour.main,
      align: "center",
    });
  });
  lines.forEach((line, index) => {
    const value = numbers[index] as number;
    const [less, middle, more] = columns(ctx.canvas, line, weights, 12) as [Box, Box, Box];
    panel(ctx, middle, ctx.colour.soft);
    // Small numbers come with their amount, so "one more" can be seen as one more thing.
    const showThings = params.max <= 10;
    const [numberBox, thingsBox] = showThings
      ? (columns(ctx.canvas, inset(middle, 6), [0.8, 1.2], 4) as [Box, Box])
      : [inset(middle, 6), undefined];
    numberBubble(ctx, numberBox, value, { ring: false });
    if (thingsBox) scatter(ctx, thingsBox, pictures[index] as PictureId, value, random);
    for (const [box, answer] of [
      [less, value - 1],
      [more, value + 1],
    ] as const) {
      const side = Math.min(box.height - 8, 62);
      writingBox(
        ctx,
        { x: box.x + (box.width - side) / 2, y: box.y + (box.height - side) / 2, width: side, height: side },
        formatNumber(ctx.locale, answer),
      );
    }
  });
}

/** A picture graph: count each kind of thing in the picture and colour a square for each one. */
export function drawPictureGraph(ctx: TemplateContext, params: ParamsOf<"picture-graph">) {
  const random = seededRandom(params.seed);
  const kinds = random.shuffle(thingsFor(ctx)).slice(0, 3) as PictureId[];
  // Three different amounts, so one kind is clearly the most and one the fewest.
  const counts = random.shuffle([2, 3, 4, 5, 6]).slice(0, 3);
  const height = 6;
  const [scene, below] = rows(ctx.box, 2, 14) as [Box, Box];
  panel(ctx, scene, ctx.colour.soft);
  const things = random.shuffle(
    kinds.flatMap((id, index) => Array.from({ length: counts[index] as number }, () => id)),
  );
  const inner = inset(scene, 14);
  const across = Math.ceil(Math.sqrt((things.length * inner.width) / inner.height));
  grid(ctx.canvas, inner, across, things.length, 6).forEach((cell, index) => {
    const side = Math.min(cell.width, cell.height) * 0.8;
    ctx.canvas.picture(things[index] as PictureId, {
      x: cell.x + (cell.width - side) / 2 + (random.next() - 0.5) * (cell.width - side),
      y: cell.y + (cell.height - side) / 2 + (random.next() - 0.5) * (cell.height - side),
      width: side,
      height: side,
    });
  });
  const [chart, question] = columns(ctx.canvas, below, [0.62, 0.38], 14) as [Box, Box];
  panel(ctx, chart);
  const graph = inset(chart, 16, 12);
  const columnWidth = graph.width / kinds.length;
  const square = Math.min(columnWidth * 0.6, (graph.height - columnWidth * 0.7) / height);
  const bottom = graph.y + square * height;
  kinds.forEach((id, column) => {
    const x = ctx.canvas.startX(graph, column * columnWidth + (columnWidth - square) / 2, square);
    for (let i = 0; i < height; i++) {
      const y = bottom - (i + 1) * square;
      const filled = ctx.answers && i < (counts[column] as number);
      ctx.canvas.path(rectPath(x, y, square, square, 2), {
        stroke: ctx.colour.main,
        lineWidth: 1.2,
        ...(filled && { fill: answerInk }),
      });
    }
    const icon = Math.min(square * 1.3, graph.y + graph.height - bottom - 4);
    ctx.canvas.picture(id, { x: x + (square - icon) / 2, y: bottom + 4, width: icon, height: icon });
  });
  // Which kind is there most of? Circle it.
  panel(ctx, question);
  const ask = inset(question, 10);
  ctx.canvas.textBox(ctx.content.values.circleMost, { ...ask, height: 40 }, { size: 13, minSize: 8, color: ink });
  const most = counts.indexOf(Math.max(...counts));
  columns(
    ctx.canvas,
    { ...ask, y: ask.y + 56, height: Math.min(ask.height - 56, 84) },
    kinds.map(() => 1),
    8,
  ).forEach((cell, index) => {
    const side = Math.min(cell.width, cell.height);
    const box = { x: cell.x + (cell.width - side) / 2, y: cell.y, width: side, height: side };
    ctx.canvas.picture(kinds[index] as PictureId, box);
    if (index === most) circleAnswer(ctx, box);
  });
}

/** A crayon drawn lying down, `length` long, in a colour: the thing measured. */
function crayon(ctx: TemplateContext, x: number, y: number, length: number, thickness: number, colour: string) {
  const tip = thickness * 1.1;
  const rtl = ctx.canvas.rtl;
  // The tip points along the reading direction.
  const body = rtl ? { x: x + tip, width: length - tip } : { x, width: length - tip };
  ctx.canvas.path(rectPath(body.x, y, body.width, thickness, thickness * 0.2), {
    fill: colour,
    stroke: ink,
    lineWidth: 1,
  });
  const tipBase = rtl ? x + tip : x + length - tip;
  const tipEnd = rtl ? x : x + length;
  ctx.canvas.path(
    polylinePath(
      [
        [tipBase, y],
        [tipEnd, y + thickness / 2],
        [tipBase, y + thickness],
      ],
      true,
    ),
    { fill: "#f3d9b1", stroke: ink, lineWidth: 1 },
  );
  const band = rtl ? body.x + body.width - thickness * 0.9 : body.x + thickness * 0.5;
  ctx.canvas.path(rectPath(band, y, thickness * 0.4, thickness), { fill: "#ffffff", stroke: ink, lineWidth: 0.6 });
}

/** Measuring with blocks: each crayon lies along a row of blocks; how many blocks long is it? */
export function drawMeasureObjects(ctx: TemplateContext, params: ParamsOf<"measure-objects">) {
  const random = seededRandom(params.seed);
  const lengths = random.shuffle([3, 4, 5, 6, 7, 8, 9]).slice(0, 5);
  const colours = random.shuffle(["red", "blue", "green", "orange", "purple", "yellow"] as const);
  const longest = 10;
  rows(ctx.box, 5, 12).forEach((row, index) => {
    const length = lengths[index] as number;
    panel(ctx, row);
    const [track, answer] = columns(ctx.canvas, inset(row, 12, 8), [0.8, 0.2], 10) as [Box, Box];
    const unit = Math.min(track.width / longest, track.height / 2.4);
    const blocksTop = track.y + track.height / 2 + 4;
    const start = ctx.canvas.startX(track, 0, length * unit);
    const colour = crayons[colours[index % colours.length] as (typeof colours)[number]];
    crayon(ctx, start, blocksTop - unit * 0.9 - 4, length * unit, unit * 0.9, colour);
    // A row of equal blocks starting where the crayon starts: the child counts those it lies along.
    for (let i = 0; i < longest; i++) {
      const x = ctx.canvas.startX(track, i * unit, unit);
      ctx.canvas.path(rectPath(x + 1, blocksTop, unit - 2, unit - 2, 3), {
        stroke: ctx.colour.main,
        lineWidth: 1.2,
        ...(ctx.answers && i < length && { fill: ctx.colour.soft }),
      });
    }
    const side = Math.min(answer.height, 56);
    writingBox(
      ctx,
      { x: answer.x + (answer.width - side) / 2, y: answer.y + (answer.height - side) / 2, width: side, height: side },
      formatNumber(ctx.locale, length),
    );
  });
}
