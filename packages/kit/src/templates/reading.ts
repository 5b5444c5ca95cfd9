import type { Box } from "../canvas.server.ts";
import type { ParamsOf } from "../catalogue.ts";
import { rectPath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { seededRandom } from "../random.ts";
import { copies, writingRow } from "../tracing/writing.ts";
import { circleAnswer, columns, faint, ink, inset, panel, rows, splitY, type TemplateContext } from "./context.ts";

// First reading: the words a beginner learns to know at sight (read, trace, find), and a little
// book to cut, tape and fold like a fan that reads with those words and the pictures alone.

/** A level's sight words (about 25 over levels 3 to 5), each to read, trace twice and find. */
export function drawSightWords(ctx: TemplateContext, params: ParamsOf<"sight-words">) {
  const random = seededRandom(params.set + 1);
  const words = ctx.words.sightWords[params.set] ?? [];
  const known = ctx.words.sightWords.flat();
  rows(ctx.box, words.length, 8).forEach((row, index) => {
    const word = words[index] as string;
    const [read, trace, find] = columns(ctx.canvas, row, [0.24, 0.46, 0.3], 10) as [Box, Box, Box];
    panel(ctx, read, ctx.colour.soft);
    ctx.canvas.textLine(word, inset(read, 6, 0), read.y + read.height / 2 + 10, {
      role: "heading",
      size: Math.min(30, read.height * 0.5),
      minSize: 10,
      color: ink,
      align: "center",
    });
    writingRow(ctx.canvas, trace, copies(word, "trace", 2), ctx.colour, ctx.locale, { sizeLike: words });
    // Find it: the word among three others that look a little like it.
    const others = random.shuffle(known.filter((other) => other !== word)).slice(0, 3);
    const choices = random.shuffle([word, ...others]);
    panel(ctx, find);
    grid2x2(ctx, inset(find, 6, 4)).forEach((cell, i) => {
      const choice = choices[i] as string;
      ctx.canvas.textLine(choice, cell, cell.y + cell.height / 2 + 6, {
        role: "heading",
        size: Math.min(16, cell.height * 0.55),
        minSize: 7,
        color: ink,
        align: "center",
      });
      if (choice === word) circleAnswer(ctx, inset(cell, cell.width * 0.1, cell.height * 0.05));
    });
  });
}

function grid2x2(ctx: TemplateContext, box: Box): Box[] {
  return rows(box, 2, 2).flatMap((line) => columns(ctx.canvas, line, [1, 1], 4));
}

/**
 * A fold-and-read book on one sheet: two strips of four panels (the cover, six pages, the end),
 * cut apart, taped end to end and folded back and forth like a fan, so it reads in order in either
 * direction of writing and needs nothing printed on the back.
 */
export function drawMiniBook(ctx: TemplateContext, params: ParamsOf<"mini-book">) {
  const book = ctx.words.books[params.book];
  if (!book) return;
  const [first, second] = splitY(ctx.box, 0.5, 0);
  const strips = [inset(first, 0, 4), inset(second, 0, 4)];
  const panels = strips.flatMap((strip) => columns(ctx.canvas, strip, [1, 1, 1, 1], 0));
  // The cut between the strips, and the folds between panels.
  const cutY = first.y + first.height;
  ctx.canvas.path(`M${ctx.box.x} ${cutY}H${ctx.box.x + ctx.box.width}`, { stroke: ink, lineWidth: 1.2, dash: [8, 5] });
  ctx.canvas.picture(
    "scissors",
    { x: ctx.canvas.rtl ? ctx.box.x + ctx.box.width - 22 : ctx.box.x, y: cutY - 11, width: 22, height: 22 },
    { mirror: !ctx.canvas.rtl },
  );
  for (const strip of strips) {
    ctx.canvas.path(rectPath(strip.x, strip.y, strip.width, strip.height, 4), { stroke: faint, lineWidth: 1 });
    for (let i = 1; i < 4; i++) {
      const x = strip.x + (strip.width * i) / 4;
      ctx.canvas.path(`M${x} ${strip.y}V${strip.y + strip.height}`, { stroke: faint, lineWidth: 1, dash: [2, 3] });
    }
  }
  panels.forEach((box, index) => {
    const cell = inset(box, 8, 10);
    if (index === 0) {
      bookCover(ctx, cell, book.title, book.pages[0]?.picture);
      return;
    }
    if (index === panels.length - 1) {
      ctx.canvas.textBox(book.end, cell, {
        role: "heading",
        size: 20,
        minSize: 10,
        align: "center",
        valign: "middle",
        color: ink,
      });
      return;
    }
    const page = book.pages[index - 1];
    if (!page) return;
    const [pictureBox, textBox] = splitY(cell, 0.58, 6);
    ctx.canvas.picture(page.picture, inset(pictureBox, 4));
    ctx.canvas.textBox(
      page.text,
      { ...textBox, height: textBox.height - 16 },
      {
        role: "heading",
        size: 16,
        minSize: 9,
        align: "center",
        valign: "middle",
        color: ink,
      },
    );
    ctx.canvas.textLine(formatNumber(ctx.locale, index), cell, cell.y + cell.height - 2, {
      size: 9,
      color: "#7a8190",
      align: "center",
    });
  });
}

function bookCover(ctx: TemplateContext, cell: Box, title: string, picture: PictureId | undefined) {
  ctx.canvas.path(rectPath(cell.x, cell.y, cell.width, cell.height, 8), { fill: ctx.colour.soft });
  const [top, bottom] = splitY(inset(cell, 6), 0.4, 4);
  ctx.canvas.textBox(title, top, {
    role: "heading",
    size: 18,
    minSize: 9,
    align: "center",
    valign: "middle",
    color: ink,
  });
  if (picture) ctx.canvas.picture(picture, inset({ ...bottom, height: bottom.height - 26 }, 8));
  const name = ctx.childName;
  ctx.canvas.textLine(name ?? "____________", bottom, bottom.y + bottom.height - 6, {
    role: "heading",
    size: 12,
    minSize: 7,
    color: ctx.colour.main,
    align: "center",
  });
}
