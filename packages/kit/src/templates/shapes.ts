import type { Box } from "../canvas.server.ts";
import type { ParamsOf, ShapeId } from "../catalogue.ts";
import { shapePath } from "../draw/figures.ts";
import { ellipsePath, rectPath } from "../draw/paths.ts";
import { parsePath } from "../draw/svg-path.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { type ColourId, colouredThings, families, shapedThings } from "../pictures/picture-sets.ts";
import { seededRandom } from "../random.ts";
import { startGreen } from "../tracing/trace-drawing.ts";
import { columns, faint, grid, ink, inset, panel, rows, swatches, type TemplateContext, traceDots } from "./context.ts";

// Shapes and colours: shapes traced beside the things that have them, finding shapes in real
// things, colouring by shape and by the colour things really are.

export function drawTraceShapes(ctx: TemplateContext, params: ParamsOf<"trace-shapes">) {
  rows(ctx.box, params.shapes.length, 14).forEach((row, index) => {
    const shape = params.shapes[index] as ShapeId;
    const [model, line] = columns(ctx.canvas, row, [0.3, 0.7], 12) as [Box, Box];
    panel(ctx, model, ctx.colour.soft);
    const [shapeBox, things] = columns(ctx.canvas, inset(model, 8), [1, 0.8], 6) as [Box, Box];
    const size = Math.min(shapeBox.width, shapeBox.height) * 0.86;
    ctx.canvas.path(shapePath(shape, shapeBox.x + shapeBox.width / 2, shapeBox.y + shapeBox.height / 2, size), {
      stroke: ctx.colour.main,
      lineWidth: 3,
      fill: "#ffffff",
    });
    const examples = shapedThings[shape] ?? [];
    rows(things, Math.max(1, Math.min(2, examples.length)), 6).forEach((cell, i) => {
      const id = examples[i];
      if (id) ctx.canvas.picture(id, cell);
    });
    panel(ctx, line);
    // Three to trace, then room for one drawn alone.
    const step = Math.min(line.height * 0.8, (line.width - 20) / 4);
    for (let i = 0; i < 3; i++) {
      const cx = ctx.canvas.startX(line, 10 + i * (step + 4), step) + step / 2;
      const cy = line.y + line.height / 2;
      const d = shapePath(shape, cx, cy, step * 0.84);
      ctx.canvas.path(d, traceDots(3.2));
      const [start] = parsePath(d);
      if (start && start.kind !== "Z")
        ctx.canvas.path(ellipsePath(start.to[0], start.to[1], 4.5), { fill: startGreen });
    }
  });
}

const huntColours: ColourId[] = ["red", "blue", "green", "orange"];

/** A row of keys over a page: each shape filled in its colour, with a word beside it. */
function shapeKey(
  ctx: TemplateContext,
  box: Box,
  entries: { shape: ShapeId; colour: ColourId; label: string }[],
  role: "heading" | "body",
) {
  columns(
    ctx.canvas,
    box,
    entries.map(() => 1),
    10,
  ).forEach((cell, index) => {
    const { shape, colour, label } = entries[index] as (typeof entries)[number];
    panel(ctx, cell);
    ctx.canvas.path(shapePath(shape, ctx.canvas.startX(cell, 10, 38) + 19, cell.y + cell.height / 2, 33), {
      stroke: ink,
      lineWidth: 1.1,
      fill: swatches[colour],
    });
    ctx.canvas.textLine(
      label,
      { x: ctx.canvas.startX(cell, 55, cell.width - 62), width: cell.width - 62 },
      cell.y + cell.height / 2 + 5,
      { role, size: 13, minSize: 7 },
    );
  });
}

export function drawShapeHunt(ctx: TemplateContext, params: ParamsOf<"shape-hunt">) {
  const random = seededRandom(params.seed);
  const keyHeight = 58;
  shapeKey(
    ctx,
    { ...ctx.box, height: keyHeight },
    params.shapes.map((shape, index) => {
      const colour = huntColours[index] as ColourId;
      return { shape, colour, label: `${ctx.content.values.shapes[shape]}: ${ctx.content.values.colours[colour]}` };
    }),
    "heading",
  );
  const targets = params.shapes.flatMap((shape, index) =>
    random
      .shuffle(shapedThings[shape] ?? [])
      .slice(0, 3)
      .map((id) => ({ id, colour: huntColours[index] as ColourId })),
  );
  const others = random
    .shuffle([...families.animals, ...families.clothes])
    .slice(0, 16 - targets.length)
    .map((id) => ({ id: id as PictureId, colour: undefined }));
  const items = random.shuffle([...targets, ...others]);
  grid(
    ctx.canvas,
    { ...ctx.box, y: ctx.box.y + keyHeight + 14, height: ctx.box.height - keyHeight - 14 },
    4,
    items.length,
    10,
  ).forEach((cell, index) => {
    const item = items[index] as { id: PictureId; colour: ColourId | undefined };
    ctx.canvas.path(rectPath(cell.x, cell.y, cell.width, cell.height, 10), { stroke: faint, lineWidth: 0.8 });
    ctx.canvas.picture(item.id, inset(cell, 14));
    if (ctx.answers && item.colour) {
      ctx.canvas.path(
        ellipsePath(cell.x + cell.width / 2, cell.y + cell.height / 2, cell.width * 0.46, cell.height * 0.46),
        {
          stroke: swatches[item.colour],
          lineWidth: 4,
        },
      );
    }
  });
}

export function drawColourShapes(ctx: TemplateContext, params: ParamsOf<"colour-shapes">) {
  const random = seededRandom(params.seed);
  const colours = random
    .shuffle(["red", "blue", "yellow", "green", "orange", "purple"] as const)
    .slice(0, params.shapes.length);
  const keyHeight = 56;
  shapeKey(
    ctx,
    { ...ctx.box, height: keyHeight },
    params.shapes.map((shape, index) => {
      const colour = colours[index] as ColourId;
      return { shape, colour, label: ctx.content.values.colours[colour] };
    }),
    "body",
  );
  const area: Box = { ...ctx.box, y: ctx.box.y + keyHeight + 20, height: ctx.box.height - keyHeight - 20 };
  for (const cell of grid(ctx.canvas, area, 4, 16, 8)) {
    const index = random.int(0, params.shapes.length - 1);
    const shape = params.shapes[index] as ShapeId;
    const size = (Math.min(cell.width, cell.height) * random.int(55, 85)) / 100;
    ctx.canvas.path(shapePath(shape, cell.x + cell.width / 2, cell.y + cell.height / 2, size), {
      stroke: ink,
      lineWidth: 1.8,
      ...(ctx.answers && { fill: swatches[colours[index] as (typeof colours)[number]] }),
    });
  }
}

export function drawColourWords(ctx: TemplateContext, params: ParamsOf<"colour-words">) {
  const random = seededRandom(params.seed);
  const colours = random.shuffle(Object.keys(colouredThings) as ColourId[]);
  grid(ctx.canvas, ctx.box, 2, 8, 12).forEach((cell, index) => {
    const colour = colours[index % colours.length] as ColourId;
    const id = random.pick(colouredThings[colour]);
    panel(ctx, cell);
    const label = 26;
    ctx.canvas.picture(id, inset({ ...cell, height: cell.height - label }, 10), {
      style: ctx.answers ? "colour" : "outline",
    });
    const bottom = { ...cell, y: cell.y + cell.height - label - 4, height: label };
    const word = ctx.content.values.colours[colour];
    // The colour's dot and its word side by side, so a black-and-white print still says it.
    const size = 15;
    const wordWidth = Math.min(ctx.canvas.measure(word, "body", size), bottom.width - 60);
    const pair = 16 + 8 + wordWidth;
    const start = { ...bottom, x: bottom.x + (bottom.width - pair) / 2, width: pair };
    const dot = ctx.canvas.startX(start, 0, 16);
    ctx.canvas.path(ellipsePath(dot + 8, bottom.y + bottom.height / 2, 8), {
      fill: swatches[colour],
      stroke: ink,
      lineWidth: 0.8,
    });
    ctx.canvas.textLine(
      word,
      { x: ctx.canvas.startX(start, 24, wordWidth), width: wordWidth },
      bottom.y + bottom.height / 2 + size * 0.36,
      { size, minSize: 7, color: ink, align: "start" },
    );
  });
}
