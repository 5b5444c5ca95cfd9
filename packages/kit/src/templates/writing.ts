import type { Box } from "../canvas.server.ts";
import type { PrintableParams } from "../catalogue.ts";
import { ellipsePath, linePath } from "../draw/paths.ts";
import { formatNumber, letterGroup, specialLetters } from "../letters.ts";
import { fontMetrics } from "../text-layout.server.ts";
import { faint, grid, rows, type TemplateContext } from "./context.ts";

// Handwriting pages: guide lines at the font's own cap height and x-height, a solid model, then
// dashed copies to trace and room to write alone. Rows start where the script starts (right in Arabic).

/** The four handwriting lines for text of `size` on `baseline` across `box`. */
export function drawGuideLines(
  ctx: TemplateContext,
  box: { x: number; width: number },
  baseline: number,
  size: number,
) {
  const metrics = fontMetrics(ctx.locale === "ar" ? "arabicTrace" : "trace", size);
  const right = box.x + box.width;
  ctx.canvas.path(linePath(box.x, baseline - metrics.capHeight, right, baseline - metrics.capHeight), {
    stroke: faint,
    lineWidth: 0.8,
  });
  ctx.canvas.path(linePath(box.x, baseline - metrics.xHeight, right, baseline - metrics.xHeight), {
    stroke: faint,
    lineWidth: 0.8,
    dash: [4, 4],
  });
  ctx.canvas.path(linePath(box.x, baseline, right, baseline), { stroke: ctx.colour.main, lineWidth: 1.2 });
  ctx.canvas.path(linePath(box.x, baseline + metrics.descent * 0.55, right, baseline + metrics.descent * 0.55), {
    stroke: faint,
    lineWidth: 0.6,
  });
}

/** A row: the model in colour, then `copies` dashed copies, then empty lines to write on. */
export function traceRow(ctx: TemplateContext, row: Box, text: string, copies: number, showModel = true) {
  const { canvas } = ctx;
  const size = Math.min(row.height * 0.72, 64);
  const baseline = row.y + row.height * 0.72;
  drawGuideLines(ctx, row, baseline, size);
  const gap = size * 0.45;
  let offset = 8;
  if (showModel) {
    const width = canvas.measure(text, "trace", size);
    const x = canvas.startX(row, offset, width);
    canvas.textLine(text, { x, width: width + 1 }, baseline, { role: "trace", size, color: ctx.colour.main });
    offset += width + gap;
  }
  for (let i = 0; i < copies; i++) {
    const width = canvas.measure(text, "trace", size);
    if (offset + width > row.width - 4) break;
    canvas.traceText(text, canvas.startX(row, offset, width), baseline, size, { stroke: "#8d95a3", lineWidth: 0.9 });
    offset += width + gap;
  }
  const dot = canvas.startX(row, 2, 0);
  canvas.path(ellipsePath(dot, baseline - size * 0.25, 2.2), { fill: ctx.colour.main });
}

function linePatternPath(pattern: string, x0: number, x1: number, mid: number, amplitude: number): string {
  const points: string[] = [`M${x0} ${mid}`];
  const width = x1 - x0;
  const step = amplitude * 1.6;
  const count = Math.max(2, Math.floor(width / step));
  const unit = width / count;
  for (let i = 0; i < count; i++) {
    const a = x0 + i * unit;
    const b = a + unit;
    switch (pattern) {
      case "straight":
        points.push(`L${b} ${mid}`);
        break;
      case "diagonal":
        points.push(`M${a} ${mid + amplitude}L${b} ${mid - amplitude}`);
        break;
      case "zigzag":
        points.push(`L${a + unit / 2} ${mid - amplitude}L${b} ${mid}`);
        break;
      case "waves":
        points.push(
          `Q${a + unit / 4} ${mid - amplitude * 1.2} ${a + unit / 2} ${mid}Q${a + (unit * 3) / 4} ${mid + amplitude * 1.2} ${b} ${mid}`,
        );
        break;
      case "bumps":
        points.push(`C${a} ${mid - amplitude * 1.3} ${b} ${mid - amplitude * 1.3} ${b} ${mid}`);
        break;
      case "castle":
        points.push(`L${a} ${mid - amplitude}L${a + unit / 2} ${mid - amplitude}L${a + unit / 2} ${mid}L${b} ${mid}`);
        break;
      case "loops":
        points.push(
          `C${a + unit * 0.9} ${mid} ${a + unit * 0.9} ${mid - amplitude * 1.6} ${a + unit * 0.5} ${mid - amplitude * 1.6}` +
            `C${a + unit * 0.1} ${mid - amplitude * 1.6} ${a + unit * 0.1} ${mid} ${b} ${mid}`,
        );
        break;
      case "spiral": {
        const cx = a + unit / 2;
        let d = `M${a} ${mid + amplitude * 0.9}`;
        for (let k = 0; k <= 24; k++) {
          const angle = (k / 24) * Math.PI * 3.5;
          const radius = amplitude * 0.95 * (1 - k / 28);
          d += `L${(cx - Math.cos(angle + Math.PI / 2) * radius).toFixed(1)} ${(mid + Math.sin(angle + Math.PI / 2) * radius).toFixed(1)}`;
        }
        points.push(d);
        break;
      }
    }
  }
  return points.join("");
}

export function drawTraceLines(ctx: TemplateContext, params: Extract<PrintableParams, { template: "trace-lines" }>) {
  const { canvas } = ctx;
  for (const row of rows(ctx.box, 5, 14)) {
    const mid = row.y + row.height / 2;
    const amplitude = Math.min(row.height * 0.32, 34);
    let d = linePatternPath(params.pattern, row.x + 26, row.x + row.width - 10, mid, amplitude);
    if (canvas.rtl) d = mirrorPath(d, row.x + row.width / 2 + 8);
    canvas.path(d, { stroke: "#8d95a3", lineWidth: 2.2, dash: [5, 5] });
    const start = canvas.startX(row, 16, 0);
    canvas.path(ellipsePath(start, params.pattern === "diagonal" ? mid + amplitude : mid, 5), {
      fill: ctx.colour.main,
    });
  }
}

/** Mirrors absolute path data around the vertical line x = axis (numbers alternate x, y). */
function mirrorPath(d: string, axis: number): string {
  return d.replace(/([MLQC])([^MLQCZ]*)/g, (_, command: string, args: string) => {
    const numbers = args
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const mirrored = numbers.map((value, index) =>
      index % 2 === 0 ? (2 * axis - value).toFixed(1) : value.toFixed(1),
    );
    return `${command}${mirrored.join(" ")}`;
  });
}

export function drawTraceLetters(ctx: TemplateContext, letters: string[]) {
  const lines = rows(ctx.box, Math.max(letters.length, 4), 8);
  letters.forEach((letter, index) => {
    const row = lines[index];
    if (row) traceRow(ctx, row, letter, 8);
  });
}

export function lettersFor(ctx: TemplateContext, params: PrintableParams): string[] {
  if (params.template === "trace-letters") return letterGroup(ctx.locale, params.case, params.group);
  return specialLetters(ctx.locale);
}

export function drawTraceName(ctx: TemplateContext) {
  const name = ctx.childName?.trim();
  const lines = rows(ctx.box, 5, 10);
  lines.forEach((row, index) => {
    if (name && index < 3) traceRow(ctx, row, name, 3, index === 0);
    else {
      const size = Math.min(row.height * 0.72, 64);
      drawGuideLines(ctx, row, row.y + row.height * 0.72, size);
    }
  });
}

export function drawTraceWords(ctx: TemplateContext, set: number) {
  const words = ctx.content.words[set] ?? [];
  rows(ctx.box, words.length, 12).forEach((row, index) => {
    const word = words[index];
    if (word) traceRow(ctx, row, word, 2);
  });
}

export function drawTraceNumbers(ctx: TemplateContext, from: number, to: number) {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => formatNumber(ctx.locale, from + i));
  if (numbers.length <= 6) {
    rows(ctx.box, Math.max(numbers.length, 4), 8).forEach((row, index) => {
      const number = numbers[index];
      if (number) traceRow(ctx, row, number, 8);
    });
    return;
  }
  // 0-20: every number once, in a grid of small rows.
  const cells = grid(ctx.canvas, ctx.box, 3, numbers.length, 10);
  cells.forEach((cell, index) => {
    const number = numbers[index];
    if (number) traceRow(ctx, { ...cell, height: Math.min(cell.height, 70) }, number, 2);
  });
}
