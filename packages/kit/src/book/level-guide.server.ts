import type { Box, Canvas } from "../canvas.server.ts";
import { fill } from "../content.server.ts";
import { ellipsePath, rectPath, starPath } from "../draw/paths.ts";
import { placeLabel } from "../item-text.server.ts";
import { formatNumber } from "../letters.ts";
import { columns, faint, ink, inset, numberBadge, rows, skillColours } from "../templates/context.ts";
import { type BookContext, drawTracker, heading, placeColour } from "./book-pages.server.ts";
import { leadSkills, levelPlan, type PlannedPage, planDaysPerWeek, planWeeks } from "./level-plan.ts";

// A level's pages for grown-ups: what the level teaches with a readiness check to tick at its
// start and its end, how to use the book, what to do when something is hard, the star tracker;
// then the month's plan, day by day, opened by what the parent told us matters most to them.

const grey = "#5b6270";

function levelNumber(context: BookContext): string {
  return context.place && "level" in context.place ? String(context.place.level) : "0";
}

/** A section title in the level's colour; returns the y below it. */
function sectionTitle(canvas: Canvas, text: string, area: Box, y: number, colour: string): number {
  canvas.textLine(text, area, y + 15, { role: "heading", size: 14, minSize: 9, color: colour });
  return y + 24;
}

/** A tip beside its badge or bullet, `indent` in from the reading start; returns its height. */
function tipText(canvas: Canvas, tip: string, area: Box, indent: number, y: number): number {
  const box = { x: canvas.startX(area, indent, area.width - indent), y, width: area.width - indent, height: 44 };
  return canvas.textBox(tip, box, { size: 10.5, minSize: 7.5, lineHeight: 1.25, color: ink });
}

function tickBox(canvas: Canvas, x: number, y: number, side: number, colour: string) {
  canvas.path(rectPath(x, y, side, side, 3), { stroke: colour, lineWidth: 1.2, fill: "#ffffff" });
}

export function drawLevelGuide(canvas: Canvas, context: BookContext) {
  const colour = placeColour(context.place);
  const { book } = context.content;
  const guide = book.levelGuide;
  const place = context.place ?? { level: 0 as const };
  const area = heading(canvas, fill(guide.title, { level: placeLabel(place, context.locale) }), colour);
  let y = sectionTitle(canvas, guide.goals, area, area.y, colour);
  y += canvas.textBox(guide.check, { ...area, y, height: 32 }, { size: 10.5, minSize: 8, color: grey }) + 8;
  // The readiness check: the level's goals, each with a box for the start and one for the end.
  const boxColumn = 58;
  const goalsWidth = area.width - boxColumn * 2;
  const checkColumns = [guide.now, guide.end];
  checkColumns.forEach((label, column) => {
    canvas.textLine(
      label,
      { x: canvas.startX(area, goalsWidth + column * boxColumn, boxColumn), width: boxColumn },
      y + 10,
      {
        role: "heading",
        size: 9.5,
        minSize: 6,
        color: colour,
        align: "center",
      },
    );
  });
  y += 16;
  const goals = context.content.checklist[levelNumber(context) as "0"];
  const rowHeight = 23;
  goals.forEach((goal, index) => {
    const top = y + index * rowHeight;
    if (index % 2 === 0) canvas.path(rectPath(area.x, top, area.width, rowHeight, 6), { fill: "#f4f6f9" });
    canvas.textLine(goal, { x: canvas.startX(area, 10, goalsWidth - 14), width: goalsWidth - 14 }, top + 15.5, {
      size: 11,
      minSize: 7,
      color: ink,
    });
    checkColumns.forEach((_, column) => {
      const side = 14;
      tickBox(
        canvas,
        canvas.startX(area, goalsWidth + column * boxColumn + (boxColumn - side) / 2, side),
        top + 4.5,
        side,
        colour,
      );
    });
  });
  y += goals.length * rowHeight + 18;
  // How to use the book, numbered.
  y = sectionTitle(canvas, guide.tipsTitle, area, y, colour);
  book.guideTips.forEach((tip, index) => {
    numberBadge(
      canvas,
      [canvas.startX(area, 0, 20) + 10, y + 9],
      9,
      formatNumber(context.locale, index + 1),
      colour,
      10,
    );
    y += tipText(canvas, tip, area, 28, y) + 7;
  });
  y += 10;
  // When something is hard.
  y = sectionTitle(canvas, guide.hardTitle, area, y, colour);
  // The trial has no level before it to go back to.
  for (const tip of guide.hardTips.slice(levelNumber(context) === "0" ? 1 : 0)) {
    canvas.path(ellipsePath(canvas.startX(area, 8, 0), y + 7, 3), { fill: colour });
    y += tipText(canvas, tip, area, 20, y) + 6;
  }
  drawTracker(canvas, context, { ...area, y: y + 10, height: area.y + area.height - y - 10 });
}

/** A page number in its skill's colour, with a star when it answers what the parent asked for. */
function pageChip(canvas: Canvas, cell: Box, y: number, entry: PlannedPage, label: string, height: number) {
  const colour = skillColours[entry.skill];
  const width = Math.min(cell.width - 8, 70);
  const x = canvas.startX(cell, 4, width);
  canvas.path(rectPath(x, y, width, height, 8), { fill: colour.soft, stroke: colour.main, lineWidth: 0.8 });
  const size = Math.min(10, height * 0.6);
  canvas.textLine(label, { x: x + 4, width: width - (entry.focus ? 20 : 8) }, y + height / 2 + size * 0.37, {
    role: "heading",
    size,
    minSize: 6,
    color: ink,
    align: "center",
  });
  if (entry.focus)
    canvas.path(starPath(canvas.rtl ? x + 9 : x + width - 9, y + height / 2, Math.min(5.5, height * 0.33)), {
      fill: "#f2b705",
    });
}

export function drawLevelPlan(canvas: Canvas, context: BookContext) {
  const colour = placeColour(context.place);
  const guide = context.content.book.levelGuide;
  const area = heading(canvas, guide.planTitle, colour);
  let y = area.y;
  y += canvas.textBox(guide.planIntro, { ...area, y, height: 62 }, { size: 10.5, minSize: 8, color: grey }) + 8;
  // What the child's age changed, in words.
  const lead = leadSkills(context.childAge);
  const leadText = lead.includes("fine-motor") ? guide.leadYounger : lead.includes("letters") ? guide.leadOlder : "";
  if (leadText) y += canvas.textBox(leadText, { ...area, y, height: 30 }, { size: 10.5, minSize: 8, color: ink }) + 6;
  if (context.topics.length > 0) {
    // In the parent's own words from the quiz, one per line: a list reads right in every language.
    y += canvas.textBox(guide.focus, { ...area, y, height: 30 }, { size: 10.5, minSize: 8, color: ink }) + 4;
    for (const { words } of context.topics) {
      canvas.path(starPath(canvas.startX(area, 10, 0), y + 7, 5.5), { fill: "#f2b705" });
      canvas.textLine(words, { x: canvas.startX(area, 22, area.width - 22), width: area.width - 22 }, y + 11, {
        role: "heading",
        size: 10.5,
        minSize: 7,
        color: ink,
      });
      y += 16;
    }
    y += 6;
  }
  const plan = levelPlan(
    context.pages,
    context.topics.map(({ topic }) => topic),
    lead,
  );
  const weeks = rows({ ...area, y, height: area.y + area.height - y }, planWeeks, 8);
  // Chips as tall as the fullest day lets them be: a language with more letters has more pages.
  const fullest = Math.max(...plan.map((day) => day.worksheets.length + day.cards.length));
  const pitch = Math.min(20, ((weeks[0]?.height ?? 0) - 18 - 27) / Math.max(fullest, 1));
  const chipHeight = pitch - 3;
  weeks.forEach((week, w) => {
    canvas.path(rectPath(week.x, week.y, week.width, week.height, 10), { stroke: faint, lineWidth: 0.8 });
    const band = { ...week, height: 18 };
    canvas.path(rectPath(band.x, band.y, band.width, band.height, 9), { fill: colour });
    canvas.textLine(
      fill(guide.week, { number: formatNumber(context.locale, w + 1) }),
      inset(band, 10, 0),
      band.y + 13,
      {
        role: "heading",
        size: 10.5,
        minSize: 7,
        color: "#ffffff",
      },
    );
    const body = { ...week, y: week.y + band.height, height: week.height - band.height };
    columns(canvas, body, Array(planDaysPerWeek).fill(1), 0).forEach((cell, d) => {
      const number = w * planDaysPerWeek + d;
      const day = plan[number];
      if (d > 0) {
        const edge = canvas.rtl ? cell.x + cell.width : cell.x;
        canvas.path(`M${edge} ${cell.y + 6}V${cell.y + cell.height - 6}`, { stroke: faint, lineWidth: 0.6 });
      }
      canvas.textLine(
        fill(guide.day, { number: formatNumber(context.locale, number + 1) }),
        {
          x: canvas.startX(cell, 6, cell.width - 28),
          width: cell.width - 28,
        },
        cell.y + 16,
        { size: 9, minSize: 6, color: grey },
      );
      tickBox(canvas, canvas.startX(cell, cell.width - 19, 13), cell.y + 6, 13, colour);
      let chipY = cell.y + 23;
      for (const entry of day?.worksheets ?? []) {
        pageChip(canvas, cell, chipY, entry, formatNumber(context.locale, entry.page), chipHeight);
        chipY += pitch;
      }
      for (const entry of day?.cards ?? []) {
        pageChip(
          canvas,
          cell,
          chipY,
          entry,
          fill(guide.card, { number: formatNumber(context.locale, entry.page) }),
          chipHeight,
        );
        chipY += pitch;
      }
    });
  });
}
