import type { Box } from "../canvas.server.ts";
import type { ParamsOf, routineIds } from "../catalogue.ts";
import { ellipsePath, polylinePath, rectPath, starPath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { families } from "../pictures/picture-sets.ts";
import { seededRandom } from "../random.ts";
import {
  caption,
  columns,
  faint,
  grid,
  ink,
  inset,
  numberBadge,
  panel,
  rows,
  splitY,
  type TemplateContext,
  thingsFor,
} from "./context.ts";
import { cutCard } from "./feelings.ts";

// Charts a child who cannot read can use: every routine step, chore and thing to find has a
// picture; rewards, screen-time tokens, an at-home picture hunt and picture bingo.

/** A picture for each step of each routine, in the order of the language's steps. */
const routinePictures: Record<(typeof routineIds)[number], PictureId[]> = {
  morning: ["clock", "toilet", "soap", "t-shirt", "bowl", "toothbrush"],
  evening: ["box", "bathtub", "moon", "toothbrush", "book", "sleeping"],
  "getting-dressed": ["briefs", "jeans", "t-shirt", "socks", "shoe", "coat"],
  "tidy-up": ["books", "box", "socks", "shoe", "pencil"],
  "leaving-home": ["toilet", "shoe", "coat", "backpack", "drink", "waving-hand"],
  "bath-time": ["socks", "soap", "shower", "towel", "moon", "comb"],
  "school-morning": ["clock", "t-shirt", "bowl", "toothbrush", "backpack", "shoe"],
};

/** A picture for each chore, in the order of the language's chore lists. */
const chorePictures: Record<"first" | "more", PictureId[]> = {
  // "Feed the pet" shows the pet: the picture library has no pet bowl, and a bone says nothing.
  first: ["dog", "teddy-bear", "plate", "plant", "socks", "bed"],
  more: ["socks", "bowl", "sponge", "basket", "backpack", "shoe"],
};

/** A week table: a row per entry with its picture, then a mark to fill for each day. */
function weekTable(ctx: TemplateContext, entries: string[], pictures: PictureId[], mark: "box" | "star") {
  const { canvas, box } = ctx;
  const days = ctx.content.page.days;
  const labelWidth = box.width * 0.4;
  const dayWidth = (box.width - labelWidth) / days.length;
  days.forEach((day, i) => {
    const x = canvas.startX(box, labelWidth + i * dayWidth, dayWidth);
    canvas.textLine(day, { x, width: dayWidth }, box.y + 18, {
      role: "heading",
      size: 12,
      minSize: 7,
      align: "center",
      color: ctx.colour.main,
    });
  });
  const body: Box = { ...box, y: box.y + 30, height: box.height - 30 };
  rows(body, entries.length, 6).forEach((row, index) => {
    panel(ctx, row, index % 2 ? undefined : ctx.colour.soft);
    const side = Math.min(row.height - 10, 70);
    const picture = { x: canvas.startX(row, 8, side), y: row.y + (row.height - side) / 2, width: side, height: side };
    canvas.picture(pictures[index] as PictureId, picture);
    canvas.textBox(
      entries[index] ?? "",
      {
        x: canvas.startX(row, side + 16, labelWidth - side - 20),
        y: row.y + 6,
        width: labelWidth - side - 20,
        height: row.height - 12,
      },
      { role: "heading", size: 14, minSize: 8, valign: "middle", lineHeight: 1.15 },
    );
    days.forEach((_, i) => {
      const cx = canvas.startX(row, labelWidth + i * dayWidth, dayWidth) + dayWidth / 2;
      const cy = row.y + row.height / 2;
      const r = Math.min(dayWidth, row.height) * 0.3;
      canvas.path(mark === "star" ? starPath(cx, cy, r) : rectPath(cx - r, cy - r, r * 2, r * 2, 4), {
        stroke: ink,
        lineWidth: 1,
        fill: "#ffffff",
      });
    });
  });
}

export function drawRoutineChart(ctx: TemplateContext, params: ParamsOf<"routine-chart">) {
  weekTable(ctx, ctx.content.routines[params.routine].steps, routinePictures[params.routine], "box");
}

/** A routine as picture cards in a strip, numbered, to cut out and stick up in order. */
export function drawRoutineStrip(ctx: TemplateContext, params: ParamsOf<"routine-strip">) {
  const steps = ctx.content.routines[params.routine].steps;
  const pictures = routinePictures[params.routine];
  grid(ctx.canvas, ctx.box, 2, steps.length, 14).forEach((cell, index) => {
    cutCard(ctx, cell);
    const inner = inset(cell, 12);
    const badge = ctx.canvas.startX(inner, 0, 30);
    numberBadge(ctx.canvas, [badge + 15, inner.y + 15], 15, formatNumber(ctx.locale, index + 1), ctx.colour.main, 16);
    const [pic, text] = rows({ ...inner, y: inner.y + 10, height: inner.height - 10 }, 2, 4) as [Box, Box];
    ctx.canvas.picture(pictures[index] as PictureId, { ...pic, height: pic.height + text.height * 0.35 });
    ctx.canvas.textBox(
      steps[index] ?? "",
      { ...text, y: text.y + text.height * 0.35, height: text.height * 0.65 },
      {
        role: "heading",
        size: 17,
        minSize: 8,
        align: "center",
        valign: "middle",
      },
    );
    // A tick box in the corner for "done".
    const tick = { x: ctx.canvas.startX(inner, inner.width - 26, 26), y: inner.y, width: 26, height: 26 };
    ctx.canvas.path(rectPath(tick.x, tick.y, tick.width, tick.height, 5), { stroke: ctx.colour.main, lineWidth: 1.6 });
  });
}

export function drawChoreChart(ctx: TemplateContext, params: ParamsOf<"chore-chart">) {
  weekTable(ctx, ctx.content.chores[params.set], chorePictures[params.set], "star");
}

export function drawRewardChart(ctx: TemplateContext, params: ParamsOf<"reward-chart">) {
  const { canvas, box } = ctx;
  if (params.mode === "grid") {
    const [goal, stars] = [
      { ...box, height: 90 },
      { ...box, y: box.y + 104, height: box.height - 104 },
    ];
    panel(ctx, goal, ctx.colour.soft);
    const [gift, line] = columns(canvas, inset(goal, 12), [0.16, 0.84], 12) as [Box, Box];
    canvas.picture("gift", gift);
    canvas.textLine(`${ctx.content.values.myReward} ______________________`, line, line.y + line.height / 2 + 6, {
      role: "heading",
      size: 16,
      minSize: 8,
    });
    grid(canvas, stars, 5, params.stars, 10).forEach((cell, index) => {
      const r = Math.min(cell.width, cell.height) * 0.42;
      canvas.path(starPath(cell.x + cell.width / 2, cell.y + cell.height / 2, r), {
        stroke: ctx.colour.main,
        lineWidth: 2,
        fill: index === params.stars - 1 ? ctx.colour.soft : "#ffffff",
      });
      canvas.textLine(
        formatNumber(ctx.locale, index + 1),
        { x: cell.x, width: cell.width },
        cell.y + cell.height / 2 + 6,
        {
          role: "heading",
          size: 15,
          color: faint,
          align: "center",
        },
      );
    });
    return;
  }
  // path: stars along a winding road to the prize.
  const points: [number, number][] = [];
  const lanes = 4;
  // Whole stars to a lane (the last lane may hold fewer), so any count stays on the page.
  const perLane = Math.ceil(params.stars / lanes);
  const laneHeight = (box.height - 90) / lanes;
  for (let i = 0; i < params.stars; i++) {
    const lane = Math.floor(i / perLane);
    const along = (i % perLane) / (perLane - 1);
    const forward = (lane % 2 === 0) !== canvas.rtl;
    const x = box.x + 40 + (forward ? along : 1 - along) * (box.width - 80);
    points.push([x, box.y + 30 + lane * laneHeight + laneHeight / 2]);
  }
  canvas.path(polylinePath(points), { stroke: ctx.colour.soft, lineWidth: 34, lineCap: "round" });
  points.forEach(([x, y], index) => {
    canvas.path(starPath(x, y, 20), { stroke: ctx.colour.main, lineWidth: 1.8, fill: "#ffffff" });
    canvas.textLine(formatNumber(ctx.locale, index + 1), { x: x - 14, width: 28 }, y + 5, {
      role: "heading",
      size: 11,
      color: faint,
      align: "center",
    });
  });
  const last = points.at(-1) as [number, number];
  canvas.picture("trophy", { x: last[0] - 36, y: box.y + box.height - 84, width: 72, height: 72 });
}

/** Four tokens for an hour of screens a day, and ideas for play without one. */
export function drawScreenTimeTokens(ctx: TemplateContext) {
  const [tokens, ideas] = splitY(ctx.box, 0.55, 14);
  grid(ctx.canvas, tokens, 2, 4, 16).forEach((cell, index) => {
    cutCard(ctx, cell);
    const r = Math.min(cell.width, cell.height) * 0.4;
    const cx = cell.x + cell.width / 2;
    const cy = cell.y + cell.height / 2;
    ctx.canvas.path(ellipsePath(cx, cy, r), { stroke: ctx.colour.main, lineWidth: 3, fill: ctx.colour.soft });
    ctx.canvas.picture(index % 2 ? "television" : "video-game", {
      x: cx - r * 0.5,
      y: cy - r * 0.72,
      width: r,
      height: r * 0.8,
    });
    ctx.canvas.textLine(ctx.content.values.token, { x: cx - r, width: r * 2 }, cy + r * 0.55, {
      role: "heading",
      size: 18,
      minSize: 8,
      align: "center",
    });
  });
  panel(ctx, ideas);
  ctx.canvas.textLine(ctx.content.values.screenFreeIdeas, inset(ideas, 14), ideas.y + 26, {
    role: "heading",
    size: 16,
    minSize: 9,
    color: ctx.colour.main,
  });
  const play: PictureId[] = ["ball", "book", "crayon", "puzzle", "teddy-bear", "kite"];
  columns(
    ctx.canvas,
    inset({ ...ideas, y: ideas.y + 36, height: ideas.height - 40 }, 12, 6),
    play.map(() => 1),
    10,
  ).forEach((cell, index) => {
    const id = play[index] as PictureId;
    ctx.canvas.picture(id, { ...cell, height: cell.height - 22 });
    caption(ctx, ctx.words.pictures[id] ?? "", { ...cell, y: cell.y + cell.height - 20, height: 20 }, 12);
  });
}

/** Things to find at home, with a box to tick for each. */
export function drawISpy(ctx: TemplateContext, params: ParamsOf<"i-spy">) {
  const random = seededRandom(params.seed);
  const pool: PictureId[] = [
    ...families.kitchen,
    ...families.bathroom,
    ...families.toys,
    ...families.clothes,
    ...families.school,
  ];
  const things = random.shuffle(pool).slice(0, 12);
  grid(ctx.canvas, ctx.box, 3, things.length, 10).forEach((cell, index) => {
    const id = things[index] as PictureId;
    panel(ctx, cell);
    const [pic, label] = rows(inset(cell, 8), 2, 4) as [Box, Box];
    ctx.canvas.picture(id, { ...pic, height: pic.height + label.height * 0.4 });
    const bottom = { ...label, y: label.y + label.height * 0.45, height: label.height * 0.55 };
    const [tick, word] = columns(ctx.canvas, bottom, [0.26, 0.74], 6) as [Box, Box];
    const side = Math.min(tick.width, tick.height, 26);
    ctx.canvas.path(rectPath(tick.x + (tick.width - side) / 2, tick.y + (tick.height - side) / 2, side, side, 5), {
      stroke: ctx.colour.main,
      lineWidth: 1.6,
    });
    caption(ctx, ctx.words.pictures[id] ?? "", { ...word, y: word.y + word.height / 2 - 8, height: 16 }, 12);
  });
}

/** Two bingo boards of pictures from one family, and the pictures to call, to cut out. */
/** Two bingo boards from one family of pictures, and the same pictures as cards to call. */
export function drawPictureBingo(ctx: TemplateContext, params: ParamsOf<"picture-bingo">) {
  const random = seededRandom(params.seed);
  const family = random.pick(["animals", "fruit", "vehicles", "toys", "sea", "clothes"] as const);
  // Every picture on a board has its calling card, so every board can be won.
  const pool = random.shuffle(thingsFor(ctx, families[family])).slice(0, 10);
  const [boards, calls] = splitY(ctx.box, 0.66, 14);
  columns(ctx.canvas, boards, [1, 1], 14).forEach((board) => {
    const side = Math.min(board.width, board.height);
    const square = {
      x: board.x + (board.width - side) / 2,
      y: board.y + (board.height - side) / 2,
      width: side,
      height: side,
    };
    ctx.canvas.path(rectPath(square.x, square.y, square.width, square.height, 10), {
      stroke: ctx.colour.main,
      lineWidth: 2.4,
      fill: ctx.colour.soft,
    });
    const picks = random.shuffle(pool).slice(0, 8);
    grid(ctx.canvas, inset(square, 8), 3, 9, 6).forEach((cell, index) => {
      ctx.canvas.path(rectPath(cell.x, cell.y, cell.width, cell.height, 6), {
        fill: "#ffffff",
        stroke: faint,
        lineWidth: 0.8,
      });
      if (index === 4) {
        ctx.canvas.path(starPath(cell.x + cell.width / 2, cell.y + cell.height / 2, cell.width * 0.32), {
          fill: ctx.colour.main,
        });
        return;
      }
      ctx.canvas.picture(picks[index < 4 ? index : index - 1] as PictureId, inset(cell, cell.width * 0.12));
    });
  });
  grid(ctx.canvas, calls, 5, pool.length, 10).forEach((cell, index) => {
    cutCard(ctx, cell);
    ctx.canvas.picture(pool[index] as PictureId, inset(cell, Math.min(cell.width, cell.height) * 0.14));
  });
}

export function drawChecklist(ctx: TemplateContext, entries: string[]) {
  rows(ctx.box, Math.max(entries.length, 6), 10).forEach((row, index) => {
    const entry = entries[index];
    if (!entry) return;
    panel(ctx, row, index % 2 ? undefined : ctx.colour.soft);
    const size = Math.min(row.height * 0.5, 30);
    const x = ctx.canvas.startX(row, 14, size);
    ctx.canvas.path(rectPath(x, row.y + (row.height - size) / 2, size, size, 6), {
      stroke: ctx.colour.main,
      lineWidth: 2,
      fill: "#ffffff",
    });
    const stars = { x: ctx.canvas.startX(row, row.width - 110, 100), y: row.y, width: 100, height: row.height };
    for (let i = 0; i < 3; i++) {
      const cx = stars.x + 18 + i * 32;
      ctx.canvas.path(starPath(cx, row.y + row.height / 2, 12), {
        stroke: ctx.colour.main,
        lineWidth: 1.2,
        fill: "#ffffff",
      });
    }
    ctx.canvas.textBox(
      entry,
      {
        x: ctx.canvas.startX(row, size + 30, row.width - size - 160),
        y: row.y + 6,
        width: row.width - size - 160,
        height: row.height - 12,
      },
      { role: "heading", size: 17, minSize: 9, valign: "middle" },
    );
  });
}
