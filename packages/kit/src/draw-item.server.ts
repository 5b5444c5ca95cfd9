import type { Locale } from "@kinderready/i18n/locales";
import type { Canvas } from "./canvas.server.ts";
import type { KitItem, LevelNumber, PackId, PrintableParams } from "./catalogue.ts";
import { fill, type KitContent, kitContent } from "./content.server.ts";
import { formatNumber, letterGroup } from "./letters.ts";
import { drawActivityCard } from "./templates/activity-card.ts";
import {
  drawChecklist,
  drawChoreChart,
  drawRewardChart,
  drawRoutineChart,
  drawScreenTimeTokens,
} from "./templates/charts.ts";
import { skillColours, type TemplateContext } from "./templates/context.ts";
import { drawCalmBreathing, drawCalmDownChoices, drawEmotionFaces, drawFeelingsCheckin } from "./templates/feelings.ts";
import { drawFrame } from "./templates/frame.ts";
import {
  drawAddObjects,
  drawColourShapes,
  drawCountAndCircle,
  drawCountObjects,
  drawMatching,
  drawOddOneOut,
  drawPatterns,
  drawPositions,
  drawSizes,
  drawTraceShapes,
} from "./templates/maths.ts";
import { drawDotToDot, drawMaze } from "./templates/puzzles.ts";
import {
  drawTraceLetters,
  drawTraceLines,
  drawTraceName,
  drawTraceNumbers,
  drawTraceWords,
  lettersFor,
} from "./templates/writing.ts";

/** Where an item belongs: a level of the kit or an add-on pack. */
export type ItemPlace = { level: LevelNumber } | { pack: PackId };

/** The title of a printable: its template's title with the parameters filled in. */
function printableTitle(content: KitContent, locale: Locale, params: PrintableParams): string {
  const template = content.templates[params.template].title;
  switch (params.template) {
    case "trace-lines":
      return fill(template, { pattern: content.values.lines[params.pattern] });
    case "trace-letters":
      return fill(template, { letters: letterGroup(locale, "upper", params.group).join(" ") });
    case "trace-numbers":
    case "count-objects":
      return fill(template, { from: formatNumber(locale, params.from), to: formatNumber(locale, params.to) });
    case "dot-to-dot":
      return fill(template, { figure: content.values.figures[params.figure] });
    case "calm-breathing":
      return fill(template, { shape: content.values.breathing[params.shape] });
    case "routine-chart":
      return fill(template, { routine: content.routines[params.routine].title });
    default:
      return template;
  }
}

export function itemTitle(item: KitItem, locale: Locale): string {
  const content = kitContent(locale);
  return item.kind === "activity"
    ? (content.activities[item.id]?.title ?? item.id)
    : printableTitle(content, locale, item.params);
}

/** One sentence about the item: the worksheet's instruction or what the activity teaches. */
export function itemSummary(item: KitItem, locale: Locale): string {
  const content = kitContent(locale);
  return item.kind === "activity"
    ? (content.activities[item.id]?.teaches ?? "")
    : content.templates[item.params.template].instruction;
}

export function placeLabel(place: ItemPlace, locale: Locale): string {
  const content = kitContent(locale);
  if ("pack" in place) return content.packs[place.pack];
  return place.level === 0
    ? content.page.trialLevel
    : fill(content.page.level, { number: formatNumber(locale, place.level) });
}

/** Draws one item on one page. */
export function drawItem(
  canvas: Canvas,
  item: KitItem,
  place: ItemPlace,
  locale: Locale,
  childName: string | undefined,
) {
  const content = kitContent(locale);
  const colour = skillColours[item.skill];
  const name = childName?.trim();
  const card = item.kind === "activity" ? content.activities[item.id] : undefined;
  const subtitle = [placeLabel(place, locale), content.skills[item.skill]];
  if (item.kind === "activity")
    subtitle.push(fill(content.page.minutes, { minutes: formatNumber(locale, item.minutes) }));
  const box = drawFrame(canvas, colour, {
    title: itemTitle(item, locale),
    subtitle: subtitle.join("  ·  "),
    instruction: card ? `${content.page.teaches}: ${card.teaches}` : itemSummary(item, locale),
    nameLabel: name ? fill(content.page.madeFor, { name }) : `${content.page.nameLine} ________________`,
    footer: content.page.footer,
  });
  const ctx: TemplateContext = { canvas, box, content, locale, childName: name, colour };
  if (card) {
    drawActivityCard(ctx, card);
    return;
  }
  if (item.kind !== "printable") return;
  const params = item.params;
  switch (params.template) {
    case "trace-lines":
      return drawTraceLines(ctx, params);
    case "trace-letters":
    case "special-letters":
      return drawTraceLetters(ctx, lettersFor(ctx, params));
    case "trace-name":
      return drawTraceName(ctx);
    case "trace-words":
      return drawTraceWords(ctx, params.set);
    case "trace-numbers":
      return drawTraceNumbers(ctx, params.from, params.to);
    case "count-objects":
      return drawCountObjects(ctx, params);
    case "count-and-circle":
      return drawCountAndCircle(ctx, params);
    case "add-objects":
      return drawAddObjects(ctx, params);
    case "trace-shapes":
      return drawTraceShapes(ctx, params.shapes);
    case "colour-shapes":
      return drawColourShapes(ctx, params);
    case "patterns":
      return drawPatterns(ctx, params);
    case "maze":
      return drawMaze(ctx, params);
    case "dot-to-dot":
      return drawDotToDot(ctx, params);
    case "matching":
      return drawMatching(ctx, params);
    case "odd-one-out":
      return drawOddOneOut(ctx, params);
    case "sizes":
      return drawSizes(ctx, params);
    case "positions":
      return drawPositions(ctx, params);
    case "emotion-faces":
      return drawEmotionFaces(ctx, params.emotions);
    case "feelings-checkin":
      return drawFeelingsCheckin(ctx);
    case "calm-breathing":
      return drawCalmBreathing(ctx, params);
    case "calm-down-choices":
      return drawCalmDownChoices(ctx);
    case "routine-chart":
      return drawRoutineChart(ctx, params);
    case "chore-chart":
      return drawChoreChart(ctx, params);
    case "reward-chart":
      return drawRewardChart(ctx, params.stars);
    case "screen-time-tokens":
      return drawScreenTimeTokens(ctx);
    case "readiness-checklist":
      return drawChecklist(ctx, content.checklist[String(params.level) as "0"]);
  }
}
