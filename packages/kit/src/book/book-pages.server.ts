import type { Locale } from "@kinderready/i18n/locales";
import type { Box, Canvas } from "../canvas.server.ts";
import { printableInset } from "../canvas.server.ts";
import {
  type ActivityItem,
  type AskedTopic,
  type ItemPlace,
  isCutOut,
  monthTheme,
  type Skill,
  stories,
} from "../catalogue.ts";
import { fill, fillCount, type KitContent, type KitWords } from "../content.server.ts";
import { ellipsePath, rectPath, starPath } from "../draw/paths.ts";
import { itemTitle, placeLabel, worksheetTitle } from "../item-text.server.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { pictureThemes } from "../pictures/picture-themes.ts";
import type { Paint } from "../surface.ts";
import { columns, faint, grid, ink, inset, numberBadge, skillColours } from "../templates/context.ts";
import { answersPerPage, type KitPage } from "./book-document.ts";

// The pages around the worksheets: a cover with the child's name, the contents, a page for
// grown-ups with a progress tracker, the answer key (solved pages in miniature) and a
// certificate for the end of a level.

export type BookContext = {
  content: KitContent;
  words: KitWords;
  locale: Locale;
  childName: string | undefined;
  place: ItemPlace | undefined;
  /** Every page of the document, for the contents and the tracker. */
  pages: KitPage[];
  /** What the parent asked for help with in the quiz: a level's plan opens with it. */
  topics: readonly AskedTopic[];
  /** The child's age, when the quiz told us: a level's plan leads with the strands it calls for. */
  childAge?: number | undefined;
};

/** One colour per level and per book of the month (and for the packs), for covers and certificates. */
const placeColours = ["#1f8f77", "#3b82c4", "#d9573b", "#7b57c9", "#d68a12", "#c74b8c"] as const;
const monthColours = ["#4f9a24", "#2b8fb0", "#c74b8c", "#b1612c", "#d9573b", "#7b57c9"] as const;
const packColour = "#4a68c7";

export function placeColour(place: ItemPlace | undefined): string {
  if (place && "level" in place) return placeColours[place.level] ?? packColour;
  if (place && "month" in place) return monthColours[place.month - 1] ?? packColour;
  return packColour;
}

/** The pictures in the ring of a document's cover. */
function coverRing(place: ItemPlace | undefined): readonly PictureId[] {
  const fallback = coverPictures.pack ?? [];
  if (!place) return fallback;
  if ("month" in place) return pictureThemes[monthTheme(place.month)].cover;
  return coverPictures["level" in place ? `level${place.level}` : place.pack] ?? fallback;
}

/** Pictures on each cover: something of every skill a level practises, what a pack is about. */
const coverPictures: Record<string, PictureId[]> = {
  level0: ["teddy-bear", "apple", "pencil", "star", "balloon", "duck", "crayon", "sun"],
  level1: ["elephant", "ball", "car", "strawberry", "kite", "fish", "crayon", "rainbow"],
  level2: ["butterfly", "rocket", "banana", "dice", "owl", "scissors", "tulip", "bus"],
  level3: ["giraffe", "house", "puzzle", "cupcake", "bicycle", "frog", "palette", "moon"],
  level4: ["lion", "train", "book", "pear", "turtle", "drum", "magnet", "leaf"],
  level5: ["backpack", "globe", "rocket", "trophy", "pencil", "penguin", "abacus", "sunflower"],
  "alphabet-adventures": ["apple", "ball", "cat", "kite", "fish", "zebra", "book", "pencil"],
  "numbers-and-logic": ["abacus", "dice", "puzzle", "clock", "ruler", "calendar", "triangular-ruler", "star"],
  "calm-and-confident": ["hug", "hugging-face", "rainbow", "heart-shape", "butterfly", "dove", "teddy-bear", "sun"],
  pack: ["gift", "star", "rainbow", "teddy-bear", "unicorn", "kite", "balloon", "party-popper"],
};

export function pageTitle(page: KitPage, context: BookContext): string {
  const book = context.content.book;
  switch (page.kind) {
    case "cover":
      return book.cover;
    case "contents":
      return book.contents;
    case "guide":
      return context.place && "level" in context.place
        ? fill(book.levelGuide.title, { level: placeLabel(context.place, context.locale) })
        : book.guideTitle;
    case "plan":
      return book.levelGuide.planTitle;
    case "printable":
      return worksheetTitle(page.item, context.locale, page.part);
    case "cards":
      return page.items.map((item) => itemTitle(item, context.locale)).join(" · ");
    case "material":
      return fill(isCutOut(page.material) ? book.cutOutsTitle : book.sheetTitle, {
        title: itemTitle(page.item, context.locale),
      });
    case "answers":
      return book.answers;
    case "certificate":
      return book.certificate;
  }
}

function documentTitle(context: BookContext): string {
  const { content, place } = context;
  if (!place) return content.page.pack;
  if ("pack" in place) return content.packs[place.pack];
  if ("month" in place) return content.months[String(place.month) as "1"].title;
  return content.levels[String(place.level) as "0"].title;
}

export function drawCover(canvas: Canvas, context: BookContext) {
  const colour = placeColour(context.place);
  const page = doubleBorder(canvas, colour, printableInset + 18, 4, { lineWidth: 1, dash: [4, 5] });
  const inner = inset(page, 36);
  drawCoverHeading(canvas, context, inner, colour);
  const ring = drawPictureRing(canvas, context.place, inner, colour);
  drawStoryFriend(canvas, inner, ring.radius);
  drawMadeFor(canvas, context, ring, colour);
  drawCoverFooter(canvas, context, inner, colour);
}

/** The ring of pictures on a cover: its centre and radius. */
type CoverRing = { cx: number; cy: number; radius: number };

/** The brand, what the document is (the kit, a book of the month) and its title. */
function drawCoverHeading(canvas: Canvas, context: BookContext, inner: Box, colour: string) {
  const { content } = context;
  canvas.textLine(content.page.brand, inner, inner.y + 18, {
    role: "heading",
    size: 16,
    color: colour,
    align: "center",
  });
  const month = context.place && "month" in context.place;
  canvas.textLine(month ? content.book.monthDescription : content.book.kitName, inner, inner.y + 44, {
    size: 14,
    minSize: 9,
    color: "#5b6270",
    align: "center",
  });
  canvas.textBox(
    documentTitle(context),
    { ...inner, y: inner.y + 64, height: 96 },
    {
      role: "heading",
      size: 38,
      minSize: 18,
      align: "center",
      valign: "middle",
      color: ink,
      lineHeight: 1.1,
    },
  );
}

/** The pictures in a ring around the child's name, and the white oval the name sits in. */
function drawPictureRing(canvas: Canvas, place: ItemPlace | undefined, inner: Box, colour: string): CoverRing {
  const pictures = coverRing(place);
  const cx = inner.x + inner.width / 2;
  const cy = inner.y + inner.height * 0.55;
  const radius = Math.min(inner.width, inner.height) * 0.36;
  pictures.forEach((id, index) => {
    const angle = -Math.PI / 2 + (index / pictures.length) * Math.PI * 2;
    const side = radius * 0.42;
    canvas.picture(id, {
      x: cx + Math.cos(angle) * radius - side / 2,
      y: cy + Math.sin(angle) * radius * 0.92 - side / 2,
      width: side,
      height: side,
    });
  });
  canvas.path(ellipsePath(cx, cy, radius * 0.62), { fill: "#ffffff", stroke: colour, lineWidth: 2.5 });
  return { cx, cy, radius };
}

/** The friend from the stories, at the reading end below the ring. */
function drawStoryFriend(canvas: Canvas, inner: Box, radius: number) {
  const friend = radius * 0.5;
  canvas.picture(stories.friend, {
    x: canvas.startX(inner, inner.width - friend, friend),
    y: inner.y + inner.height - 52 - friend,
    width: friend,
    height: friend,
  });
}

/** "Made for" and the child's name inside the ring, or a line to write it on. */
function drawMadeFor(canvas: Canvas, context: BookContext, { cx, cy, radius }: CoverRing, colour: string) {
  const name = context.childName?.trim();
  canvas.textLine(context.content.book.madeFor, { x: cx - radius * 0.58, width: radius * 1.16 }, cy - radius * 0.18, {
    size: 15,
    minSize: 9,
    color: "#5b6270",
    align: "center",
  });
  if (name) {
    canvas.textLine(name, { x: cx - radius * 0.58, width: radius * 1.16 }, cy + radius * 0.12, {
      role: "heading",
      size: 34,
      minSize: 12,
      color: colour,
      align: "center",
    });
  } else
    canvas.path(`M${cx - radius * 0.45} ${cy + radius * 0.14}H${cx + radius * 0.45}`, { stroke: ink, lineWidth: 1 });
}

/** How many worksheets and activities the document holds, and what it is about. */
function drawCoverFooter(canvas: Canvas, context: BookContext, inner: Box, colour: string) {
  const { content } = context;
  const counts = countPages(context.pages);
  const summary = [
    counts.worksheets > 0 ? fillCount(content.book, "worksheets", context.locale, counts.worksheets) : "",
    counts.activities > 0 ? fillCount(content.book, "activities", context.locale, counts.activities) : "",
  ].filter(Boolean);
  canvas.textLine(summary.join("  ·  "), inner, inner.y + inner.height - 40, {
    role: "heading",
    size: 15,
    minSize: 9,
    color: colour,
    align: "center",
  });
  const { place } = context;
  const description =
    place && "level" in place
      ? content.levels[String(place.level) as "0"].description
      : place && "month" in place
        ? content.months[String(place.month) as "1"].description
        : content.book.packDescription;
  canvas.textBox(
    description,
    { ...inner, y: inner.y + inner.height - 30, height: 30 },
    { size: 11.5, minSize: 8, color: "#5b6270", align: "center" },
  );
}

function countPages(pages: KitPage[]) {
  let worksheets = 0;
  let activities = 0;
  for (const page of pages) {
    if (page.kind === "printable") worksheets++;
    if (page.kind === "cards") activities += page.items.length;
  }
  return { worksheets, activities };
}

/** The double border of the cover and the certificate, in the level's colour; returns what is inside. */
function doubleBorder(canvas: Canvas, colour: string, margin: number, weight: number, inner: Paint): Box {
  const page: Box = { x: margin, y: margin, width: canvas.width - margin * 2, height: canvas.height - margin * 2 };
  canvas.path(rectPath(page.x, page.y, page.width, page.height, 26), { stroke: colour, lineWidth: weight });
  canvas.path(rectPath(page.x + 11, page.y + 11, page.width - 22, page.height - 22, 20), { stroke: colour, ...inner });
  return page;
}

/** The frame-less page heading used by the front and back pages. */
export function heading(canvas: Canvas, text: string, colour: string): Box {
  const m = 36;
  const band = { x: m, y: m, width: canvas.width - m * 2, height: 56 };
  canvas.path(rectPath(band.x, band.y, band.width, band.height, 16), { fill: colour });
  canvas.textLine(text, { x: band.x + 20, width: band.width - 40 }, band.y + 37, {
    role: "heading",
    size: 24,
    minSize: 12,
    color: "#ffffff",
  });
  return {
    x: m,
    y: band.y + band.height + 18,
    width: band.width,
    height: canvas.height - m * 2 - band.height - 18 - 16,
  };
}

export function drawContents(canvas: Canvas, context: BookContext) {
  const colour = placeColour(context.place);
  const area = heading(canvas, context.content.book.contents, colour);
  // A card sheet lists each of its cards on its own line, with the sheet's page number.
  const entries = context.pages.flatMap((page, index) => {
    if (page.kind === "cover" || page.kind === "contents") return [];
    if (page.kind === "cards") {
      return page.items.map((item) => ({
        title: itemTitle(item, context.locale),
        skill: item.skill as Skill | undefined,
        number: index + 1,
      }));
    }
    return [
      {
        title: pageTitle(page, context),
        skill: page.kind === "printable" ? page.item.skill : undefined,
        number: index + 1,
      },
    ];
  });
  const perColumn = Math.ceil(entries.length / 2);
  const columnsBoxes = entries.length > 24 ? columns(canvas, area, [1, 1], 18) : [area];
  const lineHeight = Math.min(22, area.height / Math.min(perColumn, entries.length));
  entries.forEach(({ title, skill, number }, index) => {
    const column = columnsBoxes[columnsBoxes.length > 1 ? Math.floor(index / perColumn) : 0] as Box;
    const row = columnsBoxes.length > 1 ? index % perColumn : index;
    const y = column.y + row * lineHeight;
    const dot = skill ? skillColours[skill].main : faint;
    canvas.path(ellipsePath(canvas.startX(column, 4, 0), y + lineHeight / 2, 4), { fill: dot });
    const numberWidth = 30;
    canvas.textLine(
      formatNumber(context.locale, number),
      { x: canvas.startX(column, column.width - numberWidth, numberWidth), width: numberWidth },
      y + lineHeight * 0.68,
      {
        role: "heading",
        size: Math.min(11, lineHeight * 0.55),
        color: colour,
        align: "end",
      },
    );
    canvas.textLine(
      title,
      { x: canvas.startX(column, 14, column.width - numberWidth - 20), width: column.width - numberWidth - 20 },
      y + lineHeight * 0.68,
      {
        size: Math.min(11, lineHeight * 0.55),
        minSize: 6,
        color: ink,
      },
    );
  });
}

export function drawGuide(canvas: Canvas, context: BookContext) {
  const colour = placeColour(context.place);
  const book = context.content.book;
  const area = heading(canvas, book.guideTitle, colour);
  const tips = book.guideTips;
  const tipsBox = { ...area, height: area.height * 0.5 };
  let y = tipsBox.y;
  tips.forEach((tip, index) => {
    const badge = canvas.startX(tipsBox, 0, 24);
    numberBadge(canvas, [badge + 12, y + 12], 12, formatNumber(context.locale, index + 1), colour, 13);
    y +=
      canvas.textBox(
        tip,
        { x: canvas.startX(tipsBox, 34, tipsBox.width - 34), y: y + 2, width: tipsBox.width - 34, height: 70 },
        { size: 12, minSize: 8, lineHeight: 1.3, color: ink },
      ) + 14;
  });
  drawTracker(canvas, context, { ...area, y: y + 10, height: area.y + area.height - y - 10 });
}

/** The tracker: a star per worksheet and per sheet of cards, in its skill's colour, to colour when done. */
export function drawTracker(canvas: Canvas, context: BookContext, tracker: Box) {
  const colour = placeColour(context.place);
  const book = context.content.book;
  canvas.path(rectPath(tracker.x, tracker.y, tracker.width, tracker.height, 16), { stroke: colour, lineWidth: 1.6 });
  canvas.textLine(book.tracker, { x: tracker.x + 16, width: tracker.width - 32 }, tracker.y + 26, {
    role: "heading",
    size: 15,
    minSize: 9,
    color: colour,
  });
  const done = context.pages.flatMap((page, index) =>
    page.kind === "printable"
      ? [{ skill: page.item.skill, number: index + 1 }]
      : page.kind === "cards"
        ? [{ skill: (page.items[0] as ActivityItem).skill, number: index + 1 }]
        : [],
  );
  const cellsArea = inset({ ...tracker, y: tracker.y + 36, height: tracker.height - 40 }, 12, 4);
  const perRow = 10;
  grid(canvas, cellsArea, perRow, done.length, 4).forEach((cell, index) => {
    const entry = done[index] as { skill: Skill; number: number };
    const r = Math.min(cell.width, cell.height) * 0.42;
    canvas.path(starPath(cell.x + cell.width / 2, cell.y + cell.height / 2, r), {
      stroke: skillColours[entry.skill].main,
      lineWidth: 1.2,
      fill: "#ffffff",
    });
    canvas.textLine(formatNumber(context.locale, entry.number), cell, cell.y + cell.height / 2 + 4, {
      role: "heading",
      size: Math.min(10, r * 0.7),
      color: "#7a8190",
      align: "center",
    });
  });
}

/** Miniatures of solved pages: `draw` renders one page with its answers into the miniature's canvas. */
export function drawAnswerKey(
  canvas: Canvas,
  context: BookContext,
  page: Extract<KitPage, { kind: "answers" }>,
  draw: (
    inner: Canvas,
    entry: { item: Extract<KitPage, { kind: "printable" }>["item"]; place: ItemPlace; part: number; page: number },
  ) => void,
) {
  const colour = placeColour(context.place);
  const total = context.pages.filter((entry) => entry.kind === "answers").length;
  const title =
    total > 1
      ? `${context.content.book.answers} (${formatNumber(context.locale, page.part + 1)}/${formatNumber(context.locale, total)})`
      : context.content.book.answers;
  const area = heading(canvas, title, colour);
  grid(canvas, area, 2, answersPerPage, 14).forEach((cell, index) => {
    const entry = page.items[index];
    if (!entry) return;
    const labelHeight = 18;
    const scale = Math.min(cell.width / canvas.width, (cell.height - labelHeight) / canvas.height);
    const width = canvas.width * scale;
    const height = canvas.height * scale;
    const x = cell.x + (cell.width - width) / 2;
    canvas.textLine(
      `${formatNumber(context.locale, entry.page)} · ${worksheetTitle(entry.item, context.locale, entry.part)}`,
      { x: cell.x, width: cell.width },
      cell.y + 12,
      {
        role: "heading",
        size: 10,
        minSize: 6,
        color: colour,
        align: "center",
      },
    );
    canvas.path(rectPath(x, cell.y + labelHeight, width, height, 2), { stroke: faint, lineWidth: 0.8 });
    canvas.miniature({ x, y: cell.y + labelHeight, scale }, canvas.width, canvas.height, (inner) => draw(inner, entry));
  });
}

export function drawCertificate(canvas: Canvas, context: BookContext) {
  const colour = placeColour(context.place);
  const book = context.content.book;
  const page = doubleBorder(canvas, colour, printableInset + 14, 6, { lineWidth: 1.2 });
  const inner = inset(page, 50);
  for (let i = 0; i < 5; i++) {
    const cx = inner.x + inner.width / 2 + (i - 2) * 46;
    canvas.path(starPath(cx, inner.y + 20 + Math.abs(i - 2) * 8, 16), {
      fill: "#f6d565",
      stroke: colour,
      lineWidth: 1,
    });
  }
  canvas.textLine(book.certificate, inner, inner.y + 110, {
    role: "heading",
    size: 44,
    minSize: 18,
    color: colour,
    align: "center",
  });
  // The trophy, held up by the friend from the stories.
  canvas.picture("trophy", { x: inner.x + inner.width / 2 - 130, y: inner.y + 140, width: 140, height: 140 });
  canvas.picture(stories.friend, { x: inner.x + inner.width / 2 + 10, y: inner.y + 160, width: 120, height: 120 });
  canvas.textLine(book.awardedTo, inner, inner.y + 330, { size: 16, minSize: 9, color: "#5b6270", align: "center" });
  const name = context.childName?.trim();
  if (name)
    canvas.textLine(name, inner, inner.y + 385, {
      role: "heading",
      size: 42,
      minSize: 14,
      color: ink,
      align: "center",
    });
  canvas.path(`M${inner.x + inner.width * 0.15} ${inner.y + 398}H${inner.x + inner.width * 0.85}`, {
    stroke: ink,
    lineWidth: 1,
  });
  canvas.textBox(
    fill(book.completed, { level: documentTitle(context) }),
    { ...inner, y: inner.y + 420, height: 60 },
    {
      role: "heading",
      size: 20,
      minSize: 10,
      align: "center",
      color: ink,
    },
  );
  canvas.textLine(book.wellDone, inner, inner.y + 515, { size: 16, minSize: 9, color: colour, align: "center" });
  const [date, signature] = columns(canvas, { ...inner, y: inner.y + inner.height - 60, height: 60 }, [1, 1], 40) as [
    Box,
    Box,
  ];
  for (const [box, label] of [
    [date, context.content.page.dateLine],
    [signature, book.signature],
  ] as const) {
    canvas.path(`M${box.x} ${box.y + 30}H${box.x + box.width}`, { stroke: ink, lineWidth: 1 });
    canvas.textLine(label, box, box.y + 48, { size: 12, minSize: 8, color: "#5b6270", align: "center" });
  }
}
