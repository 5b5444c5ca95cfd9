import type { Box } from "../canvas.server.ts";
import type { ParamsOf, positionModes } from "../catalogue.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { seededRandom } from "../random.ts";
import { circleAnswer, columns, inset, panel, rows, type TemplateContext, thingsFor, writingBox } from "./context.ts";

// Sizes and positions with real things: biggest and smallest, tallest, longest, in order; where
// the cat is (on, under, in, in front of, behind, next to, between), read to the child as a
// sentence and found among three little scenes.

const sizeThings = {
  any: ["teddy-bear", "apple", "ball", "elephant", "house", "duck", "car", "cupcake", "fish", "balloon"],
  tall: ["tree", "giraffe", "pine-tree", "rocket", "candle", "bottle"],
} as const satisfies Record<string, readonly PictureId[]>;

/** The sizes a row's four pictures are drawn at, smallest first. */
const sizeScales = [0.42, 0.6, 0.8, 1];

/** What the rows ask, by mode: one question on every row, or two taking turns. */
const sizeQuestions = {
  biggest: ["biggest"],
  smallest: ["smallest"],
  order: ["order"],
  "tall-short": ["tallest", "shortest"],
  "long-short": ["longest", "shortestLength"],
} as const;

export function drawSizes(ctx: TemplateContext, params: ParamsOf<"sizes">) {
  const random = seededRandom(params.seed);
  const pool = params.mode === "tall-short" ? sizeThings.tall : thingsFor(ctx, sizeThings.any);
  const things = random.shuffle(pool);
  const values = ctx.content.values.sizes;
  rows(ctx.box, params.mode === "long-short" ? 2 : 4, 12).forEach((row, index) => {
    const id = things[index % things.length] as PictureId;
    const scales = random.shuffle(sizeScales);
    const questions = sizeQuestions[params.mode];
    const question = questions[index % questions.length] as (typeof questions)[number];
    const ask = values[question];
    const smallest = question === "smallest" || question === "shortest" || question === "shortestLength";
    panel(ctx, row);
    ctx.canvas.textLine(ask, inset(row, 12), row.y + 20, { size: 12.5, minSize: 8, color: ctx.colour.main });
    const area = inset({ ...row, y: row.y + 26, height: row.height - 30 }, 12, 4);
    if (params.mode === "long-short") {
      // Trains of one to four carriages, one under the other from the same start: the
      // longest train is the one that reaches furthest.
      const lengths = random.shuffle([1, 2, 3, 4]);
      rows(area, 4, 4).forEach((line, i) => {
        const cars = lengths[i] as number;
        const side = Math.min(line.height, area.width / 6.2);
        const placed = {
          x: ctx.canvas.startX(line, 0, side * (cars + 1)),
          y: line.y + (line.height - side) / 2,
          width: side * (cars + 1),
          height: side,
        };
        for (let k = 0; k <= cars; k++) {
          const car = { x: ctx.canvas.startX(line, k * side, side), y: placed.y, width: side, height: side };
          // The engine leads at the far end, facing the way the train goes (the reading direction).
          ctx.canvas.picture(k === cars ? "train" : "railway-car", car, { mirror: k === cars && !ctx.canvas.rtl });
        }
        if (cars === (smallest ? 1 : 4)) circleAnswer(ctx, placed);
      });
      ctx.canvas.path(`M${ctx.canvas.startX(area, 0, 0)} ${area.y}V${area.y + area.height}`, {
        stroke: ctx.colour.main,
        lineWidth: 1.5,
        dash: [4, 3],
      });
      return;
    }
    columns(ctx.canvas, area, [1, 1, 1, 1], 8).forEach((cell, i) => {
      const scale = scales[i] as number;
      const free = params.mode === "order" ? { ...cell, height: cell.height - 40 } : cell;
      const side = Math.min(free.width, free.height) * scale;
      // Standing on one ground line, as things do.
      const box = { x: cell.x + (cell.width - side) / 2, y: free.y + free.height - side, width: side, height: side };
      ctx.canvas.picture(id, box);
      if (params.mode === "order") {
        writingBox(
          ctx,
          { x: cell.x + cell.width / 2 - 18, y: cell.y + cell.height - 36, width: 36, height: 34 },
          formatNumber(ctx.locale, sizeScales.indexOf(scale) + 1),
        );
      } else if (scale === (smallest ? sizeScales[0] : 1)) circleAnswer(ctx, box);
    });
  });
}

type Position = "on" | "under" | "in" | "out" | "left" | "right" | "in-front" | "behind" | "next-to" | "between";
export type PositionScene = readonly [PictureId, Position, PictureId];

/** The scenes each mode asks about; the sentence for each is in the language's texts. */
export const positionScenes: Record<(typeof positionModes)[number], readonly PositionScene[]> = {
  "on-under": [
    ["cat", "on", "box"],
    ["dog", "under", "chair"],
    ["ball", "on", "bed"],
    ["duck", "under", "tree"],
  ],
  "in-out": [
    ["rabbit", "in", "basket"],
    ["ball", "out", "bucket"],
    ["duck", "in", "bucket"],
    ["teddy-bear", "out", "basket"],
  ],
  "left-right": [
    ["dog", "left", "house"],
    ["cat", "right", "tree"],
    ["duck", "left", "bucket"],
    ["ball", "right", "chair"],
  ],
  "front-behind": [
    ["cat", "in-front", "box"],
    ["dog", "behind", "tree"],
    ["teddy-bear", "in-front", "couch"],
    ["rabbit", "behind", "bucket"],
  ],
  "next-between": [
    ["cat", "between", "box"],
    ["dog", "next-to", "house"],
    ["duck", "between", "bucket"],
    ["ball", "next-to", "chair"],
  ],
};

export function positionKey([actor, position, prop]: PositionScene) {
  return `${actor}-${position}-${prop}`;
}

/** How far down a prop's picture its top surface is (where things sit on it), as a share of its height. */
const surfaces: Partial<Record<PictureId, number>> = {
  bed: 0.5,
  chair: 0.42,
  couch: 0.5,
  basket: 0.12,
  bucket: 0.08,
  tree: 0.3,
};

/**
 * Where along a prop's picture the part things are put on, in, under or in front of is, as a
 * share of its width from the middle: the sofa of the sofa-and-lamp picture, not its lamp.
 */
const centres: Partial<Record<PictureId, number>> = { couch: -0.2 };

/** The side an actor peeks out from behind a prop: the free side (the sofa's, away from its lamp). */
const peekSides: Partial<Record<PictureId, number>> = { couch: -1 };

/** One small scene: the prop and where the actor is (physical left and right, in every script). */
function drawScene(ctx: TemplateContext, box: Box, [actor, position, prop]: PositionScene) {
  const { canvas } = ctx;
  const ground = box.y + box.height;
  const propSide = Math.min(box.height * 0.7, box.width * 0.44);
  const actorSide = propSide * 0.58;
  const middle = box.x + box.width / 2;
  // Where the actor goes: over the part of the prop that counts.
  const cx = middle + (centres[prop] ?? 0) * propSide;
  const propAt = (x: number, lift = 0, size = propSide) => ({
    x: x - size / 2,
    y: ground - size - lift,
    width: size,
    height: size,
  });
  const actorAt = (x: number, bottom: number, scale = 1) => ({
    x: x - (actorSide * scale) / 2,
    y: bottom - actorSide * scale,
    width: actorSide * scale,
    height: actorSide * scale,
  });
  switch (position) {
    case "on": {
      const placed = canvas.picture(prop, propAt(middle));
      canvas.picture(actor, actorAt(cx, placed.y + placed.height * (surfaces[prop] ?? 0.05) + actorSide * 0.08));
      break;
    }
    case "under": {
      const placed = canvas.picture(prop, propAt(middle));
      // On the ground beneath it: between a chair's legs, beside a tree's trunk.
      canvas.picture(actor, actorAt(cx + (prop === "tree" ? placed.width * 0.3 : 0), ground, 0.62));
      break;
    }
    case "in": {
      // The actor sits in an open container with its top half above the rim, so it is seen.
      const rim = ground - propSide + propSide * (surfaces[prop] ?? 0.1);
      canvas.picture(actor, actorAt(cx, rim + actorSide * 0.9 * 0.5, 0.9));
      canvas.picture(prop, propAt(middle));
      break;
    }
    case "out":
    case "next-to":
      canvas.picture(prop, propAt(middle - box.width * 0.16));
      canvas.picture(actor, actorAt(middle + box.width * 0.28, ground));
      break;
    case "left":
    case "right": {
      const side = position === "left" ? -1 : 1;
      canvas.picture(prop, propAt(middle - side * box.width * 0.12));
      canvas.picture(actor, actorAt(middle + side * box.width * 0.3, ground));
      break;
    }
    case "in-front":
      // The prop stands further back; the actor stands on the ground in front of it.
      canvas.picture(prop, propAt(middle, actorSide * 0.35));
      canvas.picture(actor, actorAt(cx, ground, 1.05));
      break;
    case "behind":
      // The actor peeks out from behind one side of the prop.
      canvas.picture(actor, actorAt(cx + (peekSides[prop] ?? 1) * propSide * 0.32, ground - propSide * 0.3, 1.15));
      canvas.picture(prop, propAt(middle));
      break;
    case "between": {
      const size = propSide * 0.72;
      canvas.picture(prop, { x: box.x + 2, y: ground - size, width: size, height: size });
      canvas.picture(prop, { x: box.x + box.width - size - 2, y: ground - size, width: size, height: size });
      canvas.picture(actor, actorAt(middle, ground));
      break;
    }
  }
}

/** The positions a scene is shown against: the opposite, and one more that is clearly wrong. */
const alternatives: Record<Position, Position[]> = {
  on: ["under", "next-to"],
  under: ["on", "next-to"],
  // Anything not in the container is "out": in/out rows are a choice of two.
  in: ["out"],
  out: ["in"],
  left: ["right", "on"],
  right: ["left", "on"],
  "in-front": ["behind", "on"],
  behind: ["in-front", "on"],
  "next-to": ["on", "under"],
  between: ["next-to", "on"],
};

export function drawPositions(ctx: TemplateContext, params: ParamsOf<"positions">) {
  const random = seededRandom(params.seed);
  const scenes = positionScenes[params.mode];
  rows(ctx.box, scenes.length, 12).forEach((row, index) => {
    const scene = scenes[index] as PositionScene;
    const [actor, position, prop] = scene;
    panel(ctx, row);
    ctx.canvas.textLine(ctx.content.positions[positionKey(scene)] ?? "", inset(row, 12), row.y + 24, {
      role: "heading",
      size: 17,
      minSize: 8,
      color: ctx.colour.main,
    });
    const options = random.shuffle([position, ...(alternatives[position] as Position[])]);
    columns(ctx.canvas, inset({ ...row, y: row.y + 32, height: row.height - 36 }, 10, 2), [1, 1, 1], 14).forEach(
      (cell, i) => {
        const shown = options[i] as Position;
        drawScene(ctx, inset(cell, 4), [actor, shown, prop]);
        if (shown === position) circleAnswer(ctx, cell);
      },
    );
  });
}
