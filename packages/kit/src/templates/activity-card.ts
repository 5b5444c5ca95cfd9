import type { Box } from "../canvas.server.ts";
import type { ActivityText } from "../content.server.ts";
import { ellipsePath, rectPath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import { faint, ink, type TemplateContext } from "./context.ts";

/** An activity card: what you need, numbered steps, and (in the frame) what it teaches. */
export function drawActivityCard(ctx: TemplateContext, card: ActivityText) {
  const { canvas, box, content } = ctx;
  const materialsHeight = 40 + card.materials.length * 20;
  const materials: Box = { ...box, height: materialsHeight };
  canvas.path(rectPath(materials.x, materials.y, materials.width, materials.height, 14), { fill: ctx.colour.soft });
  canvas.textLine(content.page.youNeed, { x: materials.x + 18, width: materials.width - 36 }, materials.y + 26, {
    role: "heading",
    size: 16,
    color: ctx.colour.main,
  });
  card.materials.forEach((item, index) => {
    const y = materials.y + 48 + index * 20;
    const bullet = canvas.startX({ ...materials, x: materials.x + 18, width: materials.width - 36 }, 0, 8);
    canvas.path(ellipsePath(bullet + 4, y - 4, 3), { fill: ctx.colour.main });
    canvas.textLine(
      item,
      {
        x: canvas.startX({ ...materials, x: materials.x + 18, width: materials.width - 36 }, 16, materials.width - 52),
        width: materials.width - 52,
      },
      y,
      {
        size: 13,
        minSize: 9,
      },
    );
  });

  const stepsTop = materials.y + materials.height + 22;
  canvas.textLine(content.page.steps, { x: box.x + 4, width: box.width - 8 }, stepsTop + 14, {
    role: "heading",
    size: 16,
    color: ctx.colour.main,
  });
  const available = box.y + box.height - (stepsTop + 28);
  const stepHeight = Math.min(80, available / card.steps.length);
  card.steps.forEach((step, index) => {
    const top = stepsTop + 28 + index * stepHeight;
    const badge = canvas.startX(box, 4, 30);
    canvas.path(ellipsePath(badge + 15, top + 15, 15), { fill: ctx.colour.main });
    canvas.textLine(formatNumber(ctx.locale, index + 1), { x: badge, width: 30 }, top + 21, {
      role: "heading",
      size: 16,
      color: "#ffffff",
      align: "center",
    });
    canvas.textBox(
      step,
      { x: canvas.startX(box, 46, box.width - 50), y: top + 4, width: box.width - 50, height: stepHeight - 12 },
      {
        size: 14,
        minSize: 9,
        lineHeight: 1.3,
        color: ink,
      },
    );
    if (index < card.steps.length - 1) {
      const lineStart = canvas.startX(box, 46, box.width - 46);
      canvas.path(`M${lineStart} ${top + stepHeight - 5}H${lineStart + box.width - 46}`, {
        stroke: faint,
        lineWidth: 0.5,
      });
    }
  });

  // What is left of the page becomes a notes box for the grown-up: what worked, what to try next.
  const notesTop = stepsTop + 28 + card.steps.length * stepHeight + 12;
  const notesHeight = box.y + box.height - notesTop;
  if (notesHeight < 90) return;
  canvas.path(rectPath(box.x, notesTop, box.width, notesHeight, 14), { stroke: faint, lineWidth: 1 });
  canvas.textLine(content.page.parentTip, { x: box.x + 18, width: box.width - 36 }, notesTop + 24, {
    role: "heading",
    size: 13,
    color: ctx.colour.main,
  });
  for (let y = notesTop + 56; y < notesTop + notesHeight - 12; y += 28) {
    canvas.path(`M${box.x + 18} ${y}H${box.x + box.width - 18}`, { stroke: faint, lineWidth: 0.6, dash: [2, 3] });
  }
}
