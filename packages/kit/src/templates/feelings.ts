import type { Box } from "../canvas.server.ts";
import { type EmotionId, emotionIds, type PrintableParams } from "../catalogue.ts";
import { shapePath } from "../draw/figures.ts";
import { ellipsePath, linePath, polygonPoints, polylinePath, rectPath, starPoints } from "../draw/paths.ts";
import { faint, grid, ink, rows, swatches, type TemplateContext } from "./context.ts";

/** A face showing an emotion, drawn from a circle, eyes, brows and a mouth. */
export function drawFace(
  ctx: TemplateContext,
  cx: number,
  cy: number,
  r: number,
  emotion: EmotionId,
  fill = "#fff6d6",
) {
  const { canvas } = ctx;
  const line = { stroke: ink, lineWidth: Math.max(1.2, r / 14) };
  canvas.path(ellipsePath(cx, cy, r), { fill, stroke: ink, lineWidth: Math.max(1.2, r / 16) });
  const eyeY = cy - r * 0.2;
  const eyeX = r * 0.35;
  if (emotion === "calm") {
    for (const side of [-1, 1])
      canvas.path(
        `M${cx + side * eyeX - r * 0.12} ${eyeY}Q${cx + side * eyeX} ${eyeY + r * 0.1} ${cx + side * eyeX + r * 0.12} ${eyeY}`,
        line,
      );
  } else {
    const eyeR = emotion === "surprised" || emotion === "scared" ? r * 0.1 : r * 0.075;
    for (const side of [-1, 1]) canvas.path(ellipsePath(cx + side * eyeX, eyeY, eyeR), { fill: ink });
  }
  const brow = (tilt: number, lift: number) => {
    for (const side of [-1, 1]) {
      const bx = cx + side * eyeX;
      const by = eyeY - r * (0.22 + lift);
      canvas.path(linePath(bx - r * 0.14, by + side * tilt * r, bx + r * 0.14, by - side * tilt * r), line);
    }
  };
  const mouthY = cy + r * 0.35;
  const w = r * 0.38;
  switch (emotion) {
    case "happy":
      canvas.path(`M${cx - w} ${mouthY - r * 0.08}Q${cx} ${mouthY + r * 0.3} ${cx + w} ${mouthY - r * 0.08}`, line);
      break;
    case "calm":
      canvas.path(`M${cx - w * 0.7} ${mouthY}Q${cx} ${mouthY + r * 0.14} ${cx + w * 0.7} ${mouthY}`, line);
      break;
    case "sad":
      canvas.path(`M${cx - w} ${mouthY + r * 0.12}Q${cx} ${mouthY - r * 0.2} ${cx + w} ${mouthY + r * 0.12}`, line);
      brow(-0.08, 0.02);
      break;
    case "angry":
      canvas.path(linePath(cx - w * 0.8, mouthY + r * 0.05, cx + w * 0.8, mouthY + r * 0.05), line);
      brow(0.1, 0);
      break;
    case "scared":
      canvas.path(
        `M${cx - w} ${mouthY + r * 0.05}L${cx - w / 2} ${mouthY - r * 0.04}L${cx} ${mouthY + r * 0.05}L${cx + w / 2} ${mouthY - r * 0.04}L${cx + w} ${mouthY + r * 0.05}`,
        line,
      );
      brow(-0.06, 0.1);
      break;
    case "surprised":
      canvas.path(ellipsePath(cx, mouthY + r * 0.02, r * 0.14, r * 0.18), line);
      brow(0, 0.14);
      break;
  }
}

export function drawEmotionFaces(ctx: TemplateContext, emotions: readonly EmotionId[]) {
  const cells = grid(ctx.canvas, ctx.box, 2, emotions.length <= 4 ? 4 : 6, 14);
  emotions.forEach((emotion, index) => {
    const cell = cells[index] as Box;
    ctx.canvas.path(rectPath(cell.x, cell.y, cell.width, cell.height, 14), { stroke: faint, lineWidth: 0.8 });
    const r = Math.min(cell.width, cell.height) * 0.27;
    drawFace(ctx, cell.x + cell.width / 2, cell.y + r + 14, r, emotion);
    const word = ctx.content.values.emotions[emotion];
    const size = Math.min(34, cell.height * 0.16);
    const width = ctx.canvas.measure(word, "trace", size);
    const baseline = cell.y + r * 2 + 30 + size;
    const fitted = Math.min(size, (size * (cell.width - 24)) / Math.max(width, 1));
    const traced = ctx.canvas.measure(word, "trace", fitted);
    ctx.canvas.traceText(word, cell.x + (cell.width - traced) / 2, baseline, fitted, {
      stroke: "#8d95a3",
      lineWidth: 0.9,
    });
    ctx.canvas.path(linePath(cell.x + 14, baseline + 4, cell.x + cell.width - 14, baseline + 4), {
      stroke: ctx.colour.main,
      lineWidth: 1,
    });
  });
}

export function drawFeelingsCheckin(ctx: TemplateContext) {
  const faces: EmotionId[] = ["happy", "calm", "sad", "angry", "scared"];
  const days = ctx.content.page.days;
  const lines = rows(ctx.box, days.length, 6);
  const labelWidth = 70;
  lines.forEach((row, index) => {
    ctx.canvas.path(rectPath(row.x, row.y, row.width, row.height, 10), {
      stroke: faint,
      lineWidth: 0.8,
      fill: index % 2 ? "#ffffff" : ctx.colour.soft,
    });
    const label = { x: ctx.canvas.startX(row, 10, labelWidth), width: labelWidth };
    ctx.canvas.textLine(days[index] ?? "", label, row.y + row.height / 2 + 5, {
      role: "heading",
      size: 15,
      minSize: 9,
    });
    const area = {
      ...row,
      x: ctx.canvas.startX(row, labelWidth + 20, row.width - labelWidth - 30),
      width: row.width - labelWidth - 30,
    };
    const cellWidth = area.width / faces.length;
    faces.forEach((emotion, i) => {
      const cx = ctx.canvas.startX(area, i * cellWidth, cellWidth) + cellWidth / 2;
      drawFace(ctx, cx, row.y + row.height / 2, Math.min(row.height * 0.36, cellWidth * 0.36), emotion, "#ffffff");
    });
  });
}

export function drawCalmBreathing(
  ctx: TemplateContext,
  params: Extract<PrintableParams, { template: "calm-breathing" }>,
) {
  const { canvas, box } = ctx;
  const side = Math.min(box.width, box.height - 90) * 0.82;
  const cx = box.x + box.width / 2;
  const cy = box.y + side / 2 + 20;
  const points =
    params.shape === "star"
      ? starPoints(cx, cy, side / 2, side / 4.6, 5)
      : params.shape === "square"
        ? polygonPoints(cx, cy, side / 2 / Math.SQRT1_2 / 1.45, 4, -Math.PI / 4)
        : polygonPoints(cx, cy, side / 2, params.shape === "triangle" ? 3 : 6);
  canvas.path(polylinePath(points, true), { stroke: ctx.colour.main, lineWidth: 5, fill: ctx.colour.soft });
  canvas.path(polylinePath(points, true), { stroke: "#ffffff", lineWidth: 1.2, dash: [6, 6] });
  const first = points[0] as [number, number];
  canvas.path(ellipsePath(first[0], first[1], 8), { fill: ink });
  const values = ctx.content.values;
  const labels =
    params.shape === "square"
      ? [values.breatheIn, values.hold, values.breatheOut, values.hold]
      : [values.breatheIn, values.breatheOut];
  const legend: Box = { x: box.x, y: box.y + box.height - 60, width: box.width, height: 56 };
  grid(canvas, legend, labels.length, labels.length, 10).forEach((cell, i) => {
    canvas.path(rectPath(cell.x, cell.y, cell.width, cell.height, 12), {
      fill: i % 2 ? "#ffffff" : ctx.colour.soft,
      stroke: faint,
      lineWidth: 0.8,
    });
    canvas.textLine(`${i + 1}. ${labels[i]}`, { x: cell.x + 6, width: cell.width - 12 }, cell.y + cell.height / 2 + 5, {
      size: 13,
      minSize: 8,
      align: "center",
    });
  });
}

export function drawCalmDownChoices(ctx: TemplateContext) {
  const icons: (EmotionId | "star" | "heart" | "circle" | "square")[] = [
    "calm",
    "heart",
    "star",
    "happy",
    "circle",
    "square",
  ];
  grid(ctx.canvas, ctx.box, 2, 6, 14).forEach((cell, index) => {
    const fill = Object.values(swatches)[index] ?? "#ffffff";
    ctx.canvas.path(rectPath(cell.x, cell.y, cell.width, cell.height, 16), { stroke: ctx.colour.main, lineWidth: 1.4 });
    const r = Math.min(cell.width, cell.height) * 0.2;
    const cx = cell.x + cell.width / 2;
    const cy = cell.y + r + 16;
    const icon = icons[index] ?? "star";
    if ((emotionIds as readonly string[]).includes(icon)) drawFace(ctx, cx, cy, r, icon as EmotionId, fill);
    else ctx.canvas.path(shapePath(icon as "star", cx, cy, r * 2), { fill, stroke: ink, lineWidth: 1.2 });
    ctx.canvas.textBox(
      ctx.content.calmChoices[index] ?? "",
      { x: cell.x + 12, y: cy + r + 14, width: cell.width - 24, height: cell.height - r * 2 - 34 },
      {
        role: "heading",
        size: 16,
        minSize: 9,
        align: "center",
      },
    );
  });
}
