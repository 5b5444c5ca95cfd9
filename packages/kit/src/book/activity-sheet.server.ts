import type { Locale } from "@kinderready/i18n/locales";
import type { Box, Canvas } from "../canvas.server.ts";
import { printableInset } from "../canvas.server.ts";
import { type ActivityItem, isCutOut } from "../catalogue.ts";
import { fillCount, type KitContent } from "../content.server.ts";
import { ellipsePath, rectPath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import { faint, ink, inset, numberBadge, skillColours } from "../templates/context.ts";

// Activity cards two to a sheet, with a cut line between them: each card is a half page with
// its title, what you need, the steps, and what it teaches. A card with cut-outs says where they
// are printed.

const margin = 30;

export function drawCardSheet(
  canvas: Canvas,
  cards: ActivityItem[],
  context: { content: KitContent; locale: Locale; placeLabel: string; pageNumber?: string; log?: ActivityItem[] },
) {
  const half = (canvas.height - margin * 2) / 2;
  const halfBox = (index: number) => ({
    x: margin,
    y: margin + index * half + (index === 0 ? 0 : 10),
    width: canvas.width - margin * 2,
    height: half - 10,
  });
  cards.forEach((card, index) => {
    drawCard(canvas, card, halfBox(index), context);
  });
  if (cards.length === 1 && context.log) drawActivityLog(canvas, context.log, halfBox(1), context);
  const cutY = canvas.height / 2;
  canvas.path(`M${printableInset} ${cutY}H${canvas.width - printableInset}`, {
    stroke: faint,
    lineWidth: 1,
    dash: [6, 5],
  });
  canvas.picture(
    "scissors",
    { x: canvas.rtl ? canvas.width - printableInset - 22 : printableInset, y: cutY - 11, width: 22, height: 22 },
    { mirror: !canvas.rtl },
  );
  if (context.pageNumber) {
    canvas.textLine(
      context.pageNumber,
      { x: margin, width: canvas.width - margin * 2 },
      canvas.height - printableInset - 4,
      {
        role: "heading",
        size: 10,
        color: "#7a8190",
        align: "center",
      },
    );
  }
}

function drawCard(
  canvas: Canvas,
  card: ActivityItem,
  box: Box,
  context: { content: KitContent; locale: Locale; placeLabel: string },
) {
  const { content, locale } = context;
  const text = content.activities[card.id];
  if (!text) return;
  const colour = skillColours[card.skill];
  canvas.path(rectPath(box.x, box.y, box.width, box.height, 18), { stroke: colour.main, lineWidth: 1.6 });
  const head = { x: box.x, y: box.y, width: box.width, height: 58 };
  canvas.path(rectPath(head.x, head.y, head.width, head.height, 18), { fill: colour.soft });
  const inner = { x: box.x + 18, width: box.width - 36 };
  canvas.textLine(text.title, inner, head.y + 28, { role: "heading", size: 20, minSize: 11, color: ink });
  const meta = [
    context.placeLabel,
    content.skills[card.skill],
    fillCount(content.page, "minutes", locale, card.minutes),
  ];
  canvas.textLine(meta.join("  ·  "), inner, head.y + 47, { size: 10.5, minSize: 7, color: colour.main });

  const body = inset({ ...box, y: head.y + head.height + 8, height: box.height - head.height - 12 }, 18, 4);
  const needWidth = body.width * 0.34;
  const need = { x: canvas.startX(body, 0, needWidth), y: body.y, width: needWidth, height: body.height };
  const steps = {
    x: canvas.startX(body, needWidth + 16, body.width - needWidth - 16),
    y: body.y,
    width: body.width - needWidth - 16,
    height: body.height,
  };
  canvas.path(rectPath(need.x, need.y, need.width, need.height - 40, 12), { fill: colour.soft });
  canvas.textLine(content.page.youNeed, { x: need.x + 12, width: need.width - 24 }, need.y + 20, {
    role: "heading",
    size: 13,
    color: colour.main,
  });
  let y = need.y + 32;
  for (const item of text.materials) {
    const bullet = canvas.startX({ ...need, x: need.x + 12, width: need.width - 24 }, 0, 8);
    canvas.path(ellipsePath(bullet + 4, y + 7, 2.6), { fill: colour.main });
    y +=
      canvas.textBox(
        item,
        {
          x: canvas.startX({ ...need, x: need.x + 12, width: need.width - 24 }, 14, need.width - 38),
          y,
          width: need.width - 38,
          height: 44,
        },
        { size: 11, minSize: 7, lineHeight: 1.2 },
      ) + 8;
  }
  if (card.material) {
    canvas.textBox(
      isCutOut(card.material) ? content.book.cutOutsNext : content.book.sheetNext,
      { x: need.x + 10, y: need.y + need.height - 34, width: need.width - 20, height: 34 },
      {
        role: "heading",
        size: 10,
        minSize: 7,
        color: colour.main,
      },
    );
  }
  const teachesHeight = 34;
  const stepArea = { ...steps, height: steps.height - teachesHeight - 6 };
  const stepHeight = stepArea.height / text.steps.length;
  text.steps.forEach((step, index) => {
    const top = stepArea.y + index * stepHeight;
    const badge = canvas.startX(stepArea, 0, 22);
    numberBadge(canvas, [badge + 11, top + 11], 11, formatNumber(locale, index + 1), colour.main, 12);
    canvas.textBox(
      step,
      {
        x: canvas.startX(stepArea, 30, stepArea.width - 30),
        y: top + 2,
        width: stepArea.width - 30,
        height: stepHeight - 6,
      },
      {
        size: 12,
        minSize: 7.5,
        lineHeight: 1.22,
        color: ink,
      },
    );
  });
  canvas.textBox(
    `${content.page.teaches}: ${text.teaches}`,
    { ...steps, y: steps.y + steps.height - teachesHeight, height: teachesHeight },
    {
      size: 10,
      minSize: 7,
      lineHeight: 1.2,
      color: "#5b6270",
    },
  );
}

/** The other half of a one-card sheet: every activity of the level, to tick as the family tries them. */
function drawActivityLog(
  canvas: Canvas,
  cards: ActivityItem[],
  box: Box,
  context: { content: KitContent; locale: Locale },
) {
  const colour = skillColours[cards[0]?.skill ?? "fine-motor"];
  canvas.path(rectPath(box.x, box.y, box.width, box.height, 18), { stroke: colour.main, lineWidth: 1.6 });
  canvas.textLine(context.content.book.activityLog, { x: box.x + 18, width: box.width - 36 }, box.y + 30, {
    role: "heading",
    size: 18,
    minSize: 10,
    color: ink,
  });
  const list = { x: box.x + 14, y: box.y + 44, width: box.width - 28, height: box.height - 54 };
  const perColumn = Math.ceil(cards.length / 2);
  const rowHeight = list.height / perColumn;
  const columnWidth = (list.width - 16) / 2;
  cards.forEach((card, index) => {
    const column = Math.floor(index / perColumn);
    const x = canvas.startX(list, column * (columnWidth + 16), columnWidth);
    const y = list.y + (index % perColumn) * rowHeight;
    const cardColour = skillColours[card.skill];
    const tick = {
      x: canvas.startX({ ...list, x, width: columnWidth }, 0, 14),
      y: y + rowHeight / 2 - 7,
      width: 14,
      height: 14,
    };
    canvas.path(rectPath(tick.x, tick.y, tick.width, tick.height, 3), { stroke: cardColour.main, lineWidth: 1.2 });
    canvas.textLine(
      context.content.activities[card.id]?.title ?? card.id,
      { x: canvas.startX({ ...list, x, width: columnWidth }, 22, columnWidth - 22), width: columnWidth - 22 },
      y + rowHeight / 2 + 4,
      {
        size: Math.min(11, rowHeight * 0.55),
        minSize: 6,
        color: ink,
      },
    );
  });
}
