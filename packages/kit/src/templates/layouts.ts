import type { Box } from "../canvas.server.ts";
import type { Point } from "../draw/svg-path.ts";
import { circleAnswer, columns, inset, joinDot, lineAnswer, panel, rows, type TemplateContext } from "./context.ts";

// The two layouts most puzzles share. Choice rows: a prompt, then options to circle. Matching
// columns: things on one side to join with a line to things on the other. Both draw their own
// answers in the answer key.

export type CellDraw = (box: Box) => void;

export type ChoiceRow = { prompt?: CellDraw; options: CellDraw[]; answers: number[] };

export function drawChoiceRows(
  ctx: TemplateContext,
  choices: ChoiceRow[],
  options: { promptShare?: number; gap?: number } = {},
) {
  rows(ctx.box, choices.length, options.gap ?? 10).forEach((row, index) => {
    const choice = choices[index] as ChoiceRow;
    panel(ctx, row);
    const inner = inset(row, 8, 6);
    const promptWidth = choice.prompt ? Math.min(inner.height * 1.1, inner.width * (options.promptShare ?? 0.22)) : 0;
    if (choice.prompt) {
      const prompt = {
        x: ctx.canvas.startX(inner, 0, promptWidth),
        y: inner.y,
        width: promptWidth,
        height: inner.height,
      };
      panel(ctx, prompt, ctx.colour.soft);
      choice.prompt(inset(prompt, 6));
    }
    const before = promptWidth + (choice.prompt ? 14 : 0);
    const area = {
      x: ctx.canvas.startX(inner, before, inner.width - before),
      y: inner.y,
      width: inner.width - before,
      height: inner.height,
    };
    const cells = columns(
      ctx.canvas,
      area,
      choice.options.map(() => 1),
      8,
    );
    choice.options.forEach((draw, i) => {
      const cell = cells[i] as Box;
      draw(inset(cell, 4));
      if (choice.answers.includes(i)) circleAnswer(ctx, inset(cell, 2));
    });
  });
}

/**
 * Two columns to join: `pairs[i]` is the index on the far side that left item `i` goes with.
 * Dots sit on the inner edges, where the lines start and end.
 */
export function drawMatchColumns(
  ctx: TemplateContext,
  near: CellDraw[],
  far: CellDraw[],
  pairs: number[],
  options: { share?: number } = {},
) {
  const share = options.share ?? 0.3;
  const lines = rows(ctx.box, Math.max(near.length, far.length), 12);
  const width = ctx.box.width * share;
  const dots: { near: Point[]; far: Point[] } = { near: [], far: [] };
  lines.forEach((row, index) => {
    const nearBox = { ...row, x: ctx.canvas.startX(row, 0, width), width };
    const farBox = { ...row, x: ctx.canvas.startX(row, row.width - width, width), width };
    const cy = row.y + row.height / 2;
    const nearEdge = ctx.canvas.rtl ? nearBox.x - 12 : nearBox.x + width + 12;
    const farEdge = ctx.canvas.rtl ? farBox.x + width + 12 : farBox.x - 12;
    const drawNear = near[index];
    if (drawNear) {
      panel(ctx, nearBox, ctx.colour.soft);
      drawNear(inset(nearBox, 6));
      joinDot(ctx, [nearEdge, cy]);
      dots.near[index] = [nearEdge, cy];
    }
    const drawFar = far[index];
    if (drawFar) {
      panel(ctx, farBox, ctx.colour.soft);
      drawFar(inset(farBox, 6));
      joinDot(ctx, [farEdge, cy]);
      dots.far[index] = [farEdge, cy];
    }
  });
  pairs.forEach((farIndex, nearIndex) => {
    const from = dots.near[nearIndex];
    const to = dots.far[farIndex];
    if (from && to) lineAnswer(ctx, [from, to]);
  });
}
