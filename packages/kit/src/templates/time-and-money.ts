import type { Box } from "../canvas.server.ts";
import type { ParamsOf } from "../catalogue.ts";
import { ellipsePath, polylinePath } from "../draw/paths.ts";
import type { Point } from "../draw/svg-path.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { type Random, seededRandom } from "../random.ts";
import { circleAnswer, columns, grid, ink, inset, panel, rows, type TemplateContext, writingBox } from "./context.ts";
import { drawMatchColumns } from "./layouts.ts";

// Numbers in a child's day: the hour on a clock face (whole hours, the short hand), and play
// coins of 1, 2, 5 and 10 to add up and to pay a price with. The coins name no currency: the kit
// is used with dollars, euros and pounds, and all three have coins a child counts this way.

/** A clock face at `hour` o'clock: twelve numbers, a short hand on the hour, a long one on 12. */
function clockFace(ctx: TemplateContext, box: Box, hour: number) {
  const radius = Math.min(box.width, box.height) / 2 - 2;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  ctx.canvas.path(ellipsePath(cx, cy, radius), { stroke: ink, lineWidth: 2.2, fill: "#ffffff" });
  const at = (turn: number, length: number): Point => [
    cx + Math.sin(turn * Math.PI * 2) * length,
    cy - Math.cos(turn * Math.PI * 2) * length,
  ];
  for (let number = 1; number <= 12; number++) {
    const [x, y] = at(number / 12, radius * 0.78);
    const size = Math.max(7, radius * 0.2);
    // A clock reads the same in every language: its numbers go clockwise, never mirrored.
    ctx.canvas.textLine(formatNumber(ctx.locale, number), { x: x - size, width: size * 2 }, y + size * 0.36, {
      role: "heading",
      size,
      color: ink,
      align: "center",
    });
  }
  ctx.canvas.path(polylinePath([[cx, cy], at(0, radius * 0.7)]), { stroke: ink, lineWidth: 2, lineCap: "round" });
  ctx.canvas.path(polylinePath([[cx, cy], at(hour / 12, radius * 0.45)]), {
    stroke: ctx.colour.main,
    lineWidth: 4,
    lineCap: "round",
  });
  ctx.canvas.path(ellipsePath(cx, cy, 3), { fill: ink });
}

/** A child's day: what it shows, and the hour it usually happens at. */
const dayTimes: readonly (readonly [PictureId, number])[] = [
  ["sun", 7],
  ["sandwich", 12],
  ["bathing", 6],
  ["sleeping", 8],
];

export function drawClockTimes(ctx: TemplateContext, params: ParamsOf<"clock-times">) {
  const random = seededRandom(params.seed);
  if (params.mode === "day") {
    const order = random.shuffle(dayTimes.map((_, index) => index));
    drawMatchColumns(
      ctx,
      dayTimes.map(
        ([picture]) =>
          (box: Box) =>
            ctx.canvas.picture(picture, box),
      ),
      order.map((index) => (box: Box) => clockFace(ctx, box, dayTimes[index]?.[1] ?? 12)),
      dayTimes.map((_, index) => order.indexOf(index)),
      { share: 0.3 },
    );
    return;
  }
  const hours = random.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).slice(0, 6);
  grid(ctx.canvas, ctx.box, 2, hours.length, 14).forEach((cell, index) => {
    const hour = hours[index] ?? 12;
    panel(ctx, cell);
    const [face, answer] = rows(inset(cell, 10), 2, 6).map((row, i) =>
      i === 0
        ? { ...row, height: row.height * 1.45 }
        : { ...row, y: row.y + row.height * 0.45, height: row.height * 0.55 },
    ) as [Box, Box];
    clockFace(ctx, face, hour);
    const side = Math.min(answer.height, 48);
    writingBox(
      ctx,
      { x: answer.x + (answer.width - side) / 2, y: answer.y + (answer.height - side) / 2, width: side, height: side },
      formatNumber(ctx.locale, hour),
    );
  });
}

const coinValues = [1, 2, 5, 10] as const;
const coinFill: Record<(typeof coinValues)[number], string> = {
  1: "#e8b98a",
  2: "#e8b98a",
  5: "#d7dbe2",
  10: "#f3d77a",
};

/** A play coin: bigger for more, its value in the middle. */
function coin(ctx: TemplateContext, centre: Point, value: (typeof coinValues)[number], unit: number) {
  const radius = unit * (value === 10 ? 1 : value === 5 ? 0.92 : value === 2 ? 0.84 : 0.76);
  ctx.canvas.path(ellipsePath(centre[0], centre[1], radius), { fill: coinFill[value], stroke: ink, lineWidth: 1.2 });
  ctx.canvas.path(ellipsePath(centre[0], centre[1], radius * 0.8), { stroke: ink, lineWidth: 0.5 });
  const size = radius * 0.9;
  ctx.canvas.textLine(
    formatNumber(ctx.locale, value),
    { x: centre[0] - radius, width: radius * 2 },
    centre[1] + size * 0.36,
    {
      role: "heading",
      size,
      color: ink,
      align: "center",
    },
  );
}

/** Coins in a row from the reading start, each in its own cell (for circling). */
function coinRow(ctx: TemplateContext, box: Box, values: number[], unit: number): Box[] {
  const cell = unit * 2.3;
  return values.map((value, index) => {
    const x = ctx.canvas.startX(box, index * cell, cell);
    const spot = { x, y: box.y + (box.height - cell) / 2, width: cell, height: cell };
    coin(ctx, [x + cell / 2, box.y + box.height / 2], value as (typeof coinValues)[number], unit);
    return spot;
  });
}

/** Coins adding up to `total`, largest first, from the values a child counts with. */
function coinsFor(total: number, random: Random): number[] {
  const coins: number[] = [];
  let left = total;
  while (left > 0) {
    const fits = coinValues.filter((value) => value <= left && value <= 5);
    const value = left >= 10 && random.next() < 0.5 ? 10 : (random.pick(fits) as number);
    coins.push(value);
    left -= value;
  }
  return coins.sort((a, b) => b - a);
}

/** Things with a price tag, for the shop. */
const shopThings: readonly PictureId[] = ["apple", "ball", "teddy-bear", "ice-cream", "book", "balloon", "kite"];

export function drawCoins(ctx: TemplateContext, params: ParamsOf<"coins">) {
  const random = seededRandom(params.seed);
  const lines = rows(ctx.box, 5, 12);
  const unit = Math.min(30, lines[0] ? lines[0].height * 0.36 : 30);
  if (params.mode === "count") {
    // Five different totals, so no two rows ask the same sum.
    const totals = random.shuffle(Array.from({ length: params.max - 2 }, (_, i) => i + 3)).slice(0, lines.length);
    lines.forEach((line, index) => {
      const total = totals[index] ?? params.max;
      panel(ctx, line);
      const [coinsBox, answerBox] = columns(ctx.canvas, inset(line, 12), [0.78, 0.22], 10) as [Box, Box];
      const coins = coinsFor(total, random);
      coinRow(ctx, coinsBox, coins, Math.min(unit, coinsBox.width / (coins.length * 2.35)));
      const side = Math.min(answerBox.height * 0.8, 52);
      writingBox(
        ctx,
        {
          x: answerBox.x + (answerBox.width - side) / 2,
          y: answerBox.y + (answerBox.height - side) / 2,
          width: side,
          height: side,
        },
        formatNumber(ctx.locale, total),
      );
    });
    return;
  }
  const things = random.shuffle(shopThings);
  lines.forEach((line, index) => {
    const price = random.int(2, Math.min(9, params.max));
    panel(ctx, line);
    const [thing, coinsBox] = columns(ctx.canvas, inset(line, 10), [0.26, 0.74], 10) as [Box, Box];
    const [picture, tag] = columns(ctx.canvas, thing, [0.55, 0.45], 4) as [Box, Box];
    ctx.canvas.picture(things[index % things.length] as PictureId, picture);
    const side = Math.min(tag.width, tag.height) * 0.8;
    ctx.canvas.path(ellipsePath(tag.x + tag.width / 2, tag.y + tag.height / 2, side / 2), {
      fill: ctx.colour.soft,
      stroke: ctx.colour.main,
      lineWidth: 1.6,
    });
    ctx.canvas.textLine(formatNumber(ctx.locale, price), tag, tag.y + tag.height / 2 + side * 0.18, {
      role: "heading",
      size: side * 0.5,
      color: ink,
      align: "center",
    });
    // The coins that pay it, and one or two worth more than the price, so that the coins that
    // pay exactly are these and no others.
    const paying = coinsFor(price, random);
    const bigger = coinValues.filter((value) => value > price);
    const extra = random.shuffle(bigger).slice(0, Math.min(2, bigger.length));
    const order = random.shuffle([
      ...paying.map((value) => ({ value, pays: true })),
      ...extra.map((value) => ({ value, pays: false })),
    ]);
    coinRow(
      ctx,
      coinsBox,
      order.map((entry) => entry.value),
      Math.min(unit, coinsBox.width / (order.length * 2.4)),
    ).forEach((spot, at) => {
      if (order[at]?.pays) circleAnswer(ctx, inset(spot, spot.width * 0.1));
    });
  });
}
