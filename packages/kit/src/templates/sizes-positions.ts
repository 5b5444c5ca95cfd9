import type { Box } from "../canvas.server.ts";
import type { ParamsOf, positionModes } from "../catalogue.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { seededRandom } from "../random.ts";
import { circleAnswer, columns, inset, panel, rows, type TemplateContext, writingBox } from "./context.ts";

// Sizes and positions with real things: biggest and smallest, tallest, longest, in order; where
// the cat is (on, under, in, in front of, behind, next to, between), read to the child as a
// sentence and found among three little scenes.

const sizeThings = {
  any: ["teddy-bear", "apple", "ball", "elephant", "house", "duck", "car", "cupcake", "fish", "balloon"],
  tall: ["tree", "giraffe", "pine-tree", "rocket", "candle", "bottle"],
  long: ["pencil", "crayon", "snake", "train", "bus", "worm"],
} as const satisfies Record<string, readonly PictureId[]>;

export function drawSizes(ctx: TemplateContext, params: ParamsOf<"sizes">) {
  const random = seededRandom(params.seed);
  const pool =
    params.mode === "tall-short" ? sizeThings.tall : params.mode === "long-short" ? sizeThings.long : sizeThings.any;
  const things = random.shuffle(pool);
  const values = ctx.content.values.sizes;
  rows(ctx.box, 4, 12).forEach((row, index) => {
    const id = things[index % things.length] as PictureId;
    const scales = random.shuffle([0.42, 0.6, 0.8, 1]);
    const ask =
      params.mode === "biggest"
        ? values.biggest
        : params.mode === "smallest"
          ? values.smallest
          : params.mode === "order"
            ? values.order
            : params.mode === "tall-short"
              ? index % 2 === 0
                ? values.tallest
                : values.shortest
              : index % 2 === 0
                ? values.longest
                : values.shortestLength;
    const wanted =
      params.mode === "smallest" || (params.mode !== "biggest" && params.mode !== "order" && index % 2 === 1)
        ? 0.42
        : 1;
    panel(ctx, row);
    ctx.canvas.textLine(ask, inset(row, 12), row.y + 20, { size: 12.5, minSize: 8, color: ctx.colour.main });
    const area = inset({ ...row, y: row.y + 26, height: row.height - 30 }, 12, 4);
    if (params.mode === "long-short") {
      // Lengths compared from one starting line, one thing under the other.
      rows(area, 4, 2).forEach((line, i) => {
        const scale = scales[i] as number;
        const width = line.width * 0.9 * scale;
        const box = { x: ctx.canvas.startX(line, 0, width), y: line.y, width, height: line.height };
        const placed = ctx.canvas.picture(id, box);
        const fitted = { ...placed, x: ctx.canvas.startX(line, 0, placed.width) };
        if (scale === wanted) circleAnswer(ctx, fitted);
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
          formatNumber(ctx.locale, [0.42, 0.6, 0.8, 1].indexOf(scale) + 1),
        );
      } else if (scale === wanted) circleAnswer(ctx, box);
    });
  });
}

export type Position = "on" | "under" | "in" | "out" | "left" | "right" | "in-front" | "behind" | "next-to" | "between";
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
    ["mouse", "in", "box"],
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

/** One small scene: the prop and where the actor is (physical left and right, in every script). */
function drawScene(ctx: TemplateContext, box: Box, [actor, position, prop]: PositionScene) {
  const { canvas } = ctx;
  const ground = box.y + box.height;
  const propSide = Math.min(box.height * 0.66, box.width * 0.42);
  const actorSide = propSide * 0.58;
  const cx = box.x + box.width / 2;
  const propBox = (x: number) => ({ x: x - propSide / 2, y: ground - propSide, width: propSide, height: propSide });
  const actorAt = (x: number, bottom: number, scale = 1) => ({
    x: x - (actorSide * scale) / 2,
    y: bottom - actorSide * scale,
    width: actorSide * scale,
    height: actorSide * scale,
  });
  switch (position) {
    case "on":
      canvas.picture(prop, propBox(cx));
      canvas.picture(actor, actorAt(cx, ground - propSide + actorSide * 0.15));
      break;
    case "under":
      canvas.picture(prop, { ...propBox(cx), y: box.y });
      canvas.picture(actor, actorAt(cx, ground, 0.8));
      break;
    case "in":
      canvas.picture(actor, actorAt(cx, ground - propSide * 0.45));
      canvas.picture(prop, propBox(cx));
      break;
    case "out":
    case "next-to":
      canvas.picture(prop, propBox(cx - box.width * 0.16));
      canvas.picture(actor, actorAt(cx + box.width * 0.28, ground));
      break;
    case "left":
    case "right": {
      const side = position === "left" ? -1 : 1;
      canvas.picture(prop, propBox(cx - side * box.width * 0.12));
      canvas.picture(actor, actorAt(cx + side * box.width * 0.3, ground));
      break;
    }
    case "in-front":
      canvas.picture(prop, { ...propBox(cx), y: ground - propSide - actorSide * 0.3 });
      canvas.picture(actor, actorAt(cx, ground, 1.1));
      break;
    case "behind":
      canvas.picture(actor, actorAt(cx + propSide * 0.18, ground - propSide * 0.5, 1.1));
      canvas.picture(prop, propBox(cx));
      break;
    case "between": {
      const small = { width: propSide * 0.7, height: propSide * 0.7 };
      canvas.picture(prop, { x: box.x + 2, y: ground - small.height, ...small });
      canvas.picture(prop, { x: box.x + box.width - small.width - 2, y: ground - small.height, ...small });
      canvas.picture(actor, actorAt(cx, ground));
      break;
    }
  }
}

/** The positions a scene can be confused with, to make the wrong choices. */
const alternatives: Record<Position, Position[]> = {
  on: ["under", "next-to"],
  under: ["on", "next-to"],
  in: ["out", "on"],
  out: ["in", "on"],
  left: ["right", "on"],
  right: ["left", "on"],
  "in-front": ["behind", "on"],
  behind: ["in-front", "on"],
  "next-to": ["between", "on"],
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
