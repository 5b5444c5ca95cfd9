import type { Box } from "../canvas.server.ts";
import type { ParamsOf, ShapeId } from "../catalogue.ts";
import { shapePath } from "../draw/figures.ts";
import { rectPath } from "../draw/paths.ts";
import { formatNumber, lowerCase } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { families, longSequences, sequences, shapedThings } from "../pictures/picture-sets.ts";
import { type Random, seededRandom } from "../random.ts";
import { columns, ink, inset, numberBadge, panel, rows, splitY, type TemplateContext, thingsFor } from "./context.ts";

// Cut and paste: a board to glue onto and, under it, the pieces to cut out along their dashed
// lines. Sorting by first sound, by family, by size or by shape, putting a story in order, and
// filling ten frames. The answer key shows every piece glued where it belongs.

/** What a piece shows: a picture, or a picture drawn small (the "small" of big and small). */
type Piece = { picture: PictureId; small?: boolean };

/** A place to glue a piece: dashed in the page's colour, the same size as the pieces. */
function glueSpot(ctx: TemplateContext, box: Box, piece: Piece) {
  ctx.canvas.path(rectPath(box.x, box.y, box.width, box.height, 6), {
    stroke: ctx.colour.main,
    lineWidth: 1.2,
    dash: [3, 3],
    fill: ctx.colour.soft,
  });
  if (ctx.answers) drawPiece(ctx, box, piece);
}

function drawPiece(ctx: TemplateContext, box: Box, piece: Piece) {
  ctx.canvas.picture(piece.picture, inset(box, Math.min(box.width, box.height) * (piece.small ? 0.3 : 0.1)));
}

/** The pieces to cut out, in a strip of dashed boxes under a pair of scissors, `side` wide each. */
function cutStrip(ctx: TemplateContext, box: Box, pieces: Piece[], side: number) {
  const perRow = Math.min(pieces.length, Math.floor((box.width - 30) / (side + 6)));
  const lines = Math.ceil(pieces.length / perRow);
  const height = lines * side + (lines - 1) * 6;
  const width = perRow * side + (perRow - 1) * 6;
  // From the reading start: the scissors, then the pieces centred in the rest of the strip.
  const first = 30 + (box.width - 30 - width) / 2;
  const top = box.y + (box.height - height) / 2;
  ctx.canvas.picture(
    "scissors",
    { x: ctx.canvas.startX(box, 0, 24), y: top + side / 2 - 12, width: 24, height: 24 },
    { mirror: !ctx.canvas.rtl },
  );
  pieces.forEach((piece, index) => {
    const column = index % perRow;
    const line = Math.floor(index / perRow);
    const x = ctx.canvas.startX(box, first + column * (side + 6), side);
    const cell = { x, y: top + line * (side + 6), width: side, height: side };
    ctx.canvas.path(rectPath(cell.x, cell.y, cell.width, cell.height), { stroke: ink, lineWidth: 1.2, dash: [6, 4] });
    drawPiece(ctx, cell, piece);
  });
}

/** A board of columns, each with a heading drawn by `head` and `spots` glue spots under it. */
function sortBoard(
  ctx: TemplateContext,
  board: Box,
  groups: { head: (box: Box) => void; pieces: Piece[] }[],
  side: number,
) {
  columns(
    ctx.canvas,
    board,
    groups.map(() => 1),
    14,
  ).forEach((column, index) => {
    const group = groups[index];
    if (!group) return;
    panel(ctx, column);
    const head = { ...inset(column, 8), height: Math.min(90, column.height * 0.3) };
    group.head(head);
    const spots = {
      ...column,
      y: head.y + head.height + 8,
      height: column.y + column.height - head.y - head.height - 16,
    };
    const gap = Math.max(6, (spots.height - group.pieces.length * side) / Math.max(1, group.pieces.length));
    group.pieces.forEach((piece, i) => {
      glueSpot(
        ctx,
        { x: column.x + (column.width - side) / 2, y: spots.y + i * (side + gap), width: side, height: side },
        piece,
      );
    });
  });
}

/** A letter pair, a word or a number heading a column, large. */
function bigWord(ctx: TemplateContext, box: Box, text: string) {
  ctx.canvas.textLine(text, box, box.y + box.height / 2 + 12, {
    role: "heading",
    size: 32,
    minSize: 12,
    color: ink,
    align: "center",
  });
}

/** Two letters with three pictures each that start with their sound. */
function soundsGroups(ctx: TemplateContext, random: Random) {
  const letters = Object.entries(ctx.words.letters).filter(
    ([letter, pictures]) => pictures.length >= 3 && !ctx.words.lettersInside.includes(letter),
  );
  return random
    .shuffle(letters)
    .slice(0, 2)
    .map(([letter, pictures]) => ({
      head: (box: Box) =>
        bigWord(ctx, box, ctx.locale === "ar" ? letter : `${letter} ${lowerCase(ctx.locale, letter)}`),
      pieces: pictures.slice(0, 3).map((picture): Piece => ({ picture })),
    }));
}

function familyGroups(ctx: TemplateContext, random: Random) {
  const [a, b] = random.shuffle(["fruit", "vegetables", "animals", "vehicles", "clothes", "toys"] as const);
  return [a, b].map((family) => {
    const [example, ...rest] = random.shuffle(families[family ?? "fruit"]);
    return {
      head: (box: Box) => ctx.canvas.picture(example as PictureId, inset(box, 6)),
      pieces: rest.slice(0, 3).map((picture): Piece => ({ picture })),
    };
  });
}

function sizeGroups(ctx: TemplateContext, random: Random) {
  const picture = random.pick(thingsFor(ctx));
  return [false, true].map((small) => ({
    head: (box: Box) => bigWord(ctx, box, small ? ctx.content.values.small : ctx.content.values.big),
    pieces: [0, 1, 2].map((): Piece => ({ picture, small })),
  }));
}

function shapeGroups(ctx: TemplateContext, random: Random) {
  const shapes: ShapeId[] = ["circle", "square", "triangle"];
  return shapes.map((shape) => ({
    head: (box: Box) =>
      ctx.canvas.path(
        shapePath(shape, box.x + box.width / 2, box.y + box.height / 2, Math.min(box.width, box.height) * 0.8),
        {
          stroke: ctx.colour.main,
          lineWidth: 2.4,
        },
      ),
    pieces: random
      .shuffle(shapedThings[shape] ?? [])
      .slice(0, 2)
      .map((picture): Piece => ({ picture })),
  }));
}

/** A story in pictures: numbered spots in reading order, the scenes shuffled in the strip. */
function drawSequenceBoard(ctx: TemplateContext, board: Box, story: readonly PictureId[], side: number) {
  columns(
    ctx.canvas,
    board,
    story.map(() => 1),
    12,
  ).forEach((cell, index) => {
    const spot = {
      x: cell.x + (cell.width - side) / 2,
      y: board.y + (board.height - side) / 2 + 14,
      width: side,
      height: side,
    };
    numberBadge(
      ctx.canvas,
      [cell.x + cell.width / 2, spot.y - 22],
      14,
      formatNumber(ctx.locale, index + 1),
      ctx.colour.main,
      15,
    );
    glueSpot(ctx, spot, { picture: story[index] as PictureId });
  });
}

/** Ten frames (frames of five below 6) partly filled: glue pieces into the empty squares to make the number. */
function drawTenFrameBoard(
  ctx: TemplateContext,
  board: Box,
  targets: { make: number; have: number }[],
  picture: PictureId,
) {
  rows(board, targets.length, 12).forEach((row, index) => {
    const { make, have } = targets[index] as { make: number; have: number };
    panel(ctx, row);
    const [label, frameBox] = columns(ctx.canvas, inset(row, 10, 8), [0.2, 0.8], 10) as [Box, Box];
    bigWord(ctx, label, formatNumber(ctx.locale, make));
    const cellsPerRow = 5;
    const frameRows = make > 5 ? 2 : 1;
    const side = Math.min(frameBox.width / cellsPerRow, frameBox.height / frameRows);
    const left = frameBox.x + (frameBox.width - side * cellsPerRow) / 2;
    const top = frameBox.y + (frameBox.height - side * frameRows) / 2;
    for (let i = 0; i < cellsPerRow * frameRows; i++) {
      const column = ctx.canvas.rtl ? cellsPerRow - 1 - (i % cellsPerRow) : i % cellsPerRow;
      const cell = { x: left + column * side, y: top + Math.floor(i / cellsPerRow) * side, width: side, height: side };
      ctx.canvas.path(rectPath(cell.x, cell.y, side, side), { stroke: ctx.colour.main, lineWidth: 1.2 });
      if (i < have) ctx.canvas.picture(picture, inset(cell, side * 0.14));
      else if (i < make) glueSpot(ctx, inset(cell, side * 0.06), { picture });
    }
  });
}

export function drawCutAndPaste(ctx: TemplateContext, params: ParamsOf<"cut-and-paste">) {
  const random = seededRandom(params.seed);
  const [board, strip] = splitY(ctx.box, 0.7, 14);
  const side = Math.min(74, (strip.height - 6) / 2);
  if (params.mode === "sequence") {
    const pool = params.max === 5 ? sequences : longSequences;
    const story = random.pick(pool);
    const piece = Math.min(side * 1.3, (board.width - 12 * story.length) / story.length);
    panel(ctx, board, ctx.colour.soft);
    drawSequenceBoard(ctx, inset(board, 12), story, piece);
    const order = random.shuffle(story.map((_, i) => i));
    if (order.every((value, i) => value === i)) order.reverse();
    cutStrip(
      ctx,
      strip,
      order.map((i): Piece => ({ picture: story[i] as PictureId })),
      piece,
    );
    return;
  }
  if (params.mode === "ten-frame") {
    const picture = random.pick(thingsFor(ctx));
    const makes = random.shuffle(params.max === 5 ? [3, 4, 5] : [6, 7, 8, 9, 10]).slice(0, 2);
    // Two to four squares to fill in each frame: enough to count on, few enough to cut out.
    const targets = makes.map((make) => ({ make, have: make - random.int(2, Math.min(4, make - 1)) }));
    drawTenFrameBoard(ctx, board, targets, picture);
    const pieces = targets.flatMap(({ make, have }) => Array.from({ length: make - have }, (): Piece => ({ picture })));
    cutStrip(ctx, strip, pieces, Math.min(side, 56));
    return;
  }
  const groups =
    params.mode === "sounds"
      ? soundsGroups(ctx, random)
      : params.mode === "families"
        ? familyGroups(ctx, random)
        : params.mode === "sizes"
          ? sizeGroups(ctx, random)
          : shapeGroups(ctx, random);
  sortBoard(ctx, board, groups, side);
  cutStrip(ctx, strip, random.shuffle(groups.flatMap((group) => group.pieces)), side);
}
