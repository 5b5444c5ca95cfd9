// The isolated د is written after its connector.
import { dalBody } from "./glyphs-arabic.ts";
import type { StrokeGlyphs } from "./stroke-font.ts";

// Arabic letters in their joined forms, as a child copies them on the "letter forms" page: the
// initial form with a tatweel after it ("بـ"), the medial form ("ـبـ") and the final form ("ـب").
// Same staff, hand and conventions as the isolated glyphs (glyphs-arabic.ts): y 0 top line, 1 mid
// line, 2 baseline, 3 descender; x in x-heights, 0..width. Each form carries its connecting
// line(s) on the baseline: a medial or final form is entered from the right edge (x = width,
// y = 2) and an initial or medial form leaves at the left edge (x = 0, y = 2), so the pen moves
// right to left through the form. The bodies keep the sizes of the isolated letters. Strokes are
// in writing order: the body (with its connectors) first; where a letter's upright or chest is
// always written from the top (ل ك د ذ), the connector coming in from the right is its own first
// stroke and the letter follows as when it stands alone. Then the upright of ط ظ, the roof of
// initial and medial ك and the hamza of final ك; the dots last, each its own stroke, right before
// left, lower before upper. A tooth (سنّ) met on the way is written up and straight back down.

/** Initial tooth of ب ت ث ن ي: from the tip (as high as the isolated ب) down and out to the left. */
const toothInitial = "M0.6 1.3 C0.6 1.75 0.52 2 0.3 2 L0 2";
/** Medial tooth of ب ت ث ن ي: in from the right, up the tooth and back down, out to the left. */
const toothMedial = "M1 2 L0.68 2 C0.58 2 0.55 1.92 0.55 1.78 L0.55 1.42 L0.55 1.8 C0.55 1.94 0.48 2 0.34 2 L0 2";
/** Final ب ت ث: in from the right, up the tooth, back down and along the isolated boat. */
const boatFinal =
  "M2.3 2 L2.03 2 C1.94 2 1.9 1.92 1.9 1.78 L1.9 1.42 L1.9 1.72 C1.9 1.92 1.8 2 1.5 2 L0.4 2 C0.18 2 0.1 1.8 0.12 1.55";

/** Initial ج ح خ: the head left to right, the sharp turn, the neck down-left into the line. */
const hahInitial = "M0.4 1.12 C0.7 1.04 1.05 0.99 1.4 1.02 L0.85 1.45 C0.6 1.65 0.45 2 0.2 2 L0 2";
/** Medial ج ح خ: in from the right and up to the head's left tip, then as the initial form. */
const hahMedial =
  "M1.75 2 L1.3 2 C1.0 2 0.52 1.72 0.4 1.12 C0.7 1.04 1.05 0.99 1.4 1.02 L0.85 1.45 C0.6 1.65 0.45 2 0.2 2 L0 2";
/** Final ج ح خ: in from the right and up to the head's left tip, then the isolated head and bowl. */
const hahFinal =
  "M2 2 L1.45 2 C1.1 2 0.62 1.72 0.5 1.12 C0.8 1.04 1.15 0.99 1.5 1.02 L0.78 1.52 C0.3 1.85 0.1 2.3 0.33 2.62 C0.55 2.92 1.1 2.94 1.62 2.72";

/** The connector into final د ذ, a stroke of its own: the letter is then written from its head. */
const dalIn = "M1.25 2 L0.92 2";

/** Final ر ز: in from the right, a small rise into the head, then the isolated tail. */
const raFinal =
  "M1.2 2 L0.95 2 C0.86 2 0.81 1.92 0.81 1.8 L0.8 1.6 C0.86 1.86 0.85 2.2 0.55 2.5 C0.4 2.65 0.22 2.72 0.08 2.74";

/** Initial س ش: three teeth from the right, out to the left. */
const seenInitial =
  "M1.4 1.5 C1.4 1.85 1.35 2 1.2 2 C1.05 2 1 1.85 1 1.58 C1 1.85 0.95 2 0.8 2 C0.65 2 0.6 1.85 0.6 1.55 C0.6 1.85 0.55 2 0.4 2 L0 2";
/** Medial س ش: in from the right, up the first tooth, then as the initial form. */
const seenMedial =
  "M1.85 2 L1.6 2 C1.5 2 1.45 1.9 1.45 1.75 L1.45 1.5 C1.45 1.85 1.4 2 1.25 2 C1.1 2 1.05 1.85 1.05 1.58 C1.05 1.85 1 2 0.85 2 C0.7 2 0.65 1.85 0.65 1.55 C0.65 1.85 0.6 2 0.45 2 L0 2";
/** Final س ش: in from the right, up the first tooth, then the isolated teeth and bowl. */
const seenFinal =
  "M3.3 2 L3.05 2 C2.95 2 2.9 1.9 2.9 1.75 L2.9 1.5 C2.9 1.85 2.85 2 2.7 2 C2.55 2 2.5 1.85 2.5 1.58 C2.5 1.85 2.45 2 2.3 2 C2.15 2 2.1 1.85 2.1 1.55 C2.1 2.3 1.75 2.78 1.1 2.78 C0.45 2.78 0.1 2.45 0.12 1.7";

/** Initial ص ض: the isolated loop (from the line, clockwise), back along the line, tooth, out left. */
const sadInitial =
  "M0.65 1.96 C0.87 1.5 1.4 1.3 1.75 1.38 C2.1 1.46 2.1 1.96 1.75 2 L0.65 2 C0.51 2 0.45 1.86 0.45 1.58 C0.45 1.86 0.4 2 0.25 2 L0 2";
/** Medial ص ض: in from the right under the loop to its start, then as the initial form. */
const sadMedial =
  "M2.35 2 L0.65 2 C0.87 1.5 1.4 1.3 1.75 1.38 C2.1 1.46 2.1 1.96 1.75 2 L0.65 2 C0.51 2 0.45 1.86 0.45 1.58 C0.45 1.86 0.4 2 0.25 2 L0 2";
/** Final ص ض: in from the right under the loop to its start, then the isolated loop, tooth and bowl. */
const sadFinal =
  "M3.2 2 L1.5 2 C1.72 1.5 2.25 1.3 2.6 1.38 C2.95 1.46 2.95 1.96 2.6 2 L1.5 2 C1.36 2 1.3 1.86 1.3 1.58 C1.3 2.35 1 2.78 0.7 2.78 C0.35 2.78 0.1 2.5 0.12 1.75";

/** Initial ط ظ: the isolated loop, then along the line and out to the left. */
const tahInitial = "M0.4 1.96 C0.6 1.5 1.1 1.3 1.45 1.38 C1.8 1.46 1.8 1.96 1.45 2 L0 2";
/** Medial ط ظ: in from the right under the loop to its start, then as the initial form. */
const tahMedial = "M2.05 2 L0.4 2 C0.6 1.5 1.1 1.3 1.45 1.38 C1.8 1.46 1.8 1.96 1.45 2 L0 2";
/** Final ط ظ: in from the right under the loop to its start, then the isolated body. */
const tahFinal = "M2.2 2 L0.55 2 C0.75 1.5 1.25 1.3 1.6 1.38 C1.95 1.46 1.95 1.96 1.6 2 L0.1 2";

/** Initial ع غ: the isolated head, then sharply back along the line and out to the left. */
const ainInitial =
  "M1.09 1.12 C0.84 1.04 0.48 1.05 0.46 1.35 C0.44 1.62 0.74 1.75 1.19 1.75 C0.9 1.85 0.6 2 0.28 2 L0 2";
/** Medial ع غ: in from the right, up to the left, over the top clockwise, down across and out left. */
const ainMedial =
  "M1.4 2 L1.15 2 C0.98 2 0.85 1.82 0.75 1.62 C0.64 1.42 0.46 1.36 0.47 1.2 C0.48 1.06 0.65 1.02 0.8 1.04 C0.98 1.06 1.1 1.18 1.02 1.34 C0.96 1.46 0.85 1.52 0.75 1.62 C0.62 1.76 0.5 2 0.25 2 L0 2";
/** Final ع غ: the medial loop, then the neck down across into the isolated bowl. */
const ainFinal =
  "M1.95 2 L1.45 2 C1.28 2 1.15 1.82 1.05 1.62 C0.94 1.42 0.76 1.36 0.77 1.2 C0.78 1.06 0.95 1.02 1.1 1.04 C1.28 1.06 1.4 1.18 1.32 1.34 C1.26 1.46 1.15 1.52 1.05 1.62 C0.92 1.76 0.8 1.92 0.64 2.05 C0.25 2.36 0.14 2.72 0.48 2.86 C0.8 2.98 1.2 2.9 1.52 2.72";

/** Initial ف ق: the isolated loop of ف (from its foot, clockwise), then out to the left. */
const faInitial = "M0.4 1.92 C0.3 1.6 0.45 1.35 0.65 1.35 C0.85 1.35 0.9 1.6 0.82 1.8 C0.75 1.96 0.62 2 0.4 2 L0 2";
/** Medial ف ق: in from the right under the loop to its foot, then as the initial form. */
const faMedial = "M1.25 2 L0.45 2 C0.35 1.6 0.5 1.35 0.7 1.35 C0.9 1.35 0.95 1.6 0.87 1.8 C0.8 1.96 0.67 2 0.45 2 L0 2";

/** The chest of initial and medial ك, from under the roof down to the line and out to the left. */
const kafChest = "M0.45 0.75 C0.8 0.95 1.1 1.3 1.08 1.62 C1.06 1.9 0.85 2 0.5 2 L0 2";
/** The roof of initial and medial ك, from the top down to the chest. */
const kafRoof = "M1.45 0.1 C1.15 0.3 0.8 0.52 0.48 0.72";

/** The initial and medial ل: the stick from the top line down, out to the left. */
const lamStick = "M0.6 0 L0.6 1.78 C0.6 1.94 0.5 2 0.32 2 L0 2";

export const arabicFormGlyphs: StrokeGlyphs = {
  // ا joins only on its right: the connector comes in along the line and the alif goes straight
  // up from it (a joined alif is written from the bottom up).
  ـا: {
    width: 0.6,
    strokes: [
      "M0.6 2 L0.36 2 C0.29 2 0.25 1.96 0.25 1.88 L0.25 0", // 1 body: in along the line, up the stick
    ],
  },

  // ب ت ث: a tooth at the start and in the middle of a word (down from the tip; up and back
  // down in the middle); at the end the tooth leads into the boat. Dots as the isolated letter.
  بـ: {
    width: 0.8,
    strokes: [
      toothInitial, // 1 body
      "M0.5 2.42 L0.48 2.44", // 2 dot below
    ],
  },
  ـبـ: {
    width: 1,
    strokes: [
      toothMedial, // 1 body
      "M0.56 2.42 L0.54 2.44", // 2 dot below
    ],
  },
  ـب: {
    width: 2.3,
    strokes: [
      boatFinal, // 1 body
      "M1 2.42 L0.98 2.44", // 2 dot below
    ],
  },
  تـ: {
    width: 0.8,
    strokes: [
      toothInitial, // 1 body
      "M0.77 1 L0.75 1.02", // 2 dot, right
      "M0.45 1 L0.43 1.02", // 3 dot, left
    ],
  },
  ـتـ: {
    width: 1,
    strokes: [
      toothMedial, // 1 body
      "M0.72 1.1 L0.7 1.12", // 2 dot, right
      "M0.4 1.1 L0.38 1.12", // 3 dot, left
    ],
  },
  ـت: {
    width: 2.3,
    strokes: [
      boatFinal, // 1 body
      "M1.17 1.32 L1.15 1.34", // 2 dot, right
      "M0.85 1.32 L0.83 1.34", // 3 dot, left
    ],
  },
  ثـ: {
    width: 0.8,
    strokes: [
      toothInitial, // 1 body
      "M0.77 1 L0.75 1.02", // 2 dot, lower right
      "M0.45 1 L0.43 1.02", // 3 dot, lower left
      "M0.61 0.68 L0.59 0.7", // 4 dot, top
    ],
  },
  ـثـ: {
    width: 1,
    strokes: [
      toothMedial, // 1 body
      "M0.72 1.1 L0.7 1.12", // 2 dot, lower right
      "M0.4 1.1 L0.38 1.12", // 3 dot, lower left
      "M0.56 0.78 L0.54 0.8", // 4 dot, top
    ],
  },
  ـث: {
    width: 2.3,
    strokes: [
      boatFinal, // 1 body
      "M1.17 1.42 L1.15 1.44", // 2 dot, lower right
      "M0.85 1.42 L0.83 1.44", // 3 dot, lower left
      "M1.01 1.1 L0.99 1.12", // 4 dot, top
    ],
  },

  // ج ح خ: the head is always written left to right from its left tip, then the sharp turn.
  // At the start the neck runs down into the line; joined from the right, the line rises to
  // the head's left tip first and the neck crosses it on the way down (ـحـ), or runs on into
  // the isolated bowl (ـح).
  جـ: {
    width: 1.5,
    strokes: [
      hahInitial, // 1 body: head, neck, out along the line
      "M0.8 2.38 L0.78 2.4", // 2 dot below the line
    ],
  },
  ـجـ: {
    width: 1.75,
    strokes: [
      hahMedial, // 1 body: up to the head, head, neck, out along the line
      "M0.8 2.38 L0.78 2.4", // 2 dot below the line
    ],
  },
  ـج: {
    width: 2,
    strokes: [
      hahFinal, // 1 body: up to the head, head, neck, bowl
      "M0.9 2.3 L0.88 2.32", // 2 dot inside the bowl
    ],
  },
  حـ: { width: 1.5, strokes: [hahInitial] }, // 1 body: head, neck, out along the line
  ـحـ: { width: 1.75, strokes: [hahMedial] }, // 1 body: up to the head, head, neck, out along the line
  ـح: { width: 2, strokes: [hahFinal] }, // 1 body: up to the head, head, neck, bowl
  خـ: {
    width: 1.5,
    strokes: [
      hahInitial, // 1 body: head, neck, out along the line
      "M0.9 0.7 L0.88 0.72", // 2 dot above the head
    ],
  },
  ـخـ: {
    width: 1.75,
    strokes: [
      hahMedial, // 1 body: up to the head, head, neck, out along the line
      "M0.9 0.7 L0.88 0.72", // 2 dot above the head
    ],
  },
  ـخ: {
    width: 2,
    strokes: [
      hahFinal, // 1 body: up to the head, head, neck, bowl
      "M1 0.7 L0.98 0.72", // 2 dot above the head
    ],
  },

  // د ذ join only on their right. The د is written from its head as when alone, so the
  // connector that comes in along the line is drawn first, up to the corner.
  ـد: {
    width: 1.25,
    strokes: [
      dalIn, // 1 the connector, in to the corner
      dalBody, // 2 body
    ],
  },
  ـذ: {
    width: 1.25,
    strokes: [
      dalIn, // 1 the connector, in to the corner
      dalBody, // 2 body
      "M0.36 0.66 L0.34 0.68", // 3 dot above the head
    ],
  },

  // ر ز join only on their right: the line comes in, rises a little into the head, and the
  // tail goes down below the line as when alone.
  ـر: { width: 1.2, strokes: [raFinal] }, // 1 body
  ـز: {
    width: 1.2,
    strokes: [
      raFinal, // 1 body
      "M0.8 1.28 L0.78 1.3", // 2 dot above the head
    ],
  },

  // س ش: three teeth, each up and straight back down. At the start the first tooth is written
  // from its tip; joined from the right the line goes up into it; at the end the third tooth
  // is the tip of the isolated bowl. The dots of ش sit over the middle tooth.
  سـ: { width: 1.5, strokes: [seenInitial] }, // 1 body: three teeth, out along the line
  ـسـ: { width: 1.85, strokes: [seenMedial] }, // 1 body: in, three teeth, out along the line
  ـس: { width: 3.3, strokes: [seenFinal] }, // 1 body: in, three teeth, then the bowl
  شـ: {
    width: 1.5,
    strokes: [
      seenInitial, // 1 body: three teeth, out along the line
      "M1.17 1.2 L1.15 1.22", // 2 dot, lower right
      "M0.85 1.2 L0.83 1.22", // 3 dot, lower left
      "M1.01 0.88 L0.99 0.9", // 4 dot, top
    ],
  },
  ـشـ: {
    width: 1.85,
    strokes: [
      seenMedial, // 1 body: in, three teeth, out along the line
      "M1.22 1.2 L1.2 1.22", // 2 dot, lower right
      "M0.9 1.2 L0.88 1.22", // 3 dot, lower left
      "M1.06 0.88 L1.04 0.9", // 4 dot, top
    ],
  },
  ـش: {
    width: 3.3,
    strokes: [
      seenFinal, // 1 body: in, three teeth, then the bowl
      "M2.67 1.2 L2.65 1.22", // 2 dot, lower right
      "M2.35 1.2 L2.33 1.22", // 3 dot, lower left
      "M2.51 0.88 L2.49 0.9", // 4 dot, top
    ],
  },

  // ص ض: the loop always starts on the line at its left end and goes up clockwise, as when
  // alone; joined from the right, the line runs in under the loop to that start and the pen
  // comes back along it. Then the small tooth, and the line out (or the bowl at the end).
  صـ: { width: 2.1, strokes: [sadInitial] }, // 1 body: loop, tooth, out along the line
  ـصـ: { width: 2.35, strokes: [sadMedial] }, // 1 body: in under the loop, loop, tooth, out
  ـص: { width: 3.2, strokes: [sadFinal] }, // 1 body: in under the loop, loop, tooth, bowl
  ضـ: {
    width: 2.1,
    strokes: [
      sadInitial, // 1 body: loop, tooth, out along the line
      "M1.39 1.02 L1.37 1.04", // 2 dot above the loop
    ],
  },
  ـضـ: {
    width: 2.35,
    strokes: [
      sadMedial, // 1 body: in under the loop, loop, tooth, out
      "M1.39 1.02 L1.37 1.04", // 2 dot above the loop
    ],
  },
  ـض: {
    width: 3.2,
    strokes: [
      sadFinal, // 1 body: in under the loop, loop, tooth, bowl
      "M2.24 1.02 L2.22 1.04", // 2 dot above the loop
    ],
  },

  // ط ظ: the loop as for ص, the line out to the left; the upright always comes after the body,
  // from the top line down to the loop.
  طـ: {
    width: 1.8,
    strokes: [
      tahInitial, // 1 body: the loop, out along the line
      "M0.45 0 L0.45 1.94", // 2 the upright
    ],
  },
  ـطـ: {
    width: 2.05,
    strokes: [
      tahMedial, // 1 body: in under the loop, the loop, out along the line
      "M0.45 0 L0.45 1.94", // 2 the upright
    ],
  },
  ـط: {
    width: 2.2,
    strokes: [
      tahFinal, // 1 body: in under the loop, the loop, along the line
      "M0.6 0 L0.6 1.94", // 2 the upright
    ],
  },
  ظـ: {
    width: 1.8,
    strokes: [
      tahInitial, // 1 body: the loop, out along the line
      "M0.45 0 L0.45 1.94", // 2 the upright
      "M1.05 1 L1.03 1.02", // 3 dot right of the upright
    ],
  },
  ـظـ: {
    width: 2.05,
    strokes: [
      tahMedial, // 1 body: in under the loop, the loop, out along the line
      "M0.45 0 L0.45 1.94", // 2 the upright
      "M1.05 1 L1.03 1.02", // 3 dot right of the upright
    ],
  },
  ـظ: {
    width: 2.2,
    strokes: [
      tahFinal, // 1 body: in under the loop, the loop, along the line
      "M0.6 0 L0.6 1.94", // 2 the upright
      "M1.2 1 L1.18 1.02", // 3 dot right of the upright
    ],
  },

  // ع غ: at the start, the open head of the isolated letter, then sharply back along the line.
  // Joined from the right, the head closes: the line rises up to the left, goes over the top
  // clockwise and comes down across itself, out along the line (ـعـ) or into the bowl (ـع).
  عـ: { width: 1.3, strokes: [ainInitial] }, // 1 body: head, back along the line
  ـعـ: { width: 1.4, strokes: [ainMedial] }, // 1 body: up, over, down across, out
  ـع: { width: 1.95, strokes: [ainFinal] }, // 1 body: up, over, down across, bowl
  غـ: {
    width: 1.3,
    strokes: [
      ainInitial, // 1 body: head, back along the line
      "M0.79 0.72 L0.77 0.74", // 2 dot above the head
    ],
  },
  ـغـ: {
    width: 1.4,
    strokes: [
      ainMedial, // 1 body: up, over, down across, out
      "M0.75 0.8 L0.73 0.82", // 2 dot above the head
    ],
  },
  ـغ: {
    width: 1.95,
    strokes: [
      ainFinal, // 1 body: up, over, down across, bowl
      "M1.05 0.8 L1.03 0.82", // 2 dot above the head
    ],
  },

  // ف ق: the small loop starts at its foot and goes up clockwise, as when alone. At the start
  // and in the middle both letters have the loop of ف (ق with its two dots); joined from the
  // right, the line runs in under the loop to its foot. At the end, each its isolated shape.
  فـ: {
    width: 0.95,
    strokes: [
      faInitial, // 1 body: loop, out along the line
      "M0.66 1.02 L0.64 1.04", // 2 dot above the loop
    ],
  },
  ـفـ: {
    width: 1.25,
    strokes: [
      faMedial, // 1 body: in under the loop, loop, out along the line
      "M0.71 1.02 L0.69 1.04", // 2 dot above the loop
    ],
  },
  ـف: {
    width: 2.3,
    strokes: [
      "M2.3 2 L1.5 2 C1.4 1.6 1.55 1.35 1.75 1.35 C1.95 1.35 2 1.6 1.92 1.8 C1.85 1.96 1.72 2 1.5 2 L0.4 2 C0.18 2 0.1 1.8 0.12 1.55", // 1 body: in under the loop, loop, the base
      "M1.76 1.02 L1.74 1.04", // 2 dot above the loop
    ],
  },
  قـ: {
    width: 0.95,
    strokes: [
      faInitial, // 1 body: loop, out along the line
      "M0.8 1.04 L0.78 1.06", // 2 dot, right
      "M0.48 1.04 L0.46 1.06", // 3 dot, left
    ],
  },
  ـقـ: {
    width: 1.25,
    strokes: [
      faMedial, // 1 body: in under the loop, loop, out along the line
      "M0.85 1.04 L0.83 1.06", // 2 dot, right
      "M0.53 1.04 L0.51 1.06", // 3 dot, left
    ],
  },
  ـق: {
    width: 1.85,
    strokes: [
      "M1.85 2 L1.3 2 C1.1 2 0.98 1.85 1 1.65 C1.02 1.45 1.15 1.35 1.3 1.35 C1.45 1.35 1.52 1.5 1.5 1.72 C1.48 2.3 1.15 2.8 0.72 2.8 C0.35 2.8 0.1 2.55 0.12 1.85", // 1 body: in along the line, loop, deep bowl
      "M1.42 1.04 L1.4 1.06", // 2 dot, right
      "M1.1 1.04 L1.08 1.06", // 3 dot, left
    ],
  },

  // ك: at the start and in the middle, the Naskh chest with its slanted roof: the chest from the
  // top down to the line and out, then the roof from the top line down onto it. Joined from the
  // right, the connector comes first, in to the foot of the chest (or of the stick at the end,
  // where ك is the isolated letter with its small hamza).
  كـ: {
    width: 1.55,
    strokes: [
      kafChest, // 1 body: the chest, out along the line
      kafRoof, // 2 the roof
    ],
  },
  ـكـ: {
    width: 1.6,
    strokes: [
      "M1.6 2 L0.95 2", // 1 the connector, in to the foot of the chest
      kafChest, // 2 body: the chest, out along the line
      kafRoof, // 3 the roof
    ],
  },
  ـك: {
    width: 2.05,
    strokes: [
      "M2.05 2 L1.75 2", // 1 the connector, in to the foot of the stick
      "M1.75 0 L1.75 1.75 C1.75 1.95 1.65 2 1.45 2 L0.4 2 C0.18 2 0.1 1.8 0.12 1.55", // 2 body: stick and base
      "M1.22 1.06 C1.08 0.97 0.88 1.03 0.88 1.2 C0.88 1.36 1.08 1.38 1.3 1.33 L0.86 1.58", // 3 the small hamza inside
    ],
  },

  // ل: the stick is always written from the top line down; joined from the right, the
  // connector comes first, in to its foot.
  لـ: { width: 0.8, strokes: [lamStick] }, // 1 body: the stick, out along the line
  ـلـ: {
    width: 0.95,
    strokes: [
      "M0.95 2 L0.62 2", // 1 the connector, in to the foot of the stick
      lamStick, // 2 body: the stick, out along the line
    ],
  },
  ـل: {
    width: 1.65,
    strokes: [
      "M1.65 2 L1.37 2", // 1 the connector, in to the foot of the stick
      "M1.35 0 L1.35 2 C1.35 2.55 1.05 2.8 0.72 2.8 C0.35 2.8 0.1 2.55 0.12 1.85", // 2 body: stick and bowl
    ],
  },

  // م: the loop starts at its foot on the line and goes up clockwise, as when alone; joined
  // from the right, the line runs in under the loop to its foot. Out along the line, or the
  // tail down at the end.
  مـ: {
    width: 1.15,
    strokes: [
      "M0.4 1.96 C0.3 1.6 0.5 1.32 0.75 1.32 C1 1.32 1.12 1.55 1.06 1.76 C1 1.95 0.8 2 0.5 2 L0 2", // 1 body: loop, out along the line
    ],
  },
  ـمـ: {
    width: 1.42,
    strokes: [
      "M1.42 2 L0.4 2 C0.3 1.6 0.5 1.32 0.75 1.32 C1 1.32 1.12 1.55 1.06 1.76 C1 1.95 0.8 2 0.5 2 L0 2", // 1 body: in under the loop, loop, out
    ],
  },
  ـم: {
    width: 1.42,
    strokes: [
      "M1.42 2 L0.4 2 C0.3 1.6 0.5 1.32 0.75 1.32 C1 1.32 1.12 1.55 1.06 1.76 C1 1.95 0.8 2 0.5 2 C0.3 2 0.22 2.1 0.22 2.3 L0.22 2.9", // 1 body: in under the loop, loop, tail
    ],
  },

  // ن: the tooth of ب with one dot above; at the end the line goes up the tooth and back down
  // into the isolated bowl.
  نـ: {
    width: 0.8,
    strokes: [
      toothInitial, // 1 body
      "M0.61 0.96 L0.59 0.98", // 2 dot above
    ],
  },
  ـنـ: {
    width: 1,
    strokes: [
      toothMedial, // 1 body
      "M0.56 1.08 L0.54 1.1", // 2 dot above
    ],
  },
  ـن: {
    width: 1.7,
    strokes: [
      "M1.7 2 L1.43 2 C1.34 2 1.3 1.92 1.3 1.78 L1.3 1.42 C1.33 2.3 1.05 2.78 0.7 2.78 C0.35 2.78 0.08 2.45 0.1 1.6", // 1 body: in, up the tooth, down into the bowl
      "M0.71 1.45 L0.69 1.47", // 2 dot above, in the middle
    ],
  },

  // ه: at the start the two-eyed Naskh هـ, from the top down the right side, back and round
  // the inner eye, out along the line. In the middle the line dips into the lower loop and
  // rises into the upper one, both clockwise. At the end the line goes up the short stick and
  // the loop hangs back down to its foot.
  هـ: {
    width: 1.3,
    strokes: [
      "M0.58 1.02 C0.85 1.15 1.18 1.4 1.2 1.7 C1.22 1.9 1.08 2 0.9 2 C0.7 2 0.52 1.86 0.48 1.66 C0.44 1.45 0.54 1.28 0.68 1.3 C0.82 1.32 0.88 1.5 0.8 1.68 C0.72 1.86 0.55 1.98 0.32 2 L0 2", // 1 body: down the right side, round the eye, out
    ],
  },
  ـهـ: {
    width: 1.3,
    strokes: [
      "M1.3 2 L1 2 C0.9 2 0.88 2.1 0.88 2.2 C0.88 2.38 0.78 2.46 0.66 2.46 C0.52 2.46 0.45 2.35 0.46 2.2 C0.47 1.92 0.48 1.56 0.6 1.34 C0.72 1.12 0.98 1.06 1.06 1.28 C1.13 1.48 0.98 1.74 0.72 1.9 C0.56 2 0.42 2 0.3 2 L0 2", // 1 body: lower loop, upper loop, out
    ],
  },
  ـه: {
    width: 1.25,
    strokes: [
      "M1.25 2 L0.98 2 C0.92 2 0.9 1.96 0.9 1.88 L0.9 1.1 C0.6 1.15 0.2 1.4 0.2 1.7 C0.2 1.92 0.45 2 0.72 2 L0.9 2", // 1 body: up the stick, the loop back down
    ],
  },

  // و joins only on its right: the line comes in along the bottom of the loop, and the loop
  // and tail are the isolated letter.
  ـو: {
    width: 1.45,
    strokes: [
      "M1.45 2 L0.95 2 C0.76 2 0.64 1.86 0.64 1.66 C0.64 1.46 0.78 1.35 0.92 1.35 C1.06 1.35 1.14 1.5 1.12 1.72 C1.1 2.1 0.88 2.5 0.1 2.75", // 1 body: in, loop, tail
    ],
  },

  // ي: at the start and in the middle the tooth of ب with two dots below. At the end the line
  // comes in, turns back sharply at a small rise and swings down into the isolated bowl.
  يـ: {
    width: 0.8,
    strokes: [
      toothInitial, // 1 body
      "M0.66 2.42 L0.64 2.44", // 2 dot, right
      "M0.34 2.42 L0.32 2.44", // 3 dot, left
    ],
  },
  ـيـ: {
    width: 1,
    strokes: [
      toothMedial, // 1 body
      "M0.72 2.42 L0.7 2.44", // 2 dot, right
      "M0.4 2.42 L0.38 2.44", // 3 dot, left
    ],
  },
  ـي: {
    width: 2.2,
    strokes: [
      "M2.2 2 L1.52 2 C1.42 2 1.34 1.95 1.27 1.86 C1.36 2.02 1.52 2.1 1.68 2.18 C1.88 2.3 1.86 2.58 1.42 2.72 C0.98 2.86 0.4 2.86 0.18 2.64 C0.06 2.5 0.08 2.32 0.16 2.2", // 1 body: in, the turn, the bowl
      "M1.1 2.44 L1.08 2.46", // 2 dot, right
      "M0.78 2.44 L0.76 2.46", // 3 dot, left
    ],
  },
};
