import type { Box } from "../canvas.server.ts";
import type { EmotionId, ParamsOf } from "../catalogue.ts";
import { arrowHeadPath, ellipsePath, polygonPoints, polylinePath, rectPath, starPoints } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { feelingScenes } from "../pictures/picture-sets.ts";
import { seededRandom } from "../random.ts";
import { startGreen } from "../tracing/trace-drawing.ts";
import { writingRow } from "../tracing/writing.ts";
import { columns, faint, grid, ink, inset, numberBadge, panel, rows, type TemplateContext } from "./context.ts";
import { type ChoiceRow, drawChoiceRows } from "./layouts.ts";

// Feelings and calm: faces to name and trace, a daily check-in, how would you feel, breathing
// shapes and pictures, calm-down cards and plans, a feelings thermometer, brave words.

/** Feelings are pictures of faces: the emotion's id is the picture's. */
const face = (emotion: EmotionId): PictureId => emotion;

export function drawEmotionFaces(ctx: TemplateContext, params: ParamsOf<"emotion-faces">) {
  const count = params.emotions.length;
  // Two by two, or three (or five) in a column, so no cell stays empty.
  grid(ctx.canvas, ctx.box, count % 2 === 1 ? 1 : 2, count, 14).forEach((cell, index) => {
    const emotion = params.emotions[index] as EmotionId;
    panel(ctx, cell);
    const wide = cell.width > cell.height * 1.5;
    const [picture, word] = (
      wide ? columns(ctx.canvas, inset(cell, 10), [0.35, 0.65], 12) : rows(inset(cell, 10), 2, 6)
    ) as [Box, Box];
    ctx.canvas.picture(face(emotion), wide ? picture : { ...picture, height: picture.height + word.height * 0.25 });
    writingRow(
      ctx.canvas,
      wide ? inset(word, 0, word.height * 0.2) : { ...word, y: word.y + word.height * 0.3, height: word.height * 0.7 },
      [{ text: ctx.content.values.emotions[emotion], style: "trace" }],
      ctx.colour,
      ctx.locale,
      { centre: true },
    );
  });
}

export function drawFeelingsCheckin(ctx: TemplateContext, params: ParamsOf<"feelings-checkin">) {
  const { canvas } = ctx;
  if (params.mode === "faces") {
    const faces: EmotionId[] = ["happy", "calm", "sad", "angry", "scared"];
    const days = ctx.content.page.days;
    rows(ctx.box, days.length, 6).forEach((row, index) => {
      panel(ctx, row, index % 2 ? undefined : ctx.colour.soft);
      const [label, area] = columns(canvas, inset(row, 8, 4), [0.16, 0.84], 10) as [Box, Box];
      canvas.textLine(days[index] ?? "", label, label.y + label.height / 2 + 6, {
        role: "heading",
        size: 16,
        minSize: 9,
      });
      columns(
        canvas,
        area,
        faces.map(() => 1),
        8,
      ).forEach((cell, i) => {
        canvas.picture(face(faces[i] as EmotionId), cell);
      });
    });
    return;
  }
  if (params.mode === "why") {
    const values = ctx.content.values;
    rows(ctx.box, 3, 14).forEach((row) => {
      panel(ctx, row);
      const inner = inset(row, 12);
      canvas.textLine(`${ctx.content.page.dateLine} ____________`, inner, inner.y + 14, {
        size: 12,
        minSize: 8,
        color: ink,
      });
      const [faces, lines] = rows({ ...inner, y: inner.y + 22, height: inner.height - 22 }, 2, 8) as [Box, Box];
      const [label, facesArea] = columns(canvas, faces, [0.3, 0.68], faces.width * 0.02) as [Box, Box];
      canvas.textLine(values.todayIFeel, label, faces.y + faces.height / 2 + 6, {
        role: "heading",
        size: 15,
        minSize: 8,
        color: ctx.colour.main,
      });
      columns(canvas, facesArea, [1, 1, 1, 1, 1, 1], 6).forEach((cell, i) => {
        canvas.picture(face((["happy", "calm", "surprised", "sad", "angry", "scared"] as const)[i] as EmotionId), cell);
      });
      canvas.textLine(values.because, lines, lines.y + 18, {
        role: "heading",
        size: 14,
        minSize: 8,
        color: ctx.colour.main,
      });
      for (let y = lines.y + 40; y < lines.y + lines.height; y += 26)
        canvas.path(`M${lines.x} ${y}H${lines.x + lines.width}`, { stroke: faint, lineWidth: 0.8 });
    });
    return;
  }
  // journal: when I feel ..., I can ... with room to draw.
  const feelings: EmotionId[] = ["happy", "sad", "angry", "scared"];
  grid(canvas, ctx.box, 2, feelings.length, 14).forEach((cell, index) => {
    const emotion = feelings[index] as EmotionId;
    panel(ctx, cell);
    const head = inset({ ...cell, height: 64 }, 10, 8);
    const [pic, text] = columns(canvas, head, [0.28, 0.72], 8) as [Box, Box];
    canvas.picture(face(emotion), pic);
    canvas.textBox(ctx.content.values.whenIFeel.replace("{{feeling}}", ctx.content.values.emotions[emotion]), text, {
      role: "heading",
      size: 14,
      minSize: 8,
      valign: "middle",
      color: ctx.colour.main,
    });
  });
}

export function drawHowWouldYouFeel(ctx: TemplateContext, params: ParamsOf<"how-would-you-feel">) {
  const random = seededRandom(params.seed);
  const scenes = random.shuffle(feelingScenes).slice(0, 5);
  const choices: ChoiceRow[] = scenes.map(([scene, feeling]) => {
    const options = random.shuffle(
      ["happy", "sad", "scared", "angry"].includes(feeling)
        ? ["happy", "sad", "angry", "scared"]
        : ["happy", "sad", feeling, "scared"],
    ) as EmotionId[];
    return {
      prompt: (box: Box) => ctx.canvas.picture(scene, box),
      options: options.map((emotion) => (box: Box) => ctx.canvas.picture(face(emotion), inset(box, box.height * 0.08))),
      answers: [options.indexOf(feeling)],
    };
  });
  drawChoiceRows(ctx, choices, { promptShare: 0.26 });
}

/** Breathing phases by colour, the same on the shape's sides and in the key below it. */
const phaseColours = { in: "#2e9e5b", hold: "#d9a400", out: "#3b82c4" } as const;

export function drawCalmBreathing(ctx: TemplateContext, params: ParamsOf<"calm-breathing">) {
  const { canvas, box } = ctx;
  const side = Math.min(box.width, box.height - 90) * 0.82;
  const cx = box.x + box.width / 2;
  const cy = box.y + side / 2 + 20;
  const points =
    params.shape === "star"
      ? starPoints(cx, cy, side / 2, side / 4.6, 5)
      : params.shape === "square"
        ? polygonPoints(cx, cy, side / 2 / Math.SQRT1_2 / 1.45, 4, -Math.PI / 4)
        : polygonPoints(cx, cy, side / 2, params.shape === "triangle" ? 3 : 6);
  const phases: (keyof typeof phaseColours)[] =
    params.shape === "square"
      ? ["in", "hold", "out", "hold"]
      : params.shape === "triangle"
        ? ["in", "hold", "out"]
        : ["in", "out"];
  canvas.path(polylinePath(points, true), { fill: ctx.colour.soft });
  // Each side says its step three ways, so the page works printed in black and white too: its
  // colour, its line (solid to breathe in, dotted to hold, dashed to breathe out) and the number
  // of its step in the legend, in a badge outside its middle.
  points.forEach((point, index) => {
    const next = points[(index + 1) % points.length] as [number, number];
    const step = index % phases.length;
    const phase = phases[step] as keyof typeof phaseColours;
    canvas.path(polylinePath([point, next]), { stroke: phaseColours[phase], lineWidth: 7 });
    if (phase !== "in")
      canvas.path(polylinePath([point, next]), {
        stroke: "#ffffff",
        lineWidth: phase === "hold" ? 2.4 : 1.6,
        dash: phase === "hold" ? [0.01, 6] : [7, 5],
        lineCap: "round",
      });
    const middle: [number, number] = [(point[0] + next[0]) / 2, (point[1] + next[1]) / 2];
    const away = Math.hypot(middle[0] - cx, middle[1] - cy) || 1;
    const badge: [number, number] = [
      middle[0] + ((middle[0] - cx) / away) * 20,
      middle[1] + ((middle[1] - cy) / away) * 20,
    ];
    canvas.path(ellipsePath(badge[0], badge[1], 11), { fill: "#ffffff", stroke: phaseColours[phase], lineWidth: 2.5 });
    canvas.textLine(formatNumber(ctx.locale, step + 1), { x: badge[0] - 11, width: 22 }, badge[1] + 5, {
      role: "heading",
      size: 13,
      align: "center",
      color: ink,
    });
  });
  const first = points[0] as [number, number];
  const second = points[1] as [number, number];
  canvas.path(ellipsePath(first[0], first[1], 9), { fill: startGreen, stroke: "#ffffff", lineWidth: 2 });
  // The way round: an arrow beside the first side.
  const angle = Math.atan2(second[1] - first[1], second[0] - first[0]);
  const offset = 22;
  const from: [number, number] = [
    first[0] + Math.cos(angle) * 26 - Math.sin(angle) * offset,
    first[1] + Math.sin(angle) * 26 + Math.cos(angle) * offset,
  ];
  const to: [number, number] = [from[0] + Math.cos(angle) * 48, from[1] + Math.sin(angle) * 48];
  canvas.path(polylinePath([from, to]), { stroke: ink, lineWidth: 2.2 });
  canvas.path(arrowHeadPath(from, to, 10), { fill: ink });
  canvas.picture("calm", { x: cx - side * 0.12, y: cy - side * 0.12, width: side * 0.24, height: side * 0.24 });
  const values = ctx.content.values;
  const label = { in: values.breatheIn, hold: values.hold, out: values.breatheOut };
  const legend: Box = { x: box.x, y: box.y + box.height - 60, width: box.width, height: 56 };
  columns(
    canvas,
    legend,
    phases.map(() => 1),
    10,
  ).forEach((cell, i) => {
    const phase = phases[i] as keyof typeof phaseColours;
    canvas.path(rectPath(cell.x, cell.y, cell.width, cell.height, 12), {
      fill: "#ffffff",
      stroke: phaseColours[phase],
      lineWidth: 3,
    });
    canvas.textLine(
      `${formatNumber(ctx.locale, i + 1)}. ${label[phase]}`,
      { x: cell.x + 6, width: cell.width - 12 },
      cell.y + cell.height / 2 + 6,
      {
        role: "heading",
        size: 15,
        minSize: 8,
        align: "center",
        color: phaseColours[phase],
      },
    );
  });
}

/** Pictures of the calm-down ideas, in the order of the language's `calmChoices`. */
const calmPictures: PictureId[] = ["balloon", "teddy-bear", "abacus", "hug", "open-hands", "crayon"];

export function cutCard(ctx: TemplateContext, card: Box) {
  ctx.canvas.path(rectPath(card.x, card.y, card.width, card.height, 14), { stroke: ink, lineWidth: 1.2, dash: [7, 5] });
}

export function pictureCard(ctx: TemplateContext, card: Box, id: PictureId, text: string) {
  cutCard(ctx, card);
  const inner = inset(card, 12);
  const [pic, label] = rows(inner, 2, 6) as [Box, Box];
  ctx.canvas.picture(id, { ...pic, height: pic.height + label.height * 0.3 });
  ctx.canvas.textBox(
    text,
    { ...label, y: label.y + label.height * 0.3, height: label.height * 0.7 },
    {
      role: "heading",
      size: 16,
      minSize: 8,
      align: "center",
      valign: "middle",
    },
  );
}

export function drawCalmDownChoices(ctx: TemplateContext, params: ParamsOf<"calm-down-choices">) {
  const { canvas } = ctx;
  const choices = ctx.content.calmChoices;
  if (params.mode === "cards") {
    grid(canvas, ctx.box, 2, 6, 12).forEach((cell, index) => {
      pictureCard(ctx, cell, calmPictures[index] as PictureId, choices[index] ?? "");
    });
    return;
  }
  if (params.mode === "corner") {
    // A sign for the calm corner: a title band, then the ideas as a poster.
    const title = { ...ctx.box, height: 80 };
    canvas.path(rectPath(title.x, title.y, title.width, title.height, 18), {
      fill: ctx.colour.soft,
      stroke: ctx.colour.main,
      lineWidth: 2,
    });
    canvas.picture("calm", { x: canvas.startX(title, 14, 56), y: title.y + 12, width: 56, height: 56 });
    canvas.textLine(
      ctx.content.values.calmCorner,
      { x: canvas.startX(title, 80, title.width - 100), width: title.width - 100 },
      title.y + 50,
      {
        role: "heading",
        size: 28,
        minSize: 12,
        color: ctx.colour.main,
      },
    );
    const area = { ...ctx.box, y: ctx.box.y + 96, height: ctx.box.height - 96 };
    rows(area, 6, 8).forEach((row, index) => {
      panel(ctx, row, index % 2 ? undefined : ctx.colour.soft);
      const [pic, text] = columns(canvas, inset(row, 10, 4), [0.18, 0.82], 12) as [Box, Box];
      canvas.picture(calmPictures[index] as PictureId, pic);
      canvas.textLine(choices[index] ?? "", text, text.y + text.height / 2 + 7, {
        role: "heading",
        size: 20,
        minSize: 9,
      });
    });
    return;
  }
  // plan: stop, breathe, choose.
  const steps = ctx.content.values.calmPlan;
  const [stop, breathe, choose] = rows(ctx.box, 3, 14) as [Box, Box, Box];
  const badgeIn = (box: Box, number: number) =>
    numberBadge(
      canvas,
      [box.x + box.width / 2, box.y + box.height / 2],
      Math.min(box.width, box.height) * 0.4,
      formatNumber(ctx.locale, number),
      ctx.colour.main,
      28,
    );
  const step = (box: Box, number: number, id: PictureId, text: string) => {
    panel(ctx, box, ctx.colour.soft);
    const [badge, pic, label] = columns(canvas, inset(box, 12), [0.14, 0.3, 0.56], 12) as [Box, Box, Box];
    badgeIn(badge, number);
    canvas.picture(id, pic);
    canvas.textBox(text, label, { role: "heading", size: 24, minSize: 10, valign: "middle" });
  };
  step(stop, 1, "raised-hand", steps.stop);
  step(breathe, 2, "balloon", steps.breathe);
  panel(ctx, choose);
  const [head, options] = rows(inset(choose, 10), 2, 6) as [Box, Box];
  const [badge, label] = columns(canvas, { ...head, height: head.height * 0.8 }, [0.14, 0.86], 12) as [Box, Box];
  badgeIn(badge, 3);
  canvas.textBox(steps.choose, label, { role: "heading", size: 22, minSize: 10, valign: "middle" });
  columns(
    canvas,
    { ...options, y: options.y - head.height * 0.2, height: options.height + head.height * 0.2 },
    [1, 1, 1, 1, 1, 1],
    8,
  ).forEach((cell, index) => {
    canvas.picture(calmPictures[index] as PictureId, { ...cell, height: cell.height - 22 });
    canvas.textBox(
      choices[index] ?? "",
      { ...cell, y: cell.y + cell.height - 22, height: 22 },
      { size: 8.5, minSize: 6, align: "center", valign: "middle" },
    );
  });
}

export function drawFeelingsThermometer(ctx: TemplateContext) {
  const { canvas, box } = ctx;
  const levels: EmotionId[] = ["calm", "happy", "surprised", "scared", "angry"];
  const labels = ctx.content.values.thermometer;
  const [tube, rowsBox] = columns(canvas, box, [0.22, 0.78], 16) as [Box, Box];
  const colours = ["#8fd18b", "#c5e384", "#f6d565", "#f7b26b", "#f08a7e"];
  const bulb = Math.min(tube.width * 0.45, 60);
  const tubeWidth = bulb * 0.9;
  const tubeX = tube.x + (tube.width - tubeWidth) / 2;
  const bottom = tube.y + tube.height - bulb * 2;
  const segment = (bottom - tube.y) / levels.length;
  levels.forEach((_, i) => {
    const y = bottom - (i + 1) * segment;
    canvas.path(rectPath(tubeX, y, tubeWidth, segment, i === levels.length - 1 ? 12 : 0), {
      fill: colours[i] as string,
      stroke: ink,
      lineWidth: 1,
    });
  });
  canvas.path(ellipsePath(tube.x + tube.width / 2, bottom + bulb * 0.9, bulb), {
    fill: colours[0] as string,
    stroke: ink,
    lineWidth: 1.2,
  });
  rows({ ...rowsBox, height: bottom - rowsBox.y }, levels.length, 8)
    .reverse()
    .forEach((row, i) => {
      const emotion = levels[i] as EmotionId;
      panel(ctx, row);
      const [pic, text] = columns(canvas, inset(row, 8), [0.2, 0.8], 10) as [Box, Box];
      canvas.picture(face(emotion), pic);
      canvas.textLine(labels[i] ?? "", text, text.y + 18, { role: "heading", size: 15, minSize: 8, color: ink });
      canvas.textLine(`${ctx.content.values.whatHelps} ______________`, text, text.y + text.height - 8, {
        size: 12,
        minSize: 7,
        color: "#5b6270",
      });
    });
}

/** Breathing games, each with its picture, in the order of the language's `breathingCards`. */
const breathingPictures: PictureId[][] = [
  ["balloon", "tulip", "snake", "rabbit"],
  ["bear", "bee", "star", "whale"],
];

export function drawBreathingPictures(ctx: TemplateContext, params: ParamsOf<"breathing-pictures">) {
  const cards = ctx.content.breathingCards.slice(params.set * 4, params.set * 4 + 4);
  grid(ctx.canvas, ctx.box, 2, 4, 14).forEach((cell, index) => {
    const card = cards[index];
    if (!card) return;
    panel(ctx, cell, index % 3 === 0 ? ctx.colour.soft : undefined);
    const [pic, text] = rows(inset(cell, 12), 2, 6) as [Box, Box];
    ctx.canvas.picture(breathingPictures[params.set]?.[index] as PictureId, pic);
    ctx.canvas.textLine(card.title, text, text.y + 18, {
      role: "heading",
      size: 17,
      minSize: 9,
      color: ctx.colour.main,
      align: "center",
    });
    ctx.canvas.textBox(
      card.text,
      { ...text, y: text.y + 26, height: text.height - 26 },
      { size: 12.5, minSize: 7, align: "center" },
    );
  });
}

/** Pictures of the brave words, in the order of the language's `braveCards`. */
const bravePictures: PictureId[] = [
  "seedling",
  "raising-hand",
  "hugging-face",
  "flexed-biceps",
  "star",
  "hug",
  "rocket",
  "puzzle",
  "sun",
  "waving-hand",
  "trophy",
  "open-hands",
];

export function drawBraveCards(ctx: TemplateContext, params: ParamsOf<"brave-cards">) {
  grid(ctx.canvas, ctx.box, 2, 6, 12).forEach((cell, index) => {
    const at = params.set * 6 + index;
    pictureCard(ctx, cell, bravePictures[at] as PictureId, ctx.content.braveCards[at] ?? "");
  });
}
