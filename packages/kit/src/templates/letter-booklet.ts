import type { Box } from "../canvas.server.ts";
import type { ParamsOf } from "../catalogue.ts";
import { fill, type KitBooklets } from "../content.server.ts";
import { rectPath } from "../draw/paths.ts";
import { alphabet, letterGroup, lowerCase } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { seededRandom } from "../random.ts";
import { copies, type WriteEntry, writingRow } from "../tracing/writing.ts";
import {
  circleAnswer,
  columns,
  faint,
  grid,
  ink,
  inset,
  panel,
  rows,
  splitY,
  type TemplateContext,
} from "./context.ts";
import { cutCard } from "./feelings.ts";
import { smallOf } from "./letter-pages.ts";

// Alphabet Adventures: a page per letter in four parts. Trace it (capital and small), find it
// among other letters, cut out four pictures and glue the ones that start with it (pictures no
// level shows for that letter), and say its rhyme and make its craft.

type LetterPage = { letter: string; entry: KitBooklets["letters"][string] };

/** The letter of the page and what the language says for it. */
function letterPage(ctx: TemplateContext, params: ParamsOf<"letter-booklet">): LetterPage | undefined {
  const letter = letterGroup(ctx.locale, "upper", params.group)[ctx.part];
  const entry = letter ? ctx.booklets.letters[letter] : undefined;
  return letter && entry ? { letter, entry } : undefined;
}

/** "Aa", or the letter alone in a script without cases. */
function withSmall(ctx: TemplateContext, letter: string): string {
  return `${letter}${smallOf(ctx, letter)}`;
}

/** A part of the page: its panel and its label, and the room left under the label. */
function part(ctx: TemplateContext, box: Box, label: string): Box {
  panel(ctx, box);
  const inner = inset(box, 10);
  ctx.canvas.textBox(
    label,
    { ...inner, height: 30 },
    { role: "heading", size: 13, minSize: 8, color: ctx.colour.main, lineHeight: 1.1 },
  );
  return { ...inner, y: inner.y + 34, height: inner.height - 34 };
}

function drawTrace(ctx: TemplateContext, box: Box, letter: string) {
  const small = smallOf(ctx, letter) || letter;
  // Each row fades: the stroke model, two dotted copies, then start dots alone.
  const line = (text: string): WriteEntry[] => [
    { text, style: "model" },
    ...copies(text, "trace", 2),
    ...copies(text, "start", 1),
  ];
  const lines = ctx.locale === "ar" ? [line(letter), line(letter)] : [line(letter), line(small)];
  rows(box, lines.length, 10).forEach((row, index) => {
    writingRow(ctx.canvas, row, lines[index] ?? [], ctx.colour, ctx.locale, { sizeLike: [letter, small] });
  });
}

/** Twelve letters, four of them the page's (capital and small), the rest others of the alphabet. */
function drawFind(ctx: TemplateContext, box: Box, letter: string, seed: number) {
  const random = seededRandom(seed);
  const cased = (value: string, index: number) =>
    ctx.locale === "ar" || index % 2 === 0 ? value : lowerCase(ctx.locale, value);
  const others = random
    .shuffle(alphabet(ctx.locale).filter((other) => other !== letter))
    .slice(0, 8)
    .map(cased);
  const targets = [0, 1, 2, 3].map((index) => cased(letter, index));
  const cells = random.shuffle([
    ...targets.map((text) => ({ text, target: true })),
    ...others.map((text) => ({ text, target: false })),
  ]);
  grid(ctx.canvas, box, 4, cells.length, 6).forEach((cell, index) => {
    const entry = cells[index];
    if (!entry) return;
    const size = Math.min(cell.height * 0.62, 30);
    ctx.canvas.textLine(entry.text, cell, cell.y + cell.height / 2 + size * 0.36, {
      role: "heading",
      size,
      color: ink,
      align: "center",
    });
    if (entry.target) circleAnswer(ctx, inset(cell, cell.width * 0.12, cell.height * 0.08));
  });
}

/**
 * Two boxes to glue in, and four pictures to cut out: the letter's own and, to make it a choice,
 * pictures of other letters' pages.
 */
function drawGlue(ctx: TemplateContext, box: Box, page: LetterPage, seed: number) {
  const random = seededRandom(seed);
  const own = page.entry.pictures;
  const others = random
    .shuffle(
      Object.entries(ctx.booklets.letters)
        .filter(([letter]) => letter !== page.letter)
        .flatMap(([, entry]) => entry.pictures),
    )
    .filter((id) => !own.includes(id) && !startsWith(ctx, id, page.letter))
    .slice(0, 4 - own.length);
  const cards = random.shuffle([...own.map((id) => ({ id, own: true })), ...others.map((id) => ({ id, own: false }))]);
  const [gluing, cutting] = splitY(box, 0.42, 10);
  columns(ctx.canvas, gluing, [1, 1], 12).forEach((spot, index) => {
    ctx.canvas.path(rectPath(spot.x, spot.y, spot.width, spot.height, 10), {
      stroke: ctx.colour.main,
      lineWidth: 1.4,
      dash: [3, 4],
      fill: ctx.colour.soft,
    });
    ctx.canvas.textLine(withSmall(ctx, page.letter), inset(spot, 8), spot.y + 22, {
      role: "heading",
      size: 16,
      color: faint,
      align: "start",
    });
    const glued = own[index];
    if (ctx.answers && glued) ctx.canvas.picture(glued, inset(spot, spot.height * 0.18));
  });
  grid(ctx.canvas, cutting, 4, cards.length, 8).forEach((cell, index) => {
    const card = cards[index];
    if (!card) return;
    cutCard(ctx, cell);
    // Two lines under the picture: some words are three ("ursinho de pelúcia").
    const label = 22;
    ctx.canvas.picture(card.id, inset({ ...cell, height: cell.height - label }, 7));
    ctx.canvas.textBox(
      ctx.words.pictures[card.id] ?? "",
      inset({ ...cell, y: cell.y + cell.height - label - 4, height: label }, 4, 0),
      { size: 9, minSize: 6.5, color: ink, align: "center", lineHeight: 1.1, valign: "middle" },
    );
    if (card.own) circleAnswer(ctx, cell);
  });
}

/** Whether a picture's word starts with the letter (distractors must not). */
function startsWith(ctx: TemplateContext, id: PictureId, letter: string): boolean {
  const word = ctx.words.pictures[id] ?? "";
  return word.toLocaleLowerCase(ctx.locale).startsWith(lowerCase(ctx.locale, letter));
}

function drawRhyme(ctx: TemplateContext, box: Box, page: LetterPage) {
  // The letter's picture beside its rhyme, the rhyme's two lines in the rest.
  const picture = page.entry.pictures[0];
  const [words, side] = picture ? columns(ctx.canvas, box, [0.72, 0.28], 6) : [box, undefined];
  ctx.canvas.textBox(page.entry.rhyme.join("\n"), words as Box, {
    size: 12.5,
    minSize: 8,
    color: ink,
    lineHeight: 1.3,
    valign: "middle",
  });
  if (picture && side) ctx.canvas.picture(picture, inset(side, 2));
}

export function drawLetterBooklet(ctx: TemplateContext, params: ParamsOf<"letter-booklet">) {
  const page = letterPage(ctx, params);
  if (!page) return;
  const { panels } = ctx.booklets;
  const seed = (params.group + 1) * 100 + ctx.part;
  // Tracing across the page, so a row holds the model, its copies and the start dots; finding
  // and gluing side by side; the rhyme and the craft at the bottom.
  const [trace, rest] = splitY(ctx.box, 0.4, 12);
  const [middle, bottom] = splitY(rest, 0.6, 12);
  const [find, glue] = columns(ctx.canvas, middle, [1, 1], 12) as [Box, Box];
  const [rhyme, craft] = columns(ctx.canvas, bottom, [1, 1], 12) as [Box, Box];
  drawTrace(ctx, part(ctx, trace, fill(panels.trace, { letter: withSmall(ctx, page.letter) })), page.letter);
  drawFind(ctx, part(ctx, find, fill(panels.find, { letter: withSmall(ctx, page.letter) })), page.letter, seed);
  const inside = ctx.words.lettersInside.includes(page.letter);
  if (page.entry.pictures.length > 0)
    drawGlue(ctx, part(ctx, glue, fill(inside ? panels.glueInside : panels.glue, { letter: page.letter })), page, seed);
  else {
    const room = part(ctx, glue, fill(panels.write, { letter: page.letter }));
    rows(room, 3, 8).forEach((row) => {
      writingRow(ctx.canvas, row, copies(page.letter, "start", 1), ctx.colour, ctx.locale);
    });
  }
  drawRhyme(ctx, part(ctx, rhyme, panels.rhyme), page);
  ctx.canvas.textBox(page.entry.craft, part(ctx, craft, panels.craft), {
    size: 12,
    minSize: 7.5,
    color: ink,
    lineHeight: 1.3,
  });
}
