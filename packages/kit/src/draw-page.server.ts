import type { Locale } from "@kinderready/i18n/locales";
import { drawCardSheet } from "./book/activity-sheet.server.ts";
import { documentPages, documentPlace, type KitDocument, type KitPage } from "./book/book-document.ts";
import {
  type BookContext,
  drawAnswerKey,
  drawCertificate,
  drawContents,
  drawCover,
  drawGuide,
  pageTitle,
} from "./book/book-pages.server.ts";
import { drawLevelGuide, drawLevelPlan } from "./book/level-guide.server.ts";
import { drawMaterial } from "./book/materials.server.ts";
import type { Box, Canvas } from "./canvas.server.ts";
import {
  type AskedTopic,
  type ItemPlace,
  isCutOut,
  type ParamsOf,
  type PrintableItem,
  type PrintableParams,
  type Skill,
  type TemplateId,
} from "./catalogue.ts";
import { fill, kitBooklets, kitContent, kitStories, kitWords } from "./content.server.ts";
import { itemSummary, placeLabel, worksheetTitle } from "./item-text.server.ts";
import { formatNumber } from "./letters.ts";
import { pictureThemes } from "./pictures/picture-themes.ts";
import {
  drawChecklist,
  drawChoreChart,
  drawISpy,
  drawPictureBingo,
  drawRewardChart,
  drawRoutineChart,
  drawRoutineStrip,
  drawScreenTimeTokens,
} from "./templates/charts.ts";
import { drawSocialStory, drawStickerSheet } from "./templates/confidence.ts";
import { skillColours, type TemplateContext } from "./templates/context.ts";
import { drawCutAndPaste } from "./templates/cut-and-paste.ts";
import {
  drawBraveCards,
  drawBreathingPictures,
  drawCalmBreathing,
  drawCalmDownChoices,
  drawEmotionFaces,
  drawFeelingsCheckin,
  drawFeelingsThermometer,
  drawHowWouldYouFeel,
} from "./templates/feelings.ts";
import {
  drawColourByNumber,
  drawColouring,
  drawCutting,
  drawDotToDot,
  drawMaze,
  drawTracePath,
} from "./templates/fine-motor.ts";
import { drawFrame } from "./templates/frame.ts";
import { drawLetterBooklet } from "./templates/letter-booklet.ts";
import {
  drawBeginningSounds,
  drawFirstLetter,
  drawLetterHunt,
  drawLetterMatch,
  drawLetters,
  drawMyLetter,
  drawNameWeek,
  drawRhyming,
  drawSpecialLetters,
  drawTraceName,
  drawTraceWords,
} from "./templates/letter-pages.ts";
import { drawFollowDirections, drawListenAndDraw } from "./templates/listening.ts";
import {
  drawOddOneOut,
  drawPatterns,
  drawSameDifferent,
  drawSequencing,
  drawShadowMatch,
  drawSorting,
  drawWhatsMissing,
} from "./templates/logic.ts";
import {
  drawMeasureObjects,
  drawNumberBonds,
  drawOneMoreOneLess,
  drawPictureGraph,
  drawQuickLook,
} from "./templates/number-sense.ts";
import {
  drawAddObjects,
  drawCountAndCircle,
  drawCountObjects,
  drawCountScene,
  drawMoreLess,
  drawNumberChart,
  drawNumberLine,
  drawPictureSudoku,
  drawTakeAway,
  drawTenFrame,
  drawTraceNumbers,
} from "./templates/numbers.ts";
import { drawMiniBook, drawSightWords } from "./templates/reading.ts";
import { drawColourShapes, drawColourWords, drawShapeHunt, drawTraceShapes } from "./templates/shapes.ts";
import { drawPositions, drawSizes } from "./templates/sizes-positions.ts";
import { drawStory } from "./templates/story.ts";
import { drawClockTimes, drawCoins } from "./templates/time-and-money.ts";

// One page of a document: the front pages, a worksheet in its frame, a sheet of activity cards,
// the cut-outs a card needs, the answer key, the certificate.

type Drawers = { [T in TemplateId]: (ctx: TemplateContext, params: ParamsOf<T>) => void };

const drawers: Drawers = {
  "trace-path": drawTracePath,
  cutting: drawCutting,
  maze: drawMaze,
  "dot-to-dot": drawDotToDot,
  colouring: drawColouring,
  "colour-by-number": drawColourByNumber,
  letters: drawLetters,
  "my-letter": drawMyLetter,
  "trace-name": drawTraceName,
  "name-week": drawNameWeek,
  "special-letters": drawSpecialLetters,
  "trace-words": drawTraceWords,
  "sight-words": drawSightWords,
  "mini-book": drawMiniBook,
  "beginning-sounds": drawBeginningSounds,
  rhyming: drawRhyming,
  "letter-match": drawLetterMatch,
  "first-letter": drawFirstLetter,
  "letter-hunt": drawLetterHunt,
  "letter-booklet": drawLetterBooklet,
  "trace-numbers": drawTraceNumbers,
  "count-objects": drawCountObjects,
  "count-and-circle": drawCountAndCircle,
  "ten-frame": drawTenFrame,
  "more-less": drawMoreLess,
  "number-line": drawNumberLine,
  "number-chart": drawNumberChart,
  "add-objects": drawAddObjects,
  "take-away": drawTakeAway,
  "count-scene": drawCountScene,
  "picture-sudoku": drawPictureSudoku,
  "quick-look": drawQuickLook,
  "number-bonds": drawNumberBonds,
  "one-more-one-less": drawOneMoreOneLess,
  "picture-graph": drawPictureGraph,
  "measure-objects": drawMeasureObjects,
  "trace-shapes": drawTraceShapes,
  "shape-hunt": drawShapeHunt,
  "colour-shapes": drawColourShapes,
  "colour-words": drawColourWords,
  patterns: drawPatterns,
  "same-different": drawSameDifferent,
  "odd-one-out": drawOddOneOut,
  "whats-missing": drawWhatsMissing,
  "shadow-match": drawShadowMatch,
  sorting: drawSorting,
  sequencing: drawSequencing,
  "cut-and-paste": drawCutAndPaste,
  sizes: drawSizes,
  positions: drawPositions,
  "emotion-faces": drawEmotionFaces,
  "feelings-checkin": drawFeelingsCheckin,
  "how-would-you-feel": drawHowWouldYouFeel,
  "calm-breathing": drawCalmBreathing,
  "calm-down-choices": drawCalmDownChoices,
  "feelings-thermometer": drawFeelingsThermometer,
  "breathing-pictures": drawBreathingPictures,
  "brave-cards": drawBraveCards,
  "clock-times": drawClockTimes,
  coins: drawCoins,
  "social-story": drawSocialStory,
  "sticker-sheet": drawStickerSheet,
  "routine-chart": drawRoutineChart,
  "routine-strip": drawRoutineStrip,
  "readiness-checklist": (ctx, params) => drawChecklist(ctx, ctx.content.checklist[String(params.level) as "0"]),
  "chore-chart": drawChoreChart,
  "reward-chart": drawRewardChart,
  "screen-time-tokens": drawScreenTimeTokens,
  "i-spy": drawISpy,
  "picture-bingo": drawPictureBingo,
  "follow-directions": drawFollowDirections,
  "listen-and-draw": drawListenAndDraw,
  story: drawStory,
};

function drawTemplate(ctx: TemplateContext, params: PrintableParams) {
  (drawers[params.template] as (ctx: TemplateContext, params: PrintableParams) => void)(ctx, params);
}

export type PageContext = {
  locale: Locale;
  childName: string | undefined;
  /** Every page of the document (the contents, tracker and answer key list them). */
  pages: KitPage[];
  /** What the document is about (a level or a pack), for the front and back pages. */
  place: ItemPlace | undefined;
  /** Whether pages show their number (in a whole level or pack, not in a single download). */
  numbered: boolean;
  /** What the parent asked for help with in the quiz: a level's plan opens with it. */
  topics: readonly AskedTopic[];
  /** The child's age, when the quiz told us: a level's plan leads with the strands it calls for. */
  childAge?: number | undefined;
};

/** What every page of a document is drawn with. */
export function pageContext(
  document: KitDocument,
  locale: Locale,
  childName: string | undefined,
  topics: readonly AskedTopic[] = [],
  childAge?: number,
): PageContext {
  return {
    locale,
    childName,
    pages: documentPages(document, locale),
    place: documentPlace(document),
    numbered: document.kind !== "item",
    topics,
    childAge,
  };
}

function frameFor(
  canvas: Canvas,
  item: { skill: PrintableItem["skill"] },
  title: string,
  instruction: string,
  place: ItemPlace,
  context: PageContext,
  pageNumber?: string,
) {
  const content = kitContent(context.locale);
  const name = context.childName?.trim();
  return drawFrame(canvas, skillColours[item.skill], {
    title,
    subtitle: [placeLabel(place, context.locale), content.skills[item.skill]].join("  ·  "),
    instruction,
    nameLabel: name ? fill(content.page.madeFor, { name }) : `${content.page.nameLine} ________________`,
    footer: content.page.footer,
    ...(pageNumber && { pageNumber }),
  });
}

/** A worksheet's page in its frame; `answers` draws it solved (the answer key's miniatures). */
export function drawPrintable(
  canvas: Canvas,
  item: PrintableItem,
  place: ItemPlace,
  context: PageContext,
  options: { answers: boolean; part: number; pageNumber?: string },
) {
  const box = frameFor(
    canvas,
    item,
    worksheetTitle(item, context.locale, options.part),
    itemSummary(item, context.locale),
    place,
    context,
    options.pageNumber,
  );
  canvas.beginBody();
  drawTemplate(
    {
      ...templateContext(canvas, box, item.skill, context, options.answers),
      part: options.part,
      ...(item.theme && { theme: pictureThemes[item.theme] }),
    },
    item.params,
  );
}

function templateContext(
  canvas: Canvas,
  box: Box,
  skill: Skill,
  context: PageContext,
  answers: boolean,
): TemplateContext {
  return {
    canvas,
    box,
    content: kitContent(context.locale),
    words: kitWords(context.locale),
    stories: kitStories(context.locale),
    booklets: kitBooklets(context.locale),
    locale: context.locale,
    childName: context.childName?.trim() || undefined,
    colour: skillColours[skill],
    answers,
    part: 0,
  };
}

export function drawPage(canvas: Canvas, page: KitPage, index: number, context: PageContext) {
  const content = kitContent(context.locale);
  const pageNumber = context.numbered ? formatNumber(context.locale, index + 1) : undefined;
  const book: BookContext = { ...context, content, words: kitWords(context.locale) };
  switch (page.kind) {
    case "cover":
      return drawCover(canvas, book);
    case "contents":
      return drawContents(canvas, book);
    case "guide":
      return context.place && "level" in context.place ? drawLevelGuide(canvas, book) : drawGuide(canvas, book);
    case "plan":
      return drawLevelPlan(canvas, book);
    case "printable":
      return drawPrintable(canvas, page.item, page.place, context, {
        answers: false,
        part: page.part,
        ...(pageNumber && { pageNumber }),
      });
    case "cards":
      canvas.beginBody();
      return drawCardSheet(canvas, page.items, {
        content,
        locale: context.locale,
        placeLabel: placeLabel(page.place, context.locale),
        ...(pageNumber && { pageNumber }),
        ...(page.log && { log: page.log }),
      });
    case "material": {
      const instruction = isCutOut(page.material) ? content.book.cutOutsInstruction : content.book.sheetInstruction;
      const box = frameFor(canvas, page.item, pageTitle(page, book), instruction, page.place, context, pageNumber);
      canvas.beginBody();
      return drawMaterial(templateContext(canvas, box, page.item.skill, context, false), page.material);
    }
    case "answers":
      return drawAnswerKey(canvas, book, page, (inner, entry) =>
        drawPrintable(inner, entry.item, entry.place, context, { answers: true, part: entry.part }),
      );
    case "certificate":
      return drawCertificate(canvas, book);
  }
}
