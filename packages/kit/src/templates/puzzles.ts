import type { PrintableParams } from "../catalogue.ts";
import { figureOutlines, pointsAlong } from "../draw/figures.ts";
import { generateMaze } from "../draw/maze.ts";
import { ellipsePath, polylinePath, starPoints } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import { seededRandom } from "../random.ts";
import { ink, type TemplateContext } from "./context.ts";

export function drawMaze(ctx: TemplateContext, params: Extract<PrintableParams, { template: "maze" }>) {
  const { canvas, box } = ctx;
  const walls = generateMaze(params.size, seededRandom(params.seed));
  const labelSpace = 30;
  const side = Math.min(box.width - 40, box.height - labelSpace * 2);
  const cell = side / params.size;
  const left = box.x + (box.width - side) / 2;
  const top = box.y + labelSpace;
  // Mirrored in RTL, so the way in is at the reading start.
  const x = (column: number) => (canvas.rtl ? left + side - column * cell : left + column * cell);
  let d = "";
  walls.forEach(([wallTop, wallRight, wallBottom, wallLeft], index) => {
    const r = Math.floor(index / params.size);
    const c = index % params.size;
    const y0 = top + r * cell;
    const y1 = y0 + cell;
    const entrance = index === 0;
    const exit = index === walls.length - 1;
    if (wallTop && !entrance) d += `M${x(c)} ${y0}L${x(c + 1)} ${y0}`;
    if (wallLeft && c === 0) d += `M${x(c)} ${y0}L${x(c)} ${y1}`;
    if (wallRight) d += `M${x(c + 1)} ${y0}L${x(c + 1)} ${y1}`;
    if (wallBottom && !exit) d += `M${x(c)} ${y1}L${x(c + 1)} ${y1}`;
  });
  canvas.path(d, { stroke: ctx.colour.main, lineWidth: Math.max(2, 7 - params.size * 0.35), lineCap: "round" });
  const startX = (x(0) + x(1)) / 2;
  const endX = (x(params.size - 1) + x(params.size)) / 2;
  const labelWidth = 90;
  const labelAt = (centre: number) => ({
    x: Math.min(Math.max(centre - labelWidth / 2, box.x), box.x + box.width - labelWidth),
    width: labelWidth,
  });
  canvas.path(ellipsePath(startX, top - 8, 5), { fill: ctx.colour.main });
  canvas.textLine(ctx.content.page.start, labelAt(startX), top - 16, {
    size: 12,
    minSize: 8,
    align: "center",
    color: ink,
  });
  canvas.path(polylinePath(starPoints(endX, top + side + 10, 8, 3.5, 5), true), { fill: ctx.colour.main });
  canvas.textLine(ctx.content.page.finish, labelAt(endX), top + side + 32, {
    size: 12,
    minSize: 8,
    align: "center",
    color: ink,
  });
}

export function drawDotToDot(ctx: TemplateContext, params: Extract<PrintableParams, { template: "dot-to-dot" }>) {
  const { canvas, box } = ctx;
  const outline = figureOutlines[params.figure] ?? figureOutlines.star ?? [];
  const points = pointsAlong(outline, params.points);
  const side = Math.min(box.width - 60, box.height - 60);
  const left = box.x + (box.width - side) / 2;
  const top = box.y + (box.height - side) / 2;
  const centre = [0.5, 0.5];
  points.forEach(([px, py], index) => {
    const x = left + px * side;
    const y = top + py * side;
    canvas.path(ellipsePath(x, y, index === 0 ? 5 : 3.5), { fill: index === 0 ? ctx.colour.main : ink });
    // The number sits outside the figure, away from its centre.
    const dx = px - (centre[0] ?? 0.5);
    const dy = py - (centre[1] ?? 0.5);
    const length = Math.hypot(dx, dy) || 1;
    const lx = x + (dx / length) * 16;
    const ly = y + (dy / length) * 16;
    canvas.textLine(formatNumber(ctx.locale, index + 1), { x: lx - 14, width: 28 }, ly + 4.5, {
      size: 12,
      color: index === 0 ? ctx.colour.main : ink,
      align: "center",
    });
  });
}
