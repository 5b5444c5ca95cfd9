import type { StrokeGlyphs } from "./stroke-font.ts";

// Arabic letters in their isolated forms as single centre-line strokes (see stroke-font.ts for
// the staff), in the Naskh school hand of kindergarten copybooks: the body first, as one pen
// movement mostly right to left; then the upright of ط ظ and the small hamza of ك; the dots
// last, each its own stroke (right before left, lower before upper). A joined word is not built
// from these: Arabic strokes only a letter written alone.

/** The body ب shares with the letters that differ from it only by their dots. */
const boatBody = "M1.9 1.3 C1.9 1.75 1.8 2 1.5 2 L0.4 2 C0.18 2 0.1 1.8 0.12 1.55";
/** The body ج shares with the letters that differ from it only by their dots. */
const hahBody =
  "M0.5 1.12 C0.8 1.04 1.15 0.99 1.5 1.02 L0.78 1.52 C0.3 1.85 0.1 2.3 0.33 2.62 C0.55 2.92 1.1 2.94 1.62 2.72";
/** The body د shares with the letters that differ from it only by their dots. */
export const dalBody = "M0.32 1 C0.42 1.1 0.58 1.25 0.72 1.5 L0.9 1.86 C0.95 1.97 0.9 2 0.78 2 L0.1 2";
/** The body ر shares with the letters that differ from it only by their dots. */
const raBody = "M0.8 1.35 C0.88 1.7 0.85 2.2 0.55 2.5 C0.4 2.65 0.22 2.72 0.08 2.74";
/** The body س shares with the letters that differ from it only by their dots. */
const seenBody =
  "M2.9 1.5 C2.9 1.85 2.85 2 2.7 2 C2.55 2 2.5 1.85 2.5 1.58 C2.5 1.85 2.45 2 2.3 2 C2.15 2 2.1 1.85 2.1 1.55 C2.1 2.3 1.75 2.78 1.1 2.78 C0.45 2.78 0.1 2.45 0.12 1.7";
/** The body ص shares with the letters that differ from it only by their dots. */
const sadBody =
  "M1.5 1.96 C1.72 1.5 2.25 1.3 2.6 1.38 C2.95 1.46 2.95 1.96 2.6 2 L1.5 2 C1.36 2 1.3 1.86 1.3 1.58 C1.3 2.35 1.0 2.78 0.7 2.78 C0.35 2.78 0.1 2.5 0.12 1.75";
/** The body ط shares with the letters that differ from it only by their dots. */
const tahBody = "M0.55 1.96 C0.75 1.5 1.25 1.3 1.6 1.38 C1.95 1.46 1.95 1.96 1.6 2 L0.1 2";
/** The body ع shares with the letters that differ from it only by their dots. */
const ainBody =
  "M1.25 1.12 C1.0 1.04 0.64 1.05 0.62 1.35 C0.6 1.62 0.9 1.75 1.35 1.75 L0.72 2.08 C0.25 2.33 0.14 2.72 0.48 2.86 C0.8 2.98 1.2 2.9 1.52 2.72";

export const arabicGlyphs: StrokeGlyphs = {
  ا: {
    width: 0.5,
    strokes: [
      "M0.25 0 L0.25 2", // 1 body: the stick
    ],
  },
  ب: {
    width: 2,
    strokes: [
      boatBody, // 1 body
      "M1 2.42 L0.98 2.44", // 2 dot below
    ],
  },
  ت: {
    width: 2,
    strokes: [
      boatBody, // 1 body
      "M1.17 1.32 L1.15 1.34", // 2 dot, right
      "M0.85 1.32 L0.83 1.34", // 3 dot, left
    ],
  },
  ث: {
    width: 2,
    strokes: [
      boatBody, // 1 body
      "M1.17 1.42 L1.15 1.44", // 2 dot, lower right
      "M0.85 1.42 L0.83 1.44", // 3 dot, lower left
      "M1.01 1.1 L0.99 1.12", // 4 dot, top
    ],
  },
  ج: {
    width: 1.7,
    strokes: [
      hahBody, // 1 body: head, neck, bowl
      "M0.9 2.3 L0.88 2.32", // 2 dot inside the bowl
    ],
  },
  ح: {
    width: 1.7,
    strokes: [
      hahBody, // 1 body: head, neck, bowl
    ],
  },
  خ: {
    width: 1.7,
    strokes: [
      hahBody, // 1 body: head, neck, bowl
      "M1 0.7 L0.98 0.72", // 2 dot above the head
    ],
  },
  د: {
    width: 1,
    strokes: [
      dalBody, // 1 body
    ],
  },
  ذ: {
    width: 1,
    strokes: [
      dalBody, // 1 body
      "M0.36 0.66 L0.34 0.68", // 2 dot above the head
    ],
  },
  ر: {
    width: 0.95,
    strokes: [
      raBody, // 1 body
    ],
  },
  ز: {
    width: 0.95,
    strokes: [
      raBody, // 1 body
      "M0.8 1.02 L0.78 1.04", // 2 dot above the head
    ],
  },
  س: {
    width: 3,
    strokes: [
      seenBody, // 1 body: three teeth, then the bowl
    ],
  },
  ش: {
    width: 3,
    strokes: [
      seenBody, // 1 body: three teeth, then the bowl
      "M2.67 1.2 L2.65 1.22", // 2 dot, lower right
      "M2.35 1.2 L2.33 1.22", // 3 dot, lower left
      "M2.51 0.88 L2.49 0.9", // 4 dot, top
    ],
  },
  ص: {
    width: 3,
    strokes: [
      sadBody, // 1 body: loop, tooth, bowl
    ],
  },
  ض: {
    width: 3,
    strokes: [
      sadBody, // 1 body: loop, tooth, bowl
      "M2.24 1.02 L2.22 1.04", // 2 dot above the loop
    ],
  },
  ط: {
    width: 1.95,
    strokes: [
      tahBody, // 1 body: the loop, ending along the line
      "M0.6 0 L0.6 1.94", // 2 the upright, top line down to the loop
    ],
  },
  ظ: {
    width: 1.95,
    strokes: [
      tahBody, // 1 body: the loop, ending along the line
      "M0.6 0 L0.6 1.94", // 2 the upright, top line down to the loop
      "M1.2 1 L1.18 1.02", // 3 dot right of the upright
    ],
  },
  ع: {
    width: 1.65,
    strokes: [
      ainBody, // 1 body: head, neck, bowl
    ],
  },
  غ: {
    width: 1.65,
    strokes: [
      ainBody, // 1 body: head, neck, bowl
      "M0.95 0.72 L0.93 0.74", // 2 dot above the head
    ],
  },
  ف: {
    width: 2.05,
    strokes: [
      "M1.5 1.92 C1.4 1.6 1.55 1.35 1.75 1.35 C1.95 1.35 2.0 1.6 1.92 1.8 C1.85 1.96 1.72 2 1.5 2 L0.4 2 C0.18 2 0.1 1.8 0.12 1.55", // 1 body: loop, then the base
      "M1.76 1.02 L1.74 1.04", // 2 dot above the loop
    ],
  },
  ق: {
    width: 1.6,
    strokes: [
      "M1.3 2 C1.1 2 0.98 1.85 1 1.65 C1.02 1.45 1.15 1.35 1.3 1.35 C1.45 1.35 1.52 1.5 1.5 1.72 C1.48 2.3 1.15 2.8 0.72 2.8 C0.35 2.8 0.1 2.55 0.12 1.85", // 1 body: loop, then the deep bowl
      "M1.42 1.04 L1.4 1.06", // 2 dot, right
      "M1.1 1.04 L1.08 1.06", // 3 dot, left
    ],
  },
  ك: {
    width: 1.9,
    strokes: [
      "M1.75 0 L1.75 1.75 C1.75 1.95 1.65 2 1.45 2 L0.4 2 C0.18 2 0.1 1.8 0.12 1.55", // 1 body: stick and base
      "M1.22 1.06 C1.08 0.97 0.88 1.03 0.88 1.2 C0.88 1.36 1.08 1.38 1.3 1.33 L0.86 1.58", // 2 the small hamza inside
    ],
  },
  ل: {
    width: 1.5,
    strokes: [
      "M1.35 0 L1.35 2 C1.35 2.55 1.05 2.8 0.72 2.8 C0.35 2.8 0.1 2.55 0.12 1.85", // 1 body: stick and bowl
    ],
  },
  م: {
    width: 1.2,
    strokes: [
      "M0.4 1.96 C0.3 1.6 0.5 1.32 0.75 1.32 C1.0 1.32 1.12 1.55 1.06 1.76 C1.0 1.95 0.8 2 0.5 2 C0.3 2 0.22 2.1 0.22 2.3 L0.22 2.9", // 1 body: loop, then the tail
    ],
  },
  ن: {
    width: 1.4,
    strokes: [
      "M1.3 1.4 C1.33 2.3 1.05 2.78 0.7 2.78 C0.35 2.78 0.08 2.45 0.1 1.6", // 1 body: the bowl
      "M0.71 1.45 L0.69 1.47", // 2 dot above, in the middle
    ],
  },
  ه: {
    width: 1.2,
    strokes: [
      "M0.62 1.22 C0.32 1.22 0.1 1.42 0.1 1.64 C0.1 1.87 0.3 2 0.6 2 C0.9 2 1.1 1.87 1.1 1.62 C1.1 1.38 0.88 1.22 0.62 1.22 C0.46 1.34 0.38 1.6 0.5 1.7 C0.62 1.8 0.74 1.62 0.64 1.46", // 1 body: ring, then the inner drop
    ],
  },
  و: {
    width: 1.25,
    strokes: [
      "M0.95 2 C0.76 2 0.64 1.86 0.64 1.66 C0.64 1.46 0.78 1.35 0.92 1.35 C1.06 1.35 1.14 1.5 1.12 1.72 C1.1 2.1 0.88 2.5 0.1 2.75", // 1 body: loop, then the tail
    ],
  },
  ي: {
    width: 1.9,
    strokes: [
      "M1.62 1.2 C1.38 1.12 1.08 1.18 1.08 1.44 C1.08 1.66 1.42 1.74 1.62 1.94 C1.82 2.14 1.74 2.55 1.32 2.72 C0.9 2.88 0.36 2.86 0.16 2.62 C0.06 2.48 0.08 2.32 0.16 2.2", // 1 body: head, S, bowl
      "M1.08 2.44 L1.06 2.46", // 2 dot, right
      "M0.76 2.44 L0.74 2.46", // 3 dot, left
    ],
  },
};
