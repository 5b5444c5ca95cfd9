import type { Box } from "../canvas.server.ts";
import type { cuttingModes, EmotionId, Material, ShapeId } from "../catalogue.ts";
import { shapePath } from "../draw/figures.ts";
import { arrowHeadPath, ellipsePath, polylinePath, rectPath } from "../draw/paths.ts";
import type { Point } from "../draw/svg-path.ts";
import { alphabet, formatNumber, lowerCase } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { journeys } from "../pictures/picture-sets.ts";
import { caption, columns, faint, grid, ink, inset, panel, rows, type TemplateContext } from "../templates/context.ts";
import { cutCard } from "../templates/feelings.ts";
import { cuttingLine, scissors } from "../templates/fine-motor.ts";
import { startGreen } from "../tracing/trace-drawing.ts";
import { writingRow } from "../tracing/writing.ts";

// What an activity card needs printed, so the grown-up cuts instead of drawing: picture cards
// (routines, actions, labels, a story to order), number and letter cards, the child's name,
// feelings faces, cutting strips, roads to drive a crayon along, dot grids, a race track, a hand
// to trace, a tally chart and half pictures to finish.

export function drawMaterial(ctx: TemplateContext, material: Material) {
  switch (material.kind) {
    case "picture-cards":
      return pictureCards(
        ctx,
        material.pictures,
        material.words !== "none",
        material.words === "actions"
          ? (id) => ctx.content.values.actions[id as keyof typeof ctx.content.values.actions] ?? ""
          : undefined,
      );
    case "number-cards":
      return numberCards(ctx, material.from, material.to);
    case "letter-cards":
      return letterCards(ctx, material.source);
    case "face-cards":
      return pictureCards(
        ctx,
        material.emotions as EmotionId[] as PictureId[],
        true,
        (id) => ctx.content.values.emotions[id as EmotionId],
      );
    case "cutting-strips":
      return cuttingStrips(ctx, material.modes);
    case "roads":
      return roads(ctx, material.narrow);
    case "dot-grids":
      return dotGrids(ctx);
    case "race-track":
      return raceTrack(ctx, material.squares);
    case "hand-outline":
      return handOutline(ctx, material.mirror);
    case "tally-chart":
      return tallyChart(ctx, material.pictures, material.shapes);
    case "mirror-halves":
      return mirrorHalves(ctx, material.pictures);
  }
}

function pictureCards(
  ctx: TemplateContext,
  pictures: readonly PictureId[],
  words: boolean,
  word: (id: PictureId) => string = (id) => ctx.words.pictures[id] ?? "",
) {
  const columnsCount = pictures.length <= 4 ? 2 : 3;
  grid(ctx.canvas, ctx.box, columnsCount, pictures.length, 12).forEach((cell, index) => {
    const id = pictures[index] as PictureId;
    cutCard(ctx, cell);
    const label = words ? 34 : 0;
    ctx.canvas.picture(id, inset({ ...cell, height: cell.height - label }, 16));
    if (words) caption(ctx, word(id), { ...cell, y: cell.y + cell.height - label - 6, height: label }, 20);
  });
}

function numberCards(ctx: TemplateContext, from: number, to: number) {
  const count = to - from + 1;
  grid(ctx.canvas, ctx.box, count <= 6 ? 2 : 3, count, 10).forEach((cell, index) => {
    cutCard(ctx, cell);
    writingRow(
      ctx.canvas,
      inset(cell, 10),
      [{ text: formatNumber(ctx.locale, from + index), style: "solid" }],
      ctx.colour,
      ctx.locale,
      {
        centre: true,
        maxUnit: 48,
      },
    );
  });
}

function letterCards(ctx: TemplateContext, source: "initial" | "name" | "alphabet") {
  const name = ctx.childName?.trim();
  const letters = alphabet(ctx.locale);
  const first = [...(name ?? "")][0]?.toLocaleUpperCase(ctx.locale) ?? (letters[0] as string);
  if (source === "initial") {
    // The first letter of the name as big as the page allows, with its stroke order.
    writingRow(ctx.canvas, inset(ctx.box, 10), [{ text: first, style: "model" }], ctx.colour, ctx.locale, {
      centre: true,
      maxUnit: 150,
    });
    return;
  }
  if (source === "name") {
    // The child's name and two blank name cards for other family names; then its letters.
    const [names, single] = rows(ctx.box, 2, 16) as [Box, Box];
    rows(names, 3, 10).forEach((row, index) => {
      cutCard(ctx, row);
      // The whole name, made smaller when it is long, so no name is ever left off its card.
      writingRow(
        ctx.canvas,
        inset(row, 12),
        index === 0 && name ? [{ text: name, style: "solid" }] : [],
        ctx.colour,
        ctx.locale,
        { centre: true, maxUnit: 24 },
      );
    });
    // A tile for each letter of the first name, to lay under the card in order, and three more
    // of its first letter, to find (the activity's steps say both).
    const own = [...(name?.split(/\s+/)[0] ?? first)];
    const cards = [...own, first, first, first].slice(0, 12);
    grid(ctx.canvas, single, 6, cards.length, 8).forEach((cell, index) => {
      cutCard(ctx, cell);
      writingRow(
        ctx.canvas,
        inset(cell, 6),
        [{ text: cards[index] as string, style: "solid" }],
        ctx.colour,
        ctx.locale,
        { centre: true, sizeLike: cards },
      );
    });
    return;
  }
  // Every letter once and the vowels again, so short words with a repeated vowel can be built.
  const small = ctx.locale === "ar" ? letters : letters.map((letter) => lowerCase(ctx.locale, letter));
  const cards = [...small, ...vowels[ctx.locale]];
  grid(ctx.canvas, ctx.box, 7, cards.length, 5).forEach((cell, index) => {
    cutCard(ctx, cell);
    writingRow(ctx.canvas, inset(cell, 5), [{ text: cards[index] as string, style: "solid" }], ctx.colour, ctx.locale, {
      centre: true,
      sizeLike: cards,
    });
  });
}

/** The vowels (and common letters) printed twice on the alphabet sheet, to build short words. */
const vowels: Record<TemplateContext["locale"], string[]> = {
  en: ["a", "e", "i", "o", "u", "a", "e"],
  es: ["a", "e", "i", "o", "u", "a", "o"],
  fr: ["a", "e", "i", "o", "u", "é", "e"],
  de: ["a", "e", "i", "o", "u", "e", "n"],
  pt: ["a", "e", "i", "o", "u", "a", "o"],
  ru: ["а", "о", "у", "ы", "и", "е", "я"],
  ar: ["ا", "و", "ي", "ا", "ل", "م", "ن"],
};

/** One strip per kind of line, each from the scissors to a picture, to cut by the child. */
function cuttingStrips(ctx: TemplateContext, modes: readonly (typeof cuttingModes)[number][]) {
  rows(ctx.box, modes.length, 0).forEach((strip, index) => {
    const mode = modes[index] as (typeof cuttingModes)[number];
    const [, to] = journeys[index % journeys.length] as readonly [PictureId, PictureId];
    const mid = strip.y + strip.height / 2;
    const side = Math.min(strip.height * 0.4, 56);
    const startX = ctx.canvas.startX(strip, 36, 0);
    const endX = ctx.canvas.startX(strip, strip.width - side - 12, 0);
    scissors(ctx, startX, mid);
    ctx.canvas.picture(to, {
      x: ctx.canvas.startX(strip, strip.width - side, side),
      y: mid - side / 2,
      width: side,
      height: side,
    });
    cuttingLine(ctx, mode, Math.min(startX, endX), Math.max(startX, endX), mid, Math.min(strip.height * 0.22, 30));
    if (index > 0)
      ctx.canvas.path(`M${strip.x} ${strip.y}H${strip.x + strip.width}`, { stroke: faint, lineWidth: 0.6 });
  });
}

function roads(ctx: TemplateContext, narrow: boolean) {
  const lanes = narrow ? 4 : 3;
  const shapes = ["straight", "waves", "zigzag", "bumps"] as const;
  rows(ctx.box, lanes, 16).forEach((row, index) => {
    const [from, to] = journeys[(index + (narrow ? 4 : 0)) % journeys.length] as readonly [PictureId, PictureId];
    const side = Math.min(row.height * 0.7, 64);
    ctx.canvas.picture(
      from,
      { x: ctx.canvas.startX(row, 0, side), y: row.y + (row.height - side) / 2, width: side, height: side },
      { mirror: ctx.canvas.rtl },
    );
    ctx.canvas.picture(to, {
      x: ctx.canvas.startX(row, row.width - side, side),
      y: row.y + (row.height - side) / 2,
      width: side,
      height: side,
    });
    const x0 = row.x + side + 10;
    const x1 = row.x + row.width - side - 10;
    const mid = row.y + row.height / 2;
    const width = narrow ? 18 : 40;
    const amplitude = row.height * 0.2;
    const shape = shapes[index % shapes.length];
    const points: Point[] = [];
    for (let k = 0; k <= 80; k++) {
      const t = k / 80;
      const x = x0 + (x1 - x0) * t;
      const phase = t * Math.PI * 6;
      const y =
        shape === "straight"
          ? mid
          : shape === "waves"
            ? mid + Math.sin(phase) * amplitude
            : shape === "zigzag"
              ? mid + (Math.abs(((t * 6) % 2) - 1) * 2 - 1) * amplitude
              : mid - Math.abs(Math.sin(phase / 2)) * amplitude;
      points.push([x, y]);
    }
    const d = polylinePath(points);
    ctx.canvas.path(d, { stroke: ink, lineWidth: width + 3 });
    ctx.canvas.path(d, { stroke: "#ffffff", lineWidth: width });
    ctx.canvas.path(d, { stroke: faint, lineWidth: 1, dash: [6, 6] });
    const start = points[ctx.canvas.rtl ? points.length - 1 : 0] as Point;
    ctx.canvas.path(ellipsePath(start[0], start[1], 5), { fill: startGreen });
  });
}

function dotGrids(ctx: TemplateContext) {
  // Pairs of 4x4 dot grids: a shape joined on the left, the same grid empty to copy it on the right.
  const shapes: [number, number][][] = [
    [
      [0, 3],
      [1, 0],
      [2, 3],
      [0, 3],
    ],
    [
      [0, 0],
      [3, 0],
      [3, 3],
      [0, 3],
      [0, 0],
    ],
    [
      [1, 0],
      [2, 0],
      [3, 1],
      [3, 2],
      [2, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
  ];
  rows(ctx.box, shapes.length, 18).forEach((row, index) => {
    columns(ctx.canvas, row, [1, 1], 30).forEach((half, side) => {
      panel(ctx, half, side === 0 ? ctx.colour.soft : undefined);
      const size = Math.min(half.width, half.height) - 30;
      const left = half.x + (half.width - size) / 2;
      const top = half.y + (half.height - size) / 2;
      const at = ([c, r]: [number, number]): Point => [left + (c * size) / 3, top + (r * size) / 3];
      if (side === 0)
        ctx.canvas.path(polylinePath((shapes[index] as [number, number][]).map(at)), {
          stroke: ctx.colour.main,
          lineWidth: 3,
        });
      for (let r = 0; r < 4; r++)
        for (let c = 0; c < 4; c++) {
          const [x, y] = at([c, r]);
          ctx.canvas.path(ellipsePath(x, y, 4), { fill: ink });
        }
    });
  });
}

function raceTrack(ctx: TemplateContext, squares: number) {
  const perRow = 5;
  const lines = Math.ceil(squares / perRow);
  const area = { ...ctx.box, y: ctx.box.y + 56, height: ctx.box.height - 112 };
  const cellWidth = area.width / perRow;
  const cellHeight = Math.min(area.height / lines, cellWidth);
  const centre = (i: number): [number, number] => {
    const line = Math.floor(i / perRow);
    const along = i % perRow;
    // A snake: every other row runs back, so the track goes on where the last row ended.
    const column = line % 2 === 0 ? along : perRow - 1 - along;
    return [
      ctx.canvas.startX(area, column * cellWidth, cellWidth) + cellWidth / 2,
      area.y + line * cellHeight + cellHeight / 2,
    ];
  };
  for (let i = 0; i < squares; i++) {
    const [cx, cy] = centre(i);
    ctx.canvas.path(rectPath(cx - cellWidth / 2 + 3, cy - cellHeight / 2 + 3, cellWidth - 6, cellHeight - 6, 10), {
      stroke: ctx.colour.main,
      lineWidth: 1.8,
      fill: i % 2 ? "#ffffff" : ctx.colour.soft,
    });
    ctx.canvas.textLine(formatNumber(ctx.locale, i + 1), { x: cx - cellWidth / 2, width: cellWidth }, cy + 12, {
      role: "heading",
      size: 30,
      minSize: 10,
      color: ink,
      align: "center",
    });
    // Arrows from each square to the next, so the way along the track is clear.
    if (i < squares - 1) {
      const [nx, ny] = centre(i + 1);
      const [fx, fy] = [cx + (nx - cx) * 0.42, cy + (ny - cy) * 0.42 + (ny === cy ? -cellHeight * 0.3 : 0)];
      const [tx, ty] = [cx + (nx - cx) * 0.58, cy + (ny - cy) * 0.58 + (ny === cy ? -cellHeight * 0.3 : 0)];
      ctx.canvas.path(
        polylinePath([
          [fx, fy],
          [tx, ty],
        ]),
        { stroke: ctx.colour.main, lineWidth: 2 },
      );
      ctx.canvas.path(arrowHeadPath([fx, fy], [tx, ty], 7), { fill: ctx.colour.main });
    }
  }
  ctx.canvas.picture(
    "racing-car",
    { x: ctx.canvas.startX(ctx.box, 0, 70), y: ctx.box.y, width: 70, height: 48 },
    { mirror: ctx.canvas.rtl },
  );
  ctx.canvas.picture("trophy", {
    x: ctx.box.x + ctx.box.width / 2 - 26,
    y: ctx.box.y + ctx.box.height - 52,
    width: 52,
    height: 52,
  });
}

function tallyChart(ctx: TemplateContext, pictures: readonly PictureId[], shapes?: readonly ShapeId[]) {
  columns(
    ctx.canvas,
    ctx.box,
    pictures.map(() => 1),
    12,
  ).forEach((column, index) => {
    panel(ctx, column, index % 2 ? undefined : ctx.colour.soft);
    const shape = shapes?.[index];
    const head = shape ? 170 : 110;
    if (shape) {
      const size = Math.min(column.width * 0.5, 64);
      ctx.canvas.path(shapePath(shape, column.x + column.width / 2, column.y + 14 + size / 2, size), {
        stroke: ctx.colour.main,
        lineWidth: 3,
        fill: "#ffffff",
      });
      ctx.canvas.picture(
        pictures[index] as PictureId,
        inset({ ...column, y: column.y + size + 24, height: 80 }, 24, 4),
      );
    } else ctx.canvas.picture(pictures[index] as PictureId, inset({ ...column, height: 110 }, 16));
    for (let y = column.y + head + 20; y < column.y + column.height - 20; y += 44) {
      ctx.canvas.path(`M${column.x + 12} ${y}H${column.x + column.width - 12}`, { stroke: faint, lineWidth: 0.8 });
    }
  });
}

function mirrorHalves(ctx: TemplateContext, pictures: readonly PictureId[]) {
  grid(ctx.canvas, ctx.box, 2, pictures.length, 14).forEach((cell, index) => {
    panel(ctx, cell);
    const placed = ctx.canvas.picture(pictures[index] as PictureId, inset(cell, 16), { style: "outline" });
    const middle = placed.x + placed.width / 2;
    // The far half is covered: the child draws it to match.
    const coverX = ctx.canvas.rtl ? placed.x - 6 : middle;
    ctx.canvas.path(rectPath(coverX, placed.y - 6, placed.width / 2 + 6, placed.height + 12), { fill: "#ffffff" });
    ctx.canvas.path(`M${middle} ${cell.y + 10}V${cell.y + cell.height - 10}`, {
      stroke: ctx.colour.main,
      lineWidth: 1.2,
      dash: [5, 4],
    });
  });
}

/** A big hand to trace for five-finger breathing: up a finger breathing in, down breathing out. */
function handOutline(ctx: TemplateContext, mirror: boolean) {
  const [legend, hand] = [
    { ...ctx.box, height: 56 },
    { ...ctx.box, y: ctx.box.y + 66, height: ctx.box.height - 66 },
  ];
  const values = ctx.content.values;
  columns(ctx.canvas, legend, [1, 1], 16).forEach((cell, index) => {
    const colour = index === 0 ? "#1f9d55" : "#3b82c4";
    panel(ctx, cell, index === 0 ? "#e3f4ea" : "#e4f0fb");
    const arrow = { x: ctx.canvas.startX(cell, 14, 24), y: cell.y + 10, width: 24, height: cell.height - 20 };
    const [top, bottom] = index === 0 ? [arrow.y + arrow.height, arrow.y] : [arrow.y, arrow.y + arrow.height];
    const cx = arrow.x + 12;
    ctx.canvas.path(`M${cx} ${top}L${cx} ${bottom}`, { stroke: colour, lineWidth: 3 });
    const head = index === 0 ? -1 : 1;
    ctx.canvas.path(
      polylinePath(
        [
          [cx - 7, bottom - head * 8],
          [cx, bottom],
          [cx + 7, bottom - head * 8],
        ],
        false,
      ),
      { stroke: colour, lineWidth: 3 },
    );
    ctx.canvas.textLine(
      index === 0 ? values.breatheIn : values.breatheOut,
      { x: ctx.canvas.startX(cell, 48, cell.width - 56), width: cell.width - 56 },
      cell.y + cell.height / 2 + 7,
      {
        role: "heading",
        size: 18,
        minSize: 9,
        color: colour,
      },
    );
  });
  ctx.canvas.picture("splayed-hand", inset(hand, 20), { style: "outline", mirror });
}
