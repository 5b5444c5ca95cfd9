import type { Box } from "../canvas.server.ts";
import type { ParamsOf } from "../catalogue.ts";
import { arrowHeadPath, linePath, rectPath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { mirrorDifference } from "../pictures/picture-raster.ts";
import { type FamilyId, families, longSequences, sequences } from "../pictures/picture-sets.ts";
import { seededRandom } from "../random.ts";
import {
  circleAnswer,
  columns,
  faint,
  grid,
  ink,
  inset,
  lineAnswer,
  panel,
  rows,
  splitY,
  type TemplateContext,
  thingsFor,
  traceGrey,
  writingBox,
} from "./context.ts";
import { type ChoiceRow, drawChoiceRows, drawMatchColumns } from "./layouts.ts";

// Patterns and logic with real pictures: what comes next, same and different, the odd one out,
// what is missing, shadows, sorting into groups, putting a little story in order.

const familyIds = Object.keys(families) as FamilyId[];

export function drawPatterns(ctx: TemplateContext, params: ParamsOf<"patterns">) {
  const random = seededRandom(params.seed);
  rows(ctx.box, params.kinds.length, 12).forEach((row, index) => {
    const kind = params.kinds[index] as string;
    const pictures = random.shuffle(thingsFor(ctx)).slice(0, 4) as PictureId[];
    const slots = 8;
    const blanks = kind.length >= 4 ? 2 : 1;
    const unit = [...kind].map((letter) => letter.charCodeAt(0) - 65);
    panel(ctx, row);
    columns(
      ctx.canvas,
      inset(row, 8),
      Array.from({ length: slots }, () => 1),
      4,
    ).forEach((cell, i) => {
      const picture = pictures[unit[i % unit.length] as number] as PictureId;
      const side = Math.min(cell.width, cell.height) * 0.9;
      const box = {
        x: cell.x + (cell.width - side) / 2,
        y: cell.y + (cell.height - side) / 2,
        width: side,
        height: side,
      };
      if (i >= slots - blanks) {
        ctx.canvas.path(rectPath(box.x, box.y, box.width, box.height, 8), {
          stroke: traceGrey,
          lineWidth: 1.4,
          dash: [4, 4],
        });
        if (ctx.answers) ctx.canvas.picture(picture, inset(box, 6));
      } else ctx.canvas.picture(picture, inset(box, 2));
    });
  });
}

/**
 * Pictures that look different turned round (animals and vehicles face one way): at least a
 * third of the picture changes colour when mirrored, so a lion seen from the front, the same
 * both ways, is never the one "facing the other way".
 */
let facing: readonly PictureId[] | undefined;
export function facingPictures(): readonly PictureId[] {
  facing ??= [
    ...new Set<PictureId>([
      ...families.animals,
      ...families.vehicles,
      "snail",
      "duck",
      "rocket",
      "teapot",
      "shoe",
      "guitar",
    ]),
  ].filter((id) => mirrorDifference(id) >= 0.3);
  return facing;
}

export function drawSameDifferent(ctx: TemplateContext, params: ParamsOf<"same-different">) {
  const random = seededRandom(params.seed);
  const mirrored = random.shuffle(facingPictures());
  const choices: ChoiceRow[] = Array.from({ length: params.rows }, (_, index) => {
    const family = families[familyIds[(index + params.seed) % familyIds.length] as FamilyId] as readonly PictureId[];
    const [familyMain, other] = random.shuffle(family) as [PictureId, PictureId];
    const main = params.mode === "mirror" ? (mirrored[index] as PictureId) : familyMain;
    const count = 5;
    const odd = random.int(0, count - 1);
    if (params.mode === "same") {
      const options = random.shuffle([main, ...random.shuffle(family.filter((id) => id !== main)).slice(0, 3)]);
      return {
        prompt: (box: Box) => ctx.canvas.picture(main, box),
        options: options.map((id) => (box: Box) => ctx.canvas.picture(id, box)),
        answers: [options.indexOf(main)],
      };
    }
    return {
      options: Array.from({ length: count }, (_, i) => (box: Box) => {
        if (params.mode === "mirror") ctx.canvas.picture(main, box, { mirror: i === odd });
        else ctx.canvas.picture(i === odd ? other : main, box);
      }),
      answers: [odd],
    };
  });
  drawChoiceRows(ctx, choices);
}

export function drawOddOneOut(ctx: TemplateContext, params: ParamsOf<"odd-one-out">) {
  const random = seededRandom(params.seed);
  const choices: ChoiceRow[] = Array.from({ length: params.rows }, () => {
    const [family, otherFamily] = random.shuffle(familyIds) as [FamilyId, FamilyId];
    const group = random.shuffle(families[family] as readonly PictureId[]).slice(0, 3);
    const odd = random.pick(families[otherFamily] as readonly PictureId[]);
    const options = random.shuffle([...group, odd]);
    return { options: options.map((id) => (box: Box) => ctx.canvas.picture(id, box)), answers: [options.indexOf(odd)] };
  });
  drawChoiceRows(ctx, choices);
}

export function drawWhatsMissing(ctx: TemplateContext, params: ParamsOf<"whats-missing">) {
  const random = seededRandom(params.seed);
  rows(ctx.box, 4, 14).forEach((row) => {
    const pictures = random.shuffle(thingsFor(ctx)).slice(0, params.count) as PictureId[];
    const missing = random.int(0, params.count - 1);
    const [before, after] = columns(ctx.canvas, row, [1, 1], 30) as [Box, Box];
    panel(ctx, before, ctx.colour.soft);
    panel(ctx, after);
    const perRow = Math.ceil(params.count / 2);
    const cellsBefore = grid(ctx.canvas, inset(before, 8), perRow, params.count, 6);
    pictures.forEach((id, i) => {
      const cell = cellsBefore[i] as Box;
      ctx.canvas.picture(id, inset(cell, 4));
      if (i === missing) circleAnswer(ctx, cell);
    });
    const rest = random.shuffle(pictures.filter((_, i) => i !== missing));
    const cellsAfter = grid(ctx.canvas, inset(after, 8), perRow, params.count, 6);
    rest.forEach((id, i) => {
      ctx.canvas.picture(id, inset(cellsAfter[i] as Box, 4));
    });
    // The arrow between the two boxes: the second is the first after one thing went away.
    const mid = row.y + row.height / 2;
    const x0 = Math.min(before.x + before.width, after.x + after.width) + 4;
    const x1 = Math.max(before.x, after.x) - 4;
    const [from, to] = ctx.canvas.rtl ? [x1, x0] : [x0, x1];
    ctx.canvas.path(linePath(from, mid, to, mid), { stroke: ink, lineWidth: 2 });
    ctx.canvas.path(arrowHeadPath([from, mid], [to, mid], 9), { fill: ink });
  });
}

export function drawShadowMatch(ctx: TemplateContext, params: ParamsOf<"shadow-match">) {
  const random = seededRandom(params.seed);
  // Four pairs mix families; five or six come from one family, whose shadows look alike.
  const family = random.pick(["animals", "vehicles", "sea"] as const);
  const pool = thingsFor(
    ctx,
    params.pairs <= 4 ? [...families.animals, ...families.vehicles, ...families.toys] : families[family],
  );
  const pictures = random
    .shuffle(pool.filter((id) => id !== "piano" && id !== "dice" && id !== "box"))
    .slice(0, params.pairs);
  const order = random.shuffle(pictures.map((_, index) => index));
  drawMatchColumns(
    ctx,
    pictures.map((id) => (box: Box) => ctx.canvas.picture(id, box)),
    order.map((index) => (box: Box) => ctx.canvas.picture(pictures[index] as PictureId, box, { style: "silhouette" })),
    pictures.map((_, index) => order.indexOf(index)),
    { share: 0.3 },
  );
}

/** Groups no picture could belong to both of. */
const sortingPairs: readonly (readonly [FamilyId, FamilyId])[] = [
  ["fruit", "vehicles"],
  ["animals", "clothes"],
  ["sea", "toys"],
  ["weather", "school"],
  ["music", "bathroom"],
  ["vegetables", "toys"],
];

export function drawSorting(ctx: TemplateContext, params: ParamsOf<"sorting">) {
  const random = seededRandom(params.seed);
  const [a, b] = random.pick(sortingPairs);
  const itemsA = random.shuffle(families[a] as readonly PictureId[]).slice(0, 4);
  const itemsB = random.shuffle(families[b] as readonly PictureId[]).slice(0, 4);
  const items = random.shuffle([...itemsA, ...itemsB]);
  const [top, bottom] = splitY(ctx.box, 0.42, 40);
  const cells = grid(ctx.canvas, top, 4, items.length, 10);
  cells.forEach((cell, index) => {
    panel(ctx, cell);
    ctx.canvas.picture(items[index] as PictureId, inset(cell, 10));
  });
  const groups = columns(ctx.canvas, bottom, [1, 1], 20) as [Box, Box];
  [a, b].forEach((family, index) => {
    const group = groups[index] as Box;
    ctx.canvas.path(rectPath(group.x, group.y, group.width, group.height, 18), {
      stroke: ctx.colour.main,
      lineWidth: 2.2,
      fill: ctx.colour.soft,
    });
    // The group's name and a picture of it that is not among the things to sort.
    const emblem = (families[family] as readonly PictureId[]).find((id) => !items.includes(id)) as PictureId;
    const headline = inset({ ...group, height: 70 }, 12, 8);
    const [icon, name] = columns(ctx.canvas, headline, [0.3, 0.7], 8) as [Box, Box];
    ctx.canvas.picture(emblem, icon);
    ctx.canvas.textLine(ctx.content.values.families[family], name, name.y + name.height / 2 + 7, {
      role: "heading",
      size: 20,
      minSize: 9,
      color: ctx.colour.main,
    });
  });
  if (!ctx.answers) return;
  items.forEach((id, index) => {
    const cell = cells[index] as Box;
    const group = groups[itemsA.includes(id) ? 0 : 1] as Box;
    lineAnswer(ctx, [
      [cell.x + cell.width / 2, cell.y + cell.height],
      [group.x + group.width / 2, group.y + 80],
    ]);
  });
}

export function drawSequencing(ctx: TemplateContext, params: ParamsOf<"sequencing">) {
  const random = seededRandom(params.seed);
  const pool = params.steps === 3 ? sequences : longSequences;
  const stories = random.shuffle(pool).slice(0, params.steps === 3 ? 4 : 3);
  rows(ctx.box, stories.length, 14).forEach((row, index) => {
    const story = stories[index] as readonly PictureId[];
    const order = random.shuffle(story.map((_, i) => i));
    // Never the right order already.
    if (order.every((value, i) => value === i)) order.reverse();
    panel(ctx, row);
    columns(
      ctx.canvas,
      inset(row, 10),
      order.map(() => 1),
      14,
    ).forEach((cell, i) => {
      const step = order[i] as number;
      const side = Math.min(cell.height - 58, cell.width);
      ctx.canvas.picture(story[step] as PictureId, {
        x: cell.x + (cell.width - side) / 2,
        y: cell.y,
        width: side,
        height: side,
      });
      writingBox(
        ctx,
        { x: cell.x + cell.width / 2 - 24, y: cell.y + cell.height - 50, width: 48, height: 48 },
        formatNumber(ctx.locale, step + 1),
      );
    });
    ctx.canvas.path(rectPath(row.x, row.y, row.width, row.height, 12), { stroke: faint, lineWidth: 0.5 });
  });
}
