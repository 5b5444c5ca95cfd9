import type { Box } from "../canvas.server.ts";
import type { ParamsOf } from "../catalogue.ts";
import { rectPath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { columns, faint, grid, ink, inset, numberBadge, panel, rows, splitY, type TemplateContext } from "./context.ts";

// Listening and following directions: the grown-up reads each direction aloud (one step, then
// two, then three at a time), the child does it on the pictures; and a scene to finish by
// drawing what is heard. The directions are written per language (content `directions`).

/** The pictures of each direction page, in the order the language's directions name them. */
const directionPictures: PictureId[][] = [
  ["ball", "cat", "sun", "car", "apple", "fish"],
  ["dog", "tree", "house", "star", "duck", "banana"],
  ["bus", "flower", "bird", "cup", "hat", "moon"],
  ["rabbit", "carrot", "boat", "cloud", "shoe", "kite"],
  ["elephant", "pencil", "book", "umbrella", "pear", "train"],
  ["owl", "key", "cake", "bicycle", "leaf", "drum"],
];

export function drawFollowDirections(ctx: TemplateContext, params: ParamsOf<"follow-directions">) {
  const { canvas } = ctx;
  const directions = ctx.content.directions[params.set] ?? [];
  const [list, pictures] = splitY(ctx.box, 0.42, 14);
  panel(ctx, list, ctx.colour.soft);
  rows(inset(list, 12), directions.length, 4).forEach((row, index) => {
    const badge = canvas.startX(row, 0, 26);
    numberBadge(
      canvas,
      [badge + 13, row.y + row.height / 2],
      13,
      formatNumber(ctx.locale, index + 1),
      ctx.colour.main,
      14,
    );
    const tick = { x: canvas.startX(row, row.width - 22, 22), y: row.y + row.height / 2 - 11, width: 22, height: 22 };
    canvas.path(rectPath(tick.x, tick.y, tick.width, tick.height, 4), {
      stroke: ctx.colour.main,
      lineWidth: 1.4,
      fill: "#ffffff",
    });
    canvas.textBox(
      directions[index] ?? "",
      { x: canvas.startX(row, 36, row.width - 70), y: row.y, width: row.width - 70, height: row.height },
      {
        size: 14,
        minSize: 8,
        valign: "middle",
        color: ink,
      },
    );
  });
  grid(canvas, pictures, 3, 6, 12).forEach((cell, index) => {
    panel(ctx, cell);
    const id = directionPictures[params.set]?.[index] as PictureId;
    canvas.picture(id, inset(cell, 14), { style: "outline" });
  });
}

/** Scenes to finish by drawing: a few things drawn, the rest to add as the grown-up says. */
const drawingScenes: PictureId[][] = [
  ["house", "tree"],
  ["boat", "fish"],
  ["tent", "pine-tree"],
];

export function drawListenAndDraw(ctx: TemplateContext, params: ParamsOf<"listen-and-draw">) {
  const { canvas } = ctx;
  const lines = ctx.content.drawings[params.set] ?? [];
  const [list, scene] = [
    { ...ctx.box, height: 150 },
    { ...ctx.box, y: ctx.box.y + 164, height: ctx.box.height - 164 },
  ];
  panel(ctx, list, ctx.colour.soft);
  rows(inset(list, 12), lines.length, 4).forEach((row, index) => {
    canvas.textLine(`${formatNumber(ctx.locale, index + 1)}. ${lines[index] ?? ""}`, row, row.y + row.height / 2 + 5, {
      size: 14,
      minSize: 8,
      color: ink,
    });
  });
  canvas.path(rectPath(scene.x, scene.y, scene.width, scene.height, 16), { stroke: ctx.colour.main, lineWidth: 2 });
  const ground = scene.y + scene.height * 0.78;
  canvas.path(`M${scene.x + 10} ${ground}H${scene.x + scene.width - 10}`, { stroke: faint, lineWidth: 2 });
  const [first, second] = drawingScenes[params.set] as [PictureId, PictureId];
  const [left, right] = columns(
    canvas,
    { ...scene, y: ground - scene.height * 0.36, height: scene.height * 0.36 },
    [1, 1],
    40,
  ) as [Box, Box];
  canvas.picture(first, inset(left, 10), { style: "outline" });
  canvas.picture(second, inset(right, 16), { style: "outline" });
}
