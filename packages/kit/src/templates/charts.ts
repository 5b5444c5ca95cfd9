import type { Box } from "../canvas.server.ts";
import type { PrintableParams } from "../catalogue.ts";
import { ellipsePath, polylinePath, rectPath, starPoints } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import { faint, grid, ink, rows, type TemplateContext } from "./context.ts";

const star = (cx: number, cy: number, r: number) => polylinePath(starPoints(cx, cy + r * 0.08, r, r * 0.45, 5), true);

/** A week table: one row per entry, a label, then a mark to fill for each day. */
function weekTable(ctx: TemplateContext, entries: string[], mark: "box" | "star") {
  const { canvas, box } = ctx;
  const days = ctx.content.page.days;
  const labelWidth = box.width * 0.36;
  const header: Box = { ...box, height: 28 };
  const dayWidth = (box.width - labelWidth) / days.length;
  days.forEach((day, i) => {
    const x = canvas.startX(box, labelWidth + i * dayWidth, dayWidth);
    canvas.textLine(day, { x, width: dayWidth }, header.y + 18, {
      role: "heading",
      size: 12,
      minSize: 7,
      align: "center",
      color: ctx.colour.main,
    });
  });
  const body: Box = { ...box, y: box.y + 34, height: box.height - 34 };
  rows(body, entries.length, 6).forEach((row, index) => {
    canvas.path(rectPath(row.x, row.y, row.width, row.height, 10), {
      stroke: faint,
      lineWidth: 0.8,
      fill: index % 2 ? "#ffffff" : ctx.colour.soft,
    });
    const number = canvas.startX(row, 8, 24);
    canvas.path(ellipsePath(number + 12, row.y + row.height / 2, 11), { fill: ctx.colour.main });
    canvas.textLine(formatNumber(ctx.locale, index + 1), { x: number, width: 24 }, row.y + row.height / 2 + 4.5, {
      role: "heading",
      size: 12,
      color: "#ffffff",
      align: "center",
    });
    canvas.textBox(
      entries[index] ?? "",
      { x: canvas.startX(row, 40, labelWidth - 44), y: row.y + 6, width: labelWidth - 44, height: row.height - 12 },
      {
        size: 13,
        minSize: 8,
        valign: "middle",
        lineHeight: 1.15,
      },
    );
    days.forEach((_, i) => {
      const cx = canvas.startX(row, labelWidth + i * dayWidth, dayWidth) + dayWidth / 2;
      const cy = row.y + row.height / 2;
      const r = Math.min(dayWidth, row.height) * 0.3;
      canvas.path(mark === "star" ? star(cx, cy, r) : rectPath(cx - r, cy - r, r * 2, r * 2, 4), {
        stroke: ink,
        lineWidth: 1,
        fill: "#ffffff",
      });
    });
  });
}

export function drawRoutineChart(
  ctx: TemplateContext,
  params: Extract<PrintableParams, { template: "routine-chart" }>,
) {
  weekTable(ctx, ctx.content.routines[params.routine].steps, "box");
}

export function drawChoreChart(ctx: TemplateContext, params: Extract<PrintableParams, { template: "chore-chart" }>) {
  weekTable(ctx, ctx.content.chores[params.set], "star");
}

export function drawRewardChart(ctx: TemplateContext, stars: number) {
  const columns = 5;
  grid(ctx.canvas, ctx.box, columns, stars, 10).forEach((cell, index) => {
    const r = Math.min(cell.width, cell.height) * 0.42;
    ctx.canvas.path(star(cell.x + cell.width / 2, cell.y + cell.height / 2, r), {
      stroke: ctx.colour.main,
      lineWidth: 2,
      fill: index === stars - 1 ? ctx.colour.soft : "#ffffff",
    });
    ctx.canvas.textLine(
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
}

export function drawScreenTimeTokens(ctx: TemplateContext) {
  grid(ctx.canvas, ctx.box, 3, 12, 12).forEach((cell) => {
    ctx.canvas.path(rectPath(cell.x, cell.y, cell.width, cell.height, 6), {
      stroke: faint,
      lineWidth: 1,
      dash: [6, 4],
    });
    const r = Math.min(cell.width, cell.height) * 0.38;
    const cx = cell.x + cell.width / 2;
    const cy = cell.y + cell.height / 2;
    ctx.canvas.path(ellipsePath(cx, cy, r), { stroke: ctx.colour.main, lineWidth: 3, fill: ctx.colour.soft });
    ctx.canvas.path(rectPath(cx - r * 0.45, cy - r * 0.55, r * 0.9, r * 0.6, 4), { stroke: ink, lineWidth: 1.4 });
    ctx.canvas.textLine(ctx.content.values.token, { x: cx - r, width: r * 2 }, cy + r * 0.45, {
      role: "heading",
      size: 14,
      minSize: 8,
      align: "center",
    });
  });
}

export function drawChecklist(ctx: TemplateContext, entries: string[]) {
  rows(ctx.box, Math.max(entries.length, 6), 10).forEach((row, index) => {
    const entry = entries[index];
    if (!entry) return;
    ctx.canvas.path(rectPath(row.x, row.y, row.width, row.height, 12), { stroke: faint, lineWidth: 0.8 });
    const size = Math.min(row.height * 0.5, 30);
    const x = ctx.canvas.startX(row, 14, size);
    ctx.canvas.path(rectPath(x, row.y + (row.height - size) / 2, size, size, 6), {
      stroke: ctx.colour.main,
      lineWidth: 2,
    });
    ctx.canvas.textBox(
      entry,
      {
        x: ctx.canvas.startX(row, size + 30, row.width - size - 44),
        y: row.y + 6,
        width: row.width - size - 44,
        height: row.height - 12,
      },
      {
        role: "heading",
        size: 17,
        minSize: 9,
        valign: "middle",
      },
    );
  });
}
