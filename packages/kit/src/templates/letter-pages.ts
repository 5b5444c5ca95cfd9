import type { Box } from "../canvas.server.ts";
import type { ParamsOf } from "../catalogue.ts";
import { ellipsePath, rectPath, starPath } from "../draw/paths.ts";
import { alphabet, formatNumber, letterGroup, lowerCase, specialLetters } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { seededRandom } from "../random.ts";
import { canStroke } from "../tracing/stroke-font.ts";
import { copies, type WriteEntry, writingRow } from "../tracing/writing.ts";
import {
  caption,
  circleAnswer,
  columns,
  grid,
  ink,
  inset,
  numberBadge,
  panel,
  rows,
  splitY,
  type TemplateContext,
  writingBox,
} from "./context.ts";
import { drawChoiceRows, drawMatchColumns } from "./layouts.ts";

// Letters and sounds: each letter with its stroke order and a picture that starts with it, the
// child's own name and first letter, words to trace, first sounds, rhymes, capitals with their
// small letters. Arabic has no case: its "small letter" pages show each letter's joined forms.

const tatweel = "\u0640";
/** Arabic letters that never join the letter after them: no start or middle form. */
const nonJoining = new Set([..."ادذرزو"]);

/** The picture for a letter ("A is for apple"), if the language has one. */
function letterPicture(ctx: TemplateContext, letter: string): PictureId | undefined {
  return ctx.words.letters[letter.toLocaleUpperCase(ctx.locale)]?.[0];
}

function letterKey(ctx: TemplateContext, letter: string) {
  return ctx.locale === "ar" ? letter : letter.toLocaleUpperCase(ctx.locale);
}

/** A letter's picture and word ("apple"; "box, ends with x"), in a soft panel. */
function letterPicturePanel(ctx: TemplateContext, box: Box, letter: string) {
  const { canvas } = ctx;
  const pictureId = letterPicture(ctx, letterKey(ctx, letter));
  canvas.path(rectPath(box.x, box.y, box.width, box.height, 12), { fill: ctx.colour.soft });
  if (!pictureId) return;
  const inside = !ctx.words.lettersInside.includes(letterKey(ctx, letter));
  const words = inside ? 30 : 52;
  const picture = inset({ ...box, height: box.height - words }, 18, 14);
  canvas.picture(pictureId, picture);
  const label = ctx.words.pictures[pictureId] ?? "";
  const below = { ...inset(box, 8, 0), y: box.y + box.height - words - 4, height: 24 };
  caption(ctx, label, below, 18);
  // A letter no word starts with is shown where it is: "box, ends with x".
  if (inside) return;
  const small = ctx.locale === "ar" ? letter : lowerCase(ctx.locale, letter);
  caption(ctx, ctx.content.values.letterInWord.replace("{{letter}}", small), { ...below, y: below.y + 24 }, 13);
}

/** Enough copies of a letter to fill a row; the row keeps those that fit. */
const fillRow = (letter: string, style: WriteEntry["style"]) => copies(letter, style, 14);

/**
 * A letter's practice page: the big model with its numbered strokes beside its picture word, then
 * rows that fade from grey letters to go over, to dotted letters, to start dots alone, to an
 * empty line to write on unaided.
 */
export function drawLetters(ctx: TemplateContext, params: ParamsOf<"letters">) {
  const letters = letterGroup(ctx.locale, params.case, params.group);
  const letter = letters[ctx.part] ?? (letters[0] as string);
  if (ctx.locale === "ar" && params.case === "lower") return drawJoinedForms(ctx, letter);
  const [top, practice] = splitY(ctx.box, 0.38, 16);
  const [model, picture] = columns(ctx.canvas, top, [0.6, 0.4], 12) as [Box, Box];
  panel(ctx, model);
  writingRow(ctx.canvas, inset(model, 10, 8), [{ text: letter, style: "model" }], ctx.colour, ctx.locale, {
    centre: true,
    maxUnit: 57,
  });
  letterPicturePanel(ctx, picture, letter);
  const styles: WriteEntry["style"][] = ["faint", "trace", "start"];
  rows(practice, 4, 12).forEach((row, index) => {
    const style = styles[index];
    writingRow(ctx.canvas, row, style ? fillRow(letter, style) : [], ctx.colour, ctx.locale, { sizeLike: letters });
  });
}

/**
 * Arabic: a letter alone and in its joined forms (start, middle, end), each in its own panel: the
 * form to copy with its strokes numbered, grey copies to go over, then dotted ones to trace.
 */
function drawJoinedForms(ctx: TemplateContext, letter: string) {
  const labels = ctx.content.values.forms;
  const forms: [string, string][] = nonJoining.has(letter)
    ? [
        [labels.alone, letter],
        [labels.end, `${tatweel}${letter}`],
      ]
    : [
        [labels.alone, letter],
        [labels.start, `${letter}${tatweel}`],
        [labels.middle, `${tatweel}${letter}${tatweel}`],
        [labels.end, `${tatweel}${letter}`],
      ];
  const all = forms.map(([, form]) => form);
  // Four writing rows a page, tall enough for the strokes' ascenders and tails: a letter with
  // two forms gets two rows for each.
  const lines = 4 / forms.length;
  rows(ctx.box, forms.length, 14).forEach((block, index) => {
    const [label, form] = forms[index] as [string, string];
    panel(ctx, block);
    const inner = inset(block, 10, 6);
    ctx.canvas.textLine(label, inner, inner.y + 14, { role: "heading", size: 13, minSize: 8, color: ctx.colour.main });
    rows({ ...inner, y: inner.y + 20, height: inner.height - 20 }, lines, 6).forEach((row, line) => {
      const entries: WriteEntry[] =
        line === 0
          ? [{ text: form, style: "model" }, ...fillRow(form, "faint").slice(0, 2), ...fillRow(form, "trace")]
          : line < lines - 1
            ? fillRow(form, "trace")
            : [];
      // Capped, so that even a wide middle form leaves room for its copies after the model.
      writingRow(ctx.canvas, row, entries, ctx.colour, ctx.locale, { sizeLike: all, maxUnit: 18 });
    });
  });
}

/** The first letter of the child's name (or the alphabet's first letter without a name). */
function firstLetter(ctx: TemplateContext): string {
  const letters = alphabet(ctx.locale);
  const first = [...(ctx.childName ?? "")][0]?.toLocaleUpperCase(ctx.locale);
  if (first && (letters.includes(first) || canStroke(first))) return first;
  return letters[0] as string;
}

export function drawMyLetter(ctx: TemplateContext) {
  const { canvas, box } = ctx;
  const letter = firstLetter(ctx);
  const small = ctx.locale === "ar" ? undefined : lowerCase(ctx.locale, letter);
  const [top, bottom] = rows(box, 2, 14) as [Box, Box];
  const [model, pictures] = columns(canvas, top, [0.45, 0.55], 14) as [Box, Box];
  panel(ctx, model);
  writingRow(
    canvas,
    inset(model, 10),
    [{ text: small ? `${letter}${small}` : letter, style: "model" }],
    ctx.colour,
    ctx.locale,
    {
      centre: true,
      maxUnit: 56,
    },
  );
  const ids = ctx.words.letters[letterKey(ctx, letter)] ?? [];
  panel(ctx, pictures);
  grid(canvas, inset(pictures, 10), ids.length > 1 ? 2 : 1, Math.max(ids.length, 1), 8).forEach((cell, index) => {
    const id = ids[index];
    if (!id) return;
    canvas.picture(id, { ...cell, height: cell.height - 20 });
    caption(ctx, ctx.words.pictures[id] ?? "", { ...cell, y: cell.y + cell.height - 18, height: 18 }, 13);
  });
  const lines = rows(bottom, small ? 4 : 3, 6);
  writingRow(canvas, lines[0] as Box, copies(letter, "trace", 4), ctx.colour, ctx.locale);
  if (small) writingRow(canvas, lines[1] as Box, copies(small, "trace", 4), ctx.colour, ctx.locale);
  for (const line of lines.slice(small ? 2 : 1)) writingRow(canvas, line, [], ctx.colour, ctx.locale);
}

export function drawTraceName(ctx: TemplateContext, params: ParamsOf<"trace-name">) {
  const { canvas, box } = ctx;
  const name = ctx.childName?.trim();
  if (params.mode === "big") {
    const lines = rows(box, 5, 10);
    lines.forEach((row, index) => {
      const entries: WriteEntry[] = name && index < 3 ? [{ text: name, style: index === 0 ? "model" : "trace" }] : [];
      writingRow(canvas, row, entries, ctx.colour, ctx.locale);
    });
    return;
  }
  if (params.mode === "practice") {
    // Trace the name, then count its letters and colour the first one.
    const [traceBox, countBox] = rows(box, 2, 16) as [Box, Box];
    rows(traceBox, 3, 8).forEach((row, index) => {
      writingRow(canvas, row, name && index < 2 ? copies(name, "trace", 2) : [], ctx.colour, ctx.locale);
    });
    panel(ctx, countBox);
    const letters = [...(name ?? "").replace(/\s/g, "")];
    const slots = Math.max(letters.length, 6);
    const inner = inset(countBox, 14);
    canvas.textLine(ctx.content.values.nameLetters, inner, inner.y + 16, {
      role: "heading",
      size: 15,
      minSize: 9,
      color: ctx.colour.main,
    });
    const cellSize = Math.min((inner.width - (slots - 1) * 6) / slots, 70);
    letters.concat(Array.from({ length: slots - letters.length }, () => "")).forEach((letter, index) => {
      const x = canvas.startX(inner, index * (cellSize + 6), cellSize);
      const y = inner.y + 34;
      canvas.path(rectPath(x, y, cellSize, cellSize, 8), {
        stroke: ctx.colour.main,
        lineWidth: 1.4,
        ...(index === 0 && letter ? { fill: ctx.colour.soft } : {}),
      });
      if (letter)
        writingRow(
          canvas,
          inset({ x, y, width: cellSize, height: cellSize }, 4),
          [{ text: letter, style: "trace" }],
          ctx.colour,
          ctx.locale,
          { centre: true },
        );
    });
    const answerRow = { ...inner, y: inner.y + inner.height - 60, height: 56 };
    canvas.textLine(ctx.content.values.nameCount, answerRow, answerRow.y + 34, { size: 15, minSize: 9, color: ink });
    writingBox(
      ctx,
      { x: canvas.startX(answerRow, answerRow.width - 80, 70), y: answerRow.y + 4, width: 70, height: 48 },
      name ? String(letters.length) : undefined,
    );
    return;
  }
  // write: trace once, write alone, and a frame to draw yourself.
  const [writeBox, portrait] = rows(box, 2, 16) as [Box, Box];
  rows(writeBox, 4, 6).forEach((row, index) => {
    writingRow(canvas, row, name && index === 0 ? [{ text: name, style: "trace" }] : [], ctx.colour, ctx.locale);
  });
  panel(ctx, portrait);
  canvas.textLine(ctx.content.values.drawYourself, inset(portrait, 14), portrait.y + 30, {
    role: "heading",
    size: 16,
    minSize: 9,
    color: ctx.colour.main,
    align: "center",
  });
}

/** The weeks of name practice: four a level, from the first level to the fifth. */
export const nameWeeks = 20;
const nameHelp: WriteEntry["style"][] = ["faint", "trace", "start"];

/**
 * How the five rows of a name week are written, one row a day: the first week goes over grey
 * and dotted names, and every week takes a little help away until the name is written alone.
 */
export function nameWeekStyles(week: number): (WriteEntry["style"] | "alone")[] {
  const progress = (week - 1) / (nameWeeks - 1);
  return Array.from({ length: 5 }, (_, day) => nameHelp[Math.floor(progress * 3.2 + day * 0.45)] ?? "alone");
}

/** A week of the child's name: the big name to look at, then a row for each day of the week. */
export function drawNameWeek(ctx: TemplateContext, params: ParamsOf<"name-week">) {
  const { canvas } = ctx;
  const name = ctx.childName?.trim();
  const [model, below] = splitY(ctx.box, 0.24, 10);
  const days = { ...below, y: below.y + 26, height: below.height - 26 };
  panel(ctx, model);
  // The twenty weeks as a trail of dots: the weeks done filled, this week a star.
  const pitch = Math.min(24, below.width / nameWeeks);
  for (let week = 1; week <= nameWeeks; week++) {
    const x = canvas.startX(below, (week - 1) * pitch, pitch) + pitch / 2;
    const y = below.y + 10;
    if (week === params.week)
      canvas.path(starPath(x, y, 9), { fill: "#f2b705", stroke: ctx.colour.main, lineWidth: 0.8 });
    else
      canvas.path(ellipsePath(x, y, 4.5), {
        ...(week < params.week ? { fill: ctx.colour.main } : { stroke: ctx.colour.main, lineWidth: 1 }),
      });
  }
  writingRow(canvas, inset(model, 10, 8), name ? [{ text: name, style: "model" }] : [], ctx.colour, ctx.locale, {
    centre: true,
    maxUnit: 40,
  });
  const badge = 30;
  const dayRows = rows(days, 5, 12);
  nameWeekStyles(params.week).forEach((style, day) => {
    const row = dayRows[day] as Box;
    numberBadge(
      canvas,
      [canvas.startX(row, 0, badge) + badge / 2, row.y + row.height / 2],
      12,
      formatNumber(ctx.locale, day + 1),
      ctx.colour.main,
      13,
    );
    const line = { ...row, x: canvas.startX(row, badge + 8, row.width - badge - 8), width: row.width - badge - 8 };
    const entries = name && style !== "alone" ? copies(name, style, 2) : [];
    writingRow(canvas, line, entries, ctx.colour, ctx.locale, { sizeLike: name ? [name] : [] });
  });
}

export function drawSpecialLetters(ctx: TemplateContext) {
  const letters = specialLetters(ctx.locale);
  const [traceBox, hunt] = splitY(ctx.box, 0.66, 14);
  rows(traceBox, letters.length / 2, 10).forEach((row, index) => {
    const pair = letters.slice(index * 2, index * 2 + 2);
    const entries: WriteEntry[] = pair.flatMap((letter) => [
      { text: letter, style: "solid" as const },
      { text: letter, style: "trace" as const },
      { text: letter, style: "trace" as const },
    ]);
    writingRow(ctx.canvas, row, entries, ctx.colour, ctx.locale);
  });
  // A strip of the first two mixed together: colour one kind.
  const [first, second] = letters as [string, string];
  panel(ctx, hunt);
  ctx.canvas.textLine(ctx.content.values.colourLetter.replace("{{letter}}", first), inset(hunt, 12), hunt.y + 24, {
    role: "heading",
    size: 14,
    minSize: 8,
    color: ctx.colour.main,
  });
  const random = seededRandom(first.codePointAt(0) ?? 1);
  const sequence = Array.from({ length: 16 }, (_, i) => (i % 3 === 0 ? first : random.pick([first, second])));
  grid(ctx.canvas, { ...inset(hunt, 12), y: hunt.y + 36, height: hunt.height - 48 }, 8, sequence.length, 6).forEach(
    (cell, index) => {
      const letter = sequence[index] as string;
      writingRow(ctx.canvas, cell, [{ text: letter, style: "solid" }], { ...ctx.colour, main: ink }, ctx.locale, {
        centre: true,
      });
      if (letter === first) circleAnswer(ctx, cell);
    },
  );
}

/** A themed book's words to write: its four things with the shortest names in the language. */
function themeWords(ctx: TemplateContext, things: readonly PictureId[]): PictureId[] {
  const length = (id: PictureId) => [...(ctx.words.pictures[id] ?? "")].length;
  return [...things].sort((a, b) => length(a) - length(b)).slice(0, 4);
}

export function drawTraceWords(ctx: TemplateContext, params: ParamsOf<"trace-words">) {
  const ids = ctx.theme ? themeWords(ctx, ctx.theme.things) : (ctx.words.wordSets[params.set] ?? []);
  rows(ctx.box, ids.length, 14).forEach((block, index) => {
    const id = ids[index] as PictureId;
    const word = ctx.words.pictures[id] ?? "";
    const [picture, lines] = columns(ctx.canvas, block, [0.2, 0.8], 12) as [Box, Box];
    panel(ctx, picture, ctx.colour.soft);
    ctx.canvas.picture(id, inset(picture, 10));
    const [trace, practice] = rows(lines, 2, 6) as [Box, Box];
    writingRow(ctx.canvas, trace, copies(word, "trace", 2), ctx.colour, ctx.locale);
    writingRow(ctx.canvas, practice, [], ctx.colour, ctx.locale);
  });
}

/** The capitals of the letter groups `from` to `to`, in alphabet order. */
function groupsLetters(ctx: TemplateContext, from: number, to: number): string[] {
  const letters: string[] = [];
  for (let group = from; group <= to; group++) letters.push(...letterGroup(ctx.locale, "upper", group));
  return letters;
}

/** The small letter shown after a capital ("Aa"); Arabic has no cases. */
export function smallOf(ctx: TemplateContext, letter: string): string {
  return ctx.locale === "ar" ? "" : lowerCase(ctx.locale, letter);
}

function soundLetters(ctx: TemplateContext, from: number, to: number): string[] {
  const inside = new Set(ctx.words.lettersInside);
  return groupsLetters(ctx, from, to).filter(
    (letter) => !inside.has(letter) && (ctx.words.letters[letter]?.length ?? 0) > 0,
  );
}

export function drawBeginningSounds(ctx: TemplateContext, params: ParamsOf<"beginning-sounds">) {
  const random = seededRandom(params.seed);
  const letters = random.shuffle(soundLetters(ctx, params.groups[0], params.groups[1]));
  const all = soundLetters(ctx, 0, 11);
  const rowsCount = Math.min(6, letters.length);
  const choices = letters.slice(0, rowsCount).map((letter) => {
    const right = random.pick(ctx.words.letters[letter] ?? []) as PictureId;
    const others = random
      .shuffle(all.filter((other) => other !== letter))
      .slice(0, 2)
      .map((other) => (ctx.words.letters[other] ?? [])[0] as PictureId);
    const options = random.shuffle([right, ...others]);
    const small = smallOf(ctx, letter);
    return {
      prompt: (box: Box) =>
        writingRow(ctx.canvas, box, [{ text: `${letter}${small}`, style: "solid" }], ctx.colour, ctx.locale, {
          centre: true,
        }),
      options: options.map((id) => (box: Box) => {
        ctx.canvas.picture(id, { ...box, height: box.height - 18 });
        caption(ctx, ctx.words.pictures[id] ?? "", { ...box, y: box.y + box.height - 16, height: 16 }, 11);
      }),
      answers: [options.indexOf(right)],
    };
  });
  drawChoiceRows(ctx, choices);
}

export function drawRhyming(ctx: TemplateContext, params: ParamsOf<"rhyming">) {
  const random = seededRandom(params.seed);
  const pairs = random.shuffle(ctx.words.rhymes).slice(0, params.pairs);
  const order = random.shuffle(pairs.map((_, index) => index));
  const cell = (id: PictureId) => (box: Box) => {
    const [pic, word] = columns(ctx.canvas, box, [1, 1.2], 6) as [Box, Box];
    ctx.canvas.picture(id, pic);
    caption(ctx, ctx.words.pictures[id] ?? "", { ...word, y: word.y + word.height / 2 - 8, height: 16 }, 14);
  };
  drawMatchColumns(
    ctx,
    pairs.map(([a]) => cell(a)),
    order.map((index) => cell((pairs[index] as [PictureId, PictureId])[1])),
    pairs.map((_, index) => order.indexOf(index)),
    { share: 0.34 },
  );
}

export function drawLetterMatch(ctx: TemplateContext, params: ParamsOf<"letter-match">) {
  const random = seededRandom(params.seed);
  const letters = random.shuffle(groupsLetters(ctx, params.groups[0], params.groups[1])).slice(0, 6);
  const order = random.shuffle(letters.map((_, index) => index));
  const partner = (letter: string) =>
    ctx.locale === "ar"
      ? nonJoining.has(letter)
        ? `${tatweel}${letter}`
        : `${letter}${tatweel}`
      : lowerCase(ctx.locale, letter);
  const draw = (text: string) => (box: Box) =>
    writingRow(ctx.canvas, box, [{ text, style: "solid" }], ctx.colour, ctx.locale, { centre: true });
  drawMatchColumns(
    ctx,
    letters.map((letter) => draw(letter)),
    order.map((index) => draw(partner(letters[index] as string))),
    letters.map((_, index) => order.indexOf(index)),
    { share: 0.26 },
  );
}

export function drawFirstLetter(ctx: TemplateContext, params: ParamsOf<"first-letter">) {
  const random = seededRandom(params.seed);
  const letters = random.shuffle(soundLetters(ctx, 0, 11)).slice(0, 8);
  grid(ctx.canvas, ctx.box, 2, letters.length, 12).forEach((cell, index) => {
    const letter = letters[index] as string;
    const id = random.pick(ctx.words.letters[letter] ?? []) as PictureId;
    panel(ctx, cell);
    const [pic, answer] = columns(ctx.canvas, inset(cell, 10), [1, 0.8], 12) as [Box, Box];
    ctx.canvas.picture(id, { ...pic, height: pic.height - 22 });
    // The word with its first letter missing: it names the picture, and the gap is the task.
    const word = ctx.words.pictures[id] ?? "";
    const rest = [...word].slice(1).join("");
    caption(
      ctx,
      ctx.answers ? word : `${ctx.locale === "ar" ? "ـــ" : "_"}${rest}`,
      { ...pic, y: pic.y + pic.height - 18, height: 18 },
      14,
    );
    const side = Math.min(answer.width, answer.height) * 0.8;
    writingBox(
      ctx,
      { x: answer.x + (answer.width - side) / 2, y: answer.y + (answer.height - side) / 2, width: side, height: side },
      letter,
    );
  });
}

export function drawLetterHunt(ctx: TemplateContext, params: ParamsOf<"letter-hunt">) {
  const random = seededRandom(params.seed);
  const target = letterGroup(ctx.locale, "upper", params.group)[0] as string;
  const others = random.shuffle(alphabet(ctx.locale).filter((letter) => letter !== target)).slice(0, 5);
  const [head, body] = [
    { ...ctx.box, height: 110 },
    { ...ctx.box, y: ctx.box.y + 124, height: ctx.box.height - 124 },
  ];
  const [model, picture] = columns(ctx.canvas, head, [0.6, 0.4], 12) as [Box, Box];
  panel(ctx, model, ctx.colour.soft);
  writingRow(
    ctx.canvas,
    inset(model, 8),
    [
      { text: target, style: "model" },
      { text: target, style: "trace" },
    ],
    ctx.colour,
    ctx.locale,
    { startOffset: 14 },
  );
  const id = letterPicture(ctx, target);
  if (id) ctx.canvas.picture(id, inset(picture, 8));
  const cells = grid(ctx.canvas, body, 6, 36, 6);
  const letters = cells.map((_, index) => (index % 3 === 1 || random.next() < 0.22 ? target : random.pick(others)));
  cells.forEach((cell, index) => {
    const letter = letters[index] as string;
    ctx.canvas.path(rectPath(cell.x, cell.y, cell.width, cell.height, 10), { stroke: "#d5dae2", lineWidth: 0.8 });
    const text = ctx.locale !== "ar" && random.next() < 0.4 ? lowerCase(ctx.locale, letter) : letter;
    writingRow(ctx.canvas, inset(cell, 4), [{ text, style: "solid" }], { ...ctx.colour, main: ink }, ctx.locale, {
      centre: true,
    });
    if (letter === target) circleAnswer(ctx, inset(cell, 6));
  });
}
