import type { Box } from "../canvas.server.ts";
import type { ParamsOf } from "../catalogue.ts";
import { ellipsePath, linePath, rectPath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { families } from "../pictures/picture-sets.ts";
import { type Random, seededRandom } from "../random.ts";
import { copies, writingRow } from "../tracing/writing.ts";
import {
  answerInk,
  circleAnswer,
  columns,
  faint,
  grid,
  ink,
  inset,
  panel,
  rows,
  splitY,
  type TemplateContext,
  thingsFor,
  writingBox,
} from "./context.ts";

// Numbers: tracing digits with their quantity beside them, counting real things, ten frames,
// more and fewer, number lines, adding and taking away, counting a scene, picture sudoku.

/** `count` pictures spread over `box` on a jittered grid, so they are counted, not read as rows. */
export function scatter(
  ctx: TemplateContext,
  box: Box,
  id: PictureId,
  count: number,
  random: Random,
  options: { crossed?: number } = {},
) {
  const columnsCount = Math.max(1, Math.ceil(Math.sqrt((count * box.width) / box.height)));
  const rowsCount = Math.max(1, Math.ceil(count / columnsCount));
  const cellWidth = box.width / columnsCount;
  const cellHeight = box.height / rowsCount;
  const side = Math.min(cellWidth, cellHeight) * 0.78;
  const slots = random.shuffle(Array.from({ length: columnsCount * rowsCount }, (_, i) => i)).slice(0, count);
  const placed: Box[] = [];
  slots.forEach((slot, index) => {
    const column = slot % columnsCount;
    const row = Math.floor(slot / columnsCount);
    const jitterX = (random.next() - 0.5) * (cellWidth - side) * 0.8;
    const jitterY = (random.next() - 0.5) * (cellHeight - side) * 0.8;
    const at = {
      x: box.x + column * cellWidth + (cellWidth - side) / 2 + jitterX,
      y: box.y + row * cellHeight + (cellHeight - side) / 2 + jitterY,
      width: side,
      height: side,
    };
    ctx.canvas.picture(id, at, { mirror: random.next() < 0.3 });
    if (index < (options.crossed ?? 0)) {
      ctx.canvas.path(linePath(at.x, at.y, at.x + side, at.y + side), { stroke: ink, lineWidth: 2.4 });
      ctx.canvas.path(linePath(at.x + side, at.y, at.x, at.y + side), { stroke: ink, lineWidth: 2.4 });
    }
    placed.push(at);
  });
  return placed;
}

/** A ten frame (two rows of five) with its first `count` cells holding the picture. */
function tenFrame(ctx: TemplateContext, box: Box, id: PictureId, count: number) {
  const cell = Math.min(box.width / 5, box.height / 2);
  const left = box.x + (box.width - cell * 5) / 2;
  const top = box.y + (box.height - cell * 2) / 2;
  ctx.canvas.path(rectPath(left, top, cell * 5, cell * 2, 4), {
    stroke: ctx.colour.main,
    lineWidth: 1.6,
    fill: "#ffffff",
  });
  let d = "";
  for (let i = 1; i < 5; i++) d += `M${left + i * cell} ${top}V${top + cell * 2}`;
  d += `M${left} ${top + cell}H${left + cell * 5}`;
  ctx.canvas.path(d, { stroke: ctx.colour.main, lineWidth: 1 });
  for (let i = 0; i < count; i++) {
    const x = left + (ctx.canvas.rtl ? 4 - (i % 5) : i % 5) * cell;
    const y = top + Math.floor(i / 5) * cell;
    ctx.canvas.picture(id, inset({ x, y, width: cell, height: cell }, cell * 0.14));
  }
}

export function drawTraceNumbers(ctx: TemplateContext, params: ParamsOf<"trace-numbers">) {
  const numbers = Array.from({ length: params.to - params.from + 1 }, (_, i) => params.from + i);
  const random = seededRandom(params.from * 7 + params.to);
  const pictures = random.shuffle(thingsFor(ctx));
  rows(ctx.box, numbers.length, 12).forEach((row, index) => {
    const value = numbers[index] as number;
    const text = formatNumber(ctx.locale, value);
    const [side, line] = columns(ctx.canvas, row, [0.36, 0.64], 12) as [Box, Box];
    panel(ctx, side);
    const [digit, quantity] = columns(ctx.canvas, inset(side, 6), [0.5, 0.5], 4) as [Box, Box];
    writingRow(ctx.canvas, digit, [{ text, style: "model" }], ctx.colour, ctx.locale, { centre: true });
    ctx.canvas.path(rectPath(quantity.x, quantity.y, quantity.width, quantity.height, 10), { fill: ctx.colour.soft });
    const id = pictures[index % pictures.length] as PictureId;
    if (value <= 10) scatter(ctx, inset(quantity, 2), id, value, random);
    else {
      const [ten, rest] = rows(quantity, 2, 4) as [Box, Box];
      tenFrame(ctx, ten, id, 10);
      tenFrame(ctx, rest, id, value - 10);
    }
    if (ctx.locale !== "ar") {
      writingRow(ctx.canvas, line, copies(text, "trace", 3), ctx.colour, ctx.locale);
      return;
    }
    // Arabic schools teach both digit sets: the Eastern Arabic digits first, then 0-9.
    const [eastern, western] = columns(ctx.canvas, line, [1, 1], 10) as [Box, Box];
    // Two copies in half a row: a tighter gap keeps the wide ones (٧, ٨) from being dropped, and
    // a number of two digits is written small enough for both copies to fit.
    for (const [half, digits] of [
      [eastern, easternDigits.format(value)],
      [western, text],
    ] as const)
      writingRow(ctx.canvas, half, copies(digits, "trace", 2), ctx.colour, ctx.locale, {
        gap: 20,
        ...(digits.length > 1 && { sizeLike: [digits.repeat(3)] }),
      });
  });
}

const easternDigits = new Intl.NumberFormat("ar-EG", { useGrouping: false });

export function drawCountObjects(ctx: TemplateContext, params: ParamsOf<"count-objects">) {
  const random = seededRandom(params.seed);
  const range = Array.from({ length: params.to - params.from + 1 }, (_, i) => params.from + i);
  const numbers = [...random.shuffle(range), random.pick(range)];
  const pictures = random.shuffle(thingsFor(ctx));
  grid(ctx.canvas, ctx.box, 2, 6, 12).forEach((cell, index) => {
    const count = numbers[index] as number;
    panel(ctx, cell);
    const answer = {
      x: ctx.canvas.startX(cell, cell.width - 66, 54),
      y: cell.y + cell.height - 58,
      width: 54,
      height: 48,
    };
    scatter(ctx, { ...inset(cell, 10), height: cell.height - 74 }, pictures[index] as PictureId, count, random);
    writingBox(ctx, answer, formatNumber(ctx.locale, count));
  });
}

/** Three numbers to circle: the right one and two near it, all within 0..max. */
export function numberChoices(random: Random, answer: number, max: number): number[] {
  const others = new Set<number>();
  const candidates = [-3, -2, -1, 1, 2, 3].map((step) => answer + step).filter((value) => value >= 1 && value <= max);
  for (const value of random.shuffle(candidates)) {
    if (others.size < 2) others.add(value);
  }
  return random.shuffle([answer, ...others]);
}

/** A number to read or circle, in a thin ring unless the caller draws its own. */
export function numberBubble(ctx: TemplateContext, box: Box, value: number, options: { ring?: boolean } = {}) {
  const r = Math.min(box.width, box.height) * 0.42;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  if (options.ring !== false) ctx.canvas.path(ellipsePath(cx, cy, r), { stroke: faint, lineWidth: 1 });
  ctx.canvas.textLine(formatNumber(ctx.locale, value), { x: cx - r, width: r * 2 }, cy + r * 0.4, {
    role: "heading",
    size: r * 1.1,
    color: ink,
    align: "center",
  });
}

export function drawCountAndCircle(ctx: TemplateContext, params: ParamsOf<"count-and-circle">) {
  const random = seededRandom(params.seed);
  const pictures = random.shuffle(thingsFor(ctx));
  rows(ctx.box, 5, 10).forEach((row, index) => {
    const count = random.int(Math.max(1, Math.floor(params.max / 3)), params.max);
    panel(ctx, row);
    const [things, answers] = columns(ctx.canvas, inset(row, 8), [0.64, 0.36], 10) as [Box, Box];
    scatter(ctx, things, pictures[index] as PictureId, count, random);
    const options = numberChoices(random, count, params.max);
    columns(ctx.canvas, answers, [1, 1, 1], 4).forEach((cell, i) => {
      numberBubble(ctx, cell, options[i] as number);
      if (options[i] === count) circleAnswer(ctx, cell);
    });
  });
}

export function drawTenFrame(ctx: TemplateContext, params: ParamsOf<"ten-frame">) {
  const random = seededRandom(params.seed);
  const pictures = random.shuffle(thingsFor(ctx));
  // Six different amounts, so the page practises more than one number.
  const amounts = random.shuffle(
    params.mode === "make-ten" ? [2, 3, 4, 5, 6, 7, 8, 9] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  );
  grid(ctx.canvas, ctx.box, 2, 6, 12).forEach((cell, index) => {
    panel(ctx, cell);
    const id = pictures[index] as PictureId;
    const inner = inset(cell, 10);
    const answerBox = {
      x: ctx.canvas.startX(inner, inner.width - 56, 56),
      y: inner.y + inner.height - 48,
      width: 56,
      height: 48,
    };
    const frames = { ...inner, height: inner.height - 56 };
    if (params.mode === "teens") {
      const extra = amounts[index] === 10 ? 5 : (amounts[index] as number);
      const [a, b] = rows(frames, 2, 4) as [Box, Box];
      tenFrame(ctx, a, id, 10);
      tenFrame(ctx, b, id, extra);
      writingBox(ctx, answerBox, formatNumber(ctx.locale, 10 + extra));
      return;
    }
    const count = amounts[index] as number;
    tenFrame(ctx, frames, id, count);
    if (params.mode === "make-ten") {
      ctx.canvas.textLine(
        `${formatNumber(ctx.locale, count)} + ? = ${formatNumber(ctx.locale, 10)}`,
        { x: ctx.canvas.startX(inner, 0, inner.width - 70), width: inner.width - 70 },
        answerBox.y + 32,
        {
          role: "heading",
          size: 20,
          minSize: 10,
          color: ink,
          align: "start",
        },
      );
    }
    writingBox(ctx, answerBox, formatNumber(ctx.locale, params.mode === "make-ten" ? 10 - count : count));
  });
}

export function drawMoreLess(ctx: TemplateContext, params: ParamsOf<"more-less">) {
  const random = seededRandom(params.seed);
  const pictures = random.shuffle(thingsFor(ctx));
  // In "compare" the child writes both numbers; the page's instruction says what to circle.
  const prompt =
    params.mode === "compare" ? "" : ctx.content.values[params.mode === "fewer" ? "circleFewer" : "circleMore"];
  rows(ctx.box, 4, 12).forEach((row, index) => {
    const a = random.int(1, params.max);
    let b = random.int(1, params.max);
    while (b === a) b = random.int(1, params.max);
    const id = pictures[index] as PictureId;
    const other = params.mode === "compare" ? (pictures[index + 4] as PictureId) : id;
    panel(ctx, row);
    if (prompt)
      ctx.canvas.textLine(prompt, inset(row, 12), row.y + 20, { size: 12, minSize: 8, color: ctx.colour.main });
    const halves = columns(ctx.canvas, inset({ ...row, y: row.y + 26, height: row.height - 30 }, 10), [1, 1], 24);
    [a, b].forEach((count, side) => {
      const half = halves[side] as Box;
      const write = params.mode === "compare";
      const things = write ? { ...half, height: half.height - 46 } : half;
      ctx.canvas.path(rectPath(half.x, half.y, half.width, half.height, 10), { stroke: faint, lineWidth: 0.8 });
      scatter(ctx, inset(things, 6), side === 0 ? id : other, count, random);
      if (write) {
        writingBox(
          ctx,
          { x: half.x + half.width / 2 - 26, y: half.y + half.height - 44, width: 52, height: 40 },
          formatNumber(ctx.locale, count),
        );
      }
      const winner = params.mode === "fewer" ? Math.min(a, b) : Math.max(a, b);
      if (count === winner) circleAnswer(ctx, half);
    });
  });
}

/** A number line from `from` to `to`: tick marks, the numbers shown, boxes for the hidden ones. */
function numberLine(ctx: TemplateContext, box: Box, from: number, to: number, hidden: Set<number>) {
  const { canvas } = ctx;
  const y = box.y + box.height * 0.45;
  const left = box.x + 14;
  const right = box.x + box.width - 14;
  canvas.path(linePath(left - 8, y, right + 8, y), { stroke: ink, lineWidth: 1.6 });
  const step = (right - left) / (to - from);
  const at = (value: number) => (canvas.rtl ? right - (value - from) * step : left + (value - from) * step);
  const size = Math.min(18, step * 0.9);
  for (let value = from; value <= to; value++) {
    const x = at(value);
    canvas.path(linePath(x, y - 7, x, y + 7), { stroke: ink, lineWidth: 1.4 });
    const label = { x: x - step / 2 + 1, width: step - 2 };
    if (hidden.has(value)) {
      const side = Math.min(step - 4, 30);
      writingBox(ctx, { x: x - side / 2, y: y + 12, width: side, height: side * 1.1 }, formatNumber(ctx.locale, value));
    } else
      canvas.textLine(formatNumber(ctx.locale, value), label, y + 12 + size, {
        role: "heading",
        size,
        minSize: 6,
        color: ink,
        align: "center",
      });
  }
  return { at, y, step };
}

export function drawNumberLine(ctx: TemplateContext, params: ParamsOf<"number-line">) {
  const random = seededRandom(params.seed);
  const lines = rows(ctx.box, params.mode === "hops" ? 4 : 5, 14);
  lines.forEach((row, index) => {
    panel(ctx, row);
    // Ten steps a line, so every number stays readable; up to 20 the lines start further on.
    const from = params.to > 10 ? random.int(0, params.to - 10) : 0;
    const to = from + 10;
    if (params.mode === "missing") {
      const hidden = new Set(
        random.shuffle(Array.from({ length: 9 }, (_, i) => from + 1 + i)).slice(0, 3 + (index % 2)),
      );
      numberLine(ctx, inset(row, 6), from, to, hidden);
      return;
    }
    // Hops: start, jump forward, where do you land?
    const start = random.int(from + 1, from + 5);
    const jump = random.int(2, Math.min(5, to - start));
    const inner = inset(row, 6);
    const [sum, line] = columns(ctx.canvas, inner, [0.26, 0.74], 10) as [Box, Box];
    const { at, y } = numberLine(
      ctx,
      { ...line, y: line.y + line.height * 0.2, height: line.height * 0.8 },
      from,
      to,
      new Set(),
    );
    ctx.canvas.picture("frog", { x: at(start) - 14, y: y - 44, width: 28, height: 28 }, { mirror: ctx.canvas.rtl });
    for (let k = 0; k < jump; k++) {
      const x0 = at(start + k);
      const x1 = at(start + k + 1);
      const paint = ctx.answers
        ? { stroke: answerInk, lineWidth: 2 }
        : { stroke: faint, lineWidth: 1.2, dash: [3, 3] as [number, number] };
      ctx.canvas.path(`M${x0} ${y - 4}Q${(x0 + x1) / 2} ${y - 26} ${x1} ${y - 4}`, paint);
    }
    ctx.canvas.textLine(
      `${formatNumber(ctx.locale, start)} + ${formatNumber(ctx.locale, jump)} =`,
      { x: ctx.canvas.startX(sum, 0, sum.width - 60), width: sum.width - 60 },
      sum.y + sum.height / 2 + 8,
      {
        role: "heading",
        size: 20,
        minSize: 10,
        color: ink,
      },
    );
    writingBox(
      ctx,
      { x: ctx.canvas.startX(sum, sum.width - 54, 50), y: sum.y + sum.height / 2 - 22, width: 50, height: 44 },
      formatNumber(ctx.locale, start + jump),
    );
  });
}

export function drawNumberChart(ctx: TemplateContext, params: ParamsOf<"number-chart">) {
  const random = seededRandom(params.seed);
  const hidden = new Set(random.shuffle(Array.from({ length: 30 }, (_, i) => i + 1)).slice(0, 12));
  grid(ctx.canvas, ctx.box, 5, 30, 8).forEach((cell, index) => {
    const value = index + 1;
    if (hidden.has(value)) writingBox(ctx, inset(cell, 4), formatNumber(ctx.locale, value));
    else {
      ctx.canvas.path(rectPath(cell.x + 4, cell.y + 4, cell.width - 8, cell.height - 8, 8), {
        fill: ctx.colour.soft,
        stroke: faint,
        lineWidth: 0.8,
      });
      ctx.canvas.textLine(formatNumber(ctx.locale, value), cell, cell.y + cell.height / 2 + 11, {
        role: "heading",
        size: 30,
        minSize: 10,
        color: ink,
        align: "center",
      });
    }
  });
}

/**
 * Five different sums for a page: every pair (a, b) with a + b <= max, or a - b >= 1 when taking
 * away, shuffled, so no sum comes twice and the child cannot copy the row above.
 */
function differentSums(random: Random, max: number, taking: boolean): [number, number][] {
  const pairs: [number, number][] = [];
  for (let a = taking ? 2 : 1; a <= max; a++) for (let b = 1; taking ? b < a : a + b <= max; b++) pairs.push([a, b]);
  return random.shuffle(pairs).slice(0, 5);
}

export function drawAddObjects(ctx: TemplateContext, params: ParamsOf<"add-objects">) {
  const random = seededRandom(params.seed);
  const pictures = random.shuffle(thingsFor(ctx));
  const sums = differentSums(random, params.max, false);
  rows(ctx.box, sums.length, 12).forEach((row, index) => {
    const [a, b] = sums[index] as [number, number];
    const id = pictures[index] as PictureId;
    const [first, plus, second, equals, answer] = columns(ctx.canvas, row, [1, 0.22, 1, 0.22, 0.42], 6) as Box[] as [
      Box,
      Box,
      Box,
      Box,
      Box,
    ];
    panel(ctx, first);
    panel(ctx, second);
    scatter(ctx, inset(first, 6), id, a, random);
    scatter(ctx, inset(second, 6), id, b, random);
    sign(ctx, plus, "+");
    sign(ctx, equals, "=");
    const side = Math.min(answer.width, 64);
    writingBox(
      ctx,
      { x: answer.x + (answer.width - side) / 2, y: row.y + row.height / 2 - 28, width: side, height: 56 },
      formatNumber(ctx.locale, a + b),
    );
  });
}

function sign(ctx: TemplateContext, box: Box, text: string) {
  ctx.canvas.textLine(text, box, box.y + box.height / 2 + 11, {
    role: "heading",
    size: 32,
    minSize: 12,
    color: ink,
    align: "center",
  });
}

export function drawTakeAway(ctx: TemplateContext, params: ParamsOf<"take-away">) {
  const random = seededRandom(params.seed);
  const pictures = random.shuffle(thingsFor(ctx));
  const sums = differentSums(random, params.max, true);
  rows(ctx.box, sums.length, 12).forEach((row, index) => {
    const [total, gone] = sums[index] as [number, number];
    const id = pictures[index] as PictureId;
    const [things, sum] = columns(ctx.canvas, row, [0.6, 0.4], 12) as [Box, Box];
    panel(ctx, things);
    scatter(ctx, inset(things, 8), id, total, random, { crossed: gone });
    ctx.canvas.textLine(
      `${formatNumber(ctx.locale, total)} − ${formatNumber(ctx.locale, gone)} =`,
      { x: ctx.canvas.startX(sum, 0, sum.width - 66), width: sum.width - 66 },
      sum.y + sum.height / 2 + 9,
      {
        role: "heading",
        size: 24,
        minSize: 10,
        color: ink,
        align: "center",
      },
    );
    writingBox(
      ctx,
      { x: ctx.canvas.startX(sum, sum.width - 60, 56), y: sum.y + sum.height / 2 - 26, width: 56, height: 52 },
      formatNumber(ctx.locale, total - gone),
    );
  });
}

const severalThings = new Set<PictureId>(["cherries", "grapes", "peanuts", "books", "footprints"]);

export function drawCountScene(ctx: TemplateContext, params: ParamsOf<"count-scene">) {
  const random = seededRandom(params.seed);
  const family = random.pick(["sea", "animals", "fruit", "toys"] as const);
  // Pictures of several things at once (a bunch of grapes, a pair of cherries) are not counted as one.
  const kinds = random.shuffle(families[family].filter((id) => !severalThings.has(id))).slice(0, 4) as PictureId[];
  const counts = kinds.map(() => random.int(2, 9));
  const [scene, tally] = splitY(ctx.box, 0.68, 12);
  panel(ctx, scene, ctx.colour.soft);
  // All the things mixed on one jittered grid, so the child has to sort while counting.
  const total = counts.reduce((sum, count) => sum + count, 0);
  const things = kinds.flatMap((id, index) => Array.from({ length: counts[index] as number }, () => id));
  const inner = inset(scene, 14);
  const columnsCount = Math.ceil(Math.sqrt((total * inner.width) / inner.height));
  const rowsCount = Math.ceil(total / columnsCount);
  const slots = random.shuffle(Array.from({ length: columnsCount * rowsCount }, (_, i) => i));
  const cellWidth = inner.width / columnsCount;
  const cellHeight = inner.height / rowsCount;
  const side = Math.min(cellWidth, cellHeight) * 0.74;
  random.shuffle(things).forEach((id, index) => {
    const slot = slots[index] as number;
    const x =
      inner.x +
      (slot % columnsCount) * cellWidth +
      (cellWidth - side) / 2 +
      (random.next() - 0.5) * (cellWidth - side) * 0.7;
    const y =
      inner.y +
      Math.floor(slot / columnsCount) * cellHeight +
      (cellHeight - side) / 2 +
      (random.next() - 0.5) * (cellHeight - side) * 0.7;
    ctx.canvas.picture(id, { x, y, width: side, height: side }, { mirror: random.next() < 0.4 });
  });
  columns(
    ctx.canvas,
    tally,
    kinds.map(() => 1),
    10,
  ).forEach((cell, index) => {
    panel(ctx, cell);
    const [pic, box] = rows(inset(cell, 8), 2, 6) as [Box, Box];
    ctx.canvas.picture(kinds[index] as PictureId, pic);
    const side = Math.min(box.height, 56);
    writingBox(
      ctx,
      { x: box.x + (box.width - side) / 2, y: box.y, width: side, height: side },
      formatNumber(ctx.locale, counts[index] as number),
    );
  });
}

/** A Latin square: every picture once in each row and column, shuffled from a seed. */
function latinSquare(size: number, random: Random): number[][] {
  const rowsOrder = random.shuffle(Array.from({ length: size }, (_, i) => i));
  const columnsOrder = random.shuffle(Array.from({ length: size }, (_, i) => i));
  const symbols = random.shuffle(Array.from({ length: size }, (_, i) => i));
  return rowsOrder.map((r) => columnsOrder.map((c) => symbols[(r + c) % size] as number));
}

export function drawPictureSudoku(ctx: TemplateContext, params: ParamsOf<"picture-sudoku">) {
  const random = seededRandom(params.seed);
  const { size } = params;
  const pictures = random.shuffle(thingsFor(ctx)).slice(0, size) as PictureId[];
  const square = latinSquare(size, random);
  const blanks = new Set(random.shuffle(Array.from({ length: size * size }, (_, i) => i)).slice(0, size === 3 ? 4 : 6));
  const [gridBox, pieces] = splitY(ctx.box, 0.74, 14);
  const side = Math.min(gridBox.width, gridBox.height);
  const cell = side / size;
  const left = gridBox.x + (gridBox.width - side) / 2;
  const top = gridBox.y;
  ctx.canvas.path(rectPath(left, top, side, side, 6), { stroke: ctx.colour.main, lineWidth: 2.4 });
  let d = "";
  for (let i = 1; i < size; i++)
    d += `M${left + i * cell} ${top}V${top + side}M${left} ${top + i * cell}H${left + side}`;
  ctx.canvas.path(d, { stroke: ctx.colour.main, lineWidth: 1.2 });
  square.forEach((row, r) => {
    row.forEach((symbol, c) => {
      const index = r * size + c;
      const box = inset({ x: left + c * cell, y: top + r * cell, width: cell, height: cell }, cell * 0.14);
      if (!blanks.has(index) || ctx.answers) ctx.canvas.picture(pictures[symbol] as PictureId, box);
      if (blanks.has(index) && ctx.answers) circleAnswer(ctx, box);
    });
  });
  // The missing pieces to cut out and glue in (or to draw).
  const missing = [...blanks].map((index) => square[Math.floor(index / size)]?.[index % size] as number);
  columns(
    ctx.canvas,
    pieces,
    missing.map(() => 1),
    8,
  ).forEach((box, index) => {
    const sideBox = Math.min(box.width, box.height);
    const piece = { x: box.x + (box.width - sideBox) / 2, y: box.y, width: sideBox, height: sideBox };
    ctx.canvas.path(rectPath(piece.x, piece.y, piece.width, piece.height, 4), {
      stroke: ink,
      lineWidth: 1.4,
      dash: [6, 4],
    });
    ctx.canvas.picture(pictures[missing[index] as number] as PictureId, inset(piece, sideBox * 0.14));
  });
}
