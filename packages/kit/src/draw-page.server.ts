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
import { type AskedTopic, type ItemPlace, isCutOut, type PrintableItem, type Skill } from "./catalogue.ts";
import { fill, kitBooklets, kitContent, kitStories, kitWords } from "./content.server.ts";
import { itemSummary, placeLabel, worksheetTitle } from "./item-text.server.ts";
import { formatNumber } from "./letters.ts";
import { pictureThemes } from "./pictures/picture-themes.ts";
import { drawTemplate } from "./template-drawers.ts";
import { skillColours, type TemplateContext } from "./templates/context.ts";
import { drawFrame } from "./templates/frame.ts";

// One page of a document: the front pages, a worksheet in its frame, a sheet of activity cards,
// the cut-outs a card needs, the answer key, the certificate.

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
