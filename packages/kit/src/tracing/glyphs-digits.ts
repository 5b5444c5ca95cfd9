import type { StrokeGlyphs } from "./stroke-font.ts";

// Digits, Western and Arabic-Indic, as single strokes in teaching order (see stroke-font.ts).
// 1, 4 and 7 differ between schools: each language's handwriting model has its own.
export const digitGlyphs: StrokeGlyphs = {
  // 0: one oval, from the top, counter-clockwise (left side first), closed at the top.
  "0": { width: 1.2, strokes: ["M0.6 0 A0.47 1 0 0 0 0.193 1.5 A0.47 1 0 0 0 1.007 1.5 A0.47 1 0 0 0 0.6 0"] },
  // 2: over the top, swing down to the bottom left, then along the baseline.
  "2": {
    width: 1.2,
    strokes: [
      "M0.172 0.359 A0.45 0.52 0 0 1 0.728 0.021 A0.45 0.52 0 0 1 1.035 0.655 C0.933 1.093 0.42 1.58 0.12 2 L1.12 2",
    ],
  },
  // 3: a small bump round to the middle, then a bigger bump round to the bottom.
  "3": {
    width: 1.15,
    strokes: [
      "M0.156 0.309 A0.43 0.47 0 0 1 0.707 0.028 A0.43 0.47 0 0 1 0.964 0.631 A0.43 0.47 0 0 1 0.413 0.912 L0.389 0.972 A0.5 0.53 0 0 1 1.019 1.26 A0.5 0.53 0 0 1 0.784 1.944 A0.5 0.53 0 0 1 0.127 1.735",
    ],
  },
  // 5: down, round the belly; then the hat, left to right.
  "5": {
    width: 1.2,
    strokes: [
      "M0.25 0 L0.25 0.928 A0.52 0.61 0 0 1 1 1.015 A0.52 0.61 0 0 1 0.888 1.89 A0.52 0.61 0 0 1 0.149 1.713",
      "M0.25 0 L1.05 0",
    ],
  },
  // 6: from the upper right over the top, down the left side and round into the loop.
  "6": {
    width: 1.2,
    strokes: [
      "M0.941 0.234 A0.5 1 0 0 0 0.409 0.094 A0.5 1 0 0 0 0.12 1 L0.12 1.4 A0.48 0.6 0 0 0 0.84 1.92 A0.48 0.6 0 0 0 0.84 0.88 A0.48 0.6 0 0 0 0.12 1.4",
    ],
  },
  // 8: an S from the top right, then back up through the middle to the start.
  "8": {
    width: 1.2,
    strokes: [
      "M0.899 0.175 A0.39 0.49 0 0 0 0.42 0.055 A0.39 0.49 0 0 0 0.223 0.617 C0.282 0.891 0.982 1.047 1.044 1.32 A0.46 0.54 0 0 1 0.6 2 A0.46 0.54 0 0 1 0.156 1.32 C0.218 1.047 0.918 0.891 0.977 0.617 A0.39 0.49 0 0 0 0.899 0.175",
    ],
  },
  // 9: the loop counter-clockwise from its right side, then straight down.
  "9": {
    width: 1.2,
    strokes: [
      "M1.05 0.55 A0.47 0.55 0 0 0 0.345 0.074 A0.47 0.55 0 0 0 0.345 1.026 A0.47 0.55 0 0 0 1.05 0.55 L1.05 2",
    ],
  },
  // Arabic-Indic digits. ٠: a small closed loop just below the midline.
  "٠": {
    width: 0.6,
    strokes: ["M0.3 1 A0.13 0.15 0 0 0 0.187 1.225 A0.13 0.15 0 0 0 0.413 1.225 A0.13 0.15 0 0 0 0.3 1"],
  },
  // ١: straight down.
  "١": { width: 0.6, strokes: ["M0.3 0 L0.3 2"] },
  // ٢: the hook from its right tip down and up to the top of the stem, then down the stem.
  "٢": {
    width: 1.05,
    strokes: ["M0.95 0 C0.92 0.4 0.75 0.55 0.55 0.55 C0.38 0.55 0.22 0.42 0.12 0 C0.22 0.6 0.3 1.3 0.32 2"],
  },
  // ٣: two teeth from the right, up to the top of the stem, then down the stem.
  "٣": {
    width: 1.3,
    strokes: [
      "M1.2 0 C1.2 0.3 1.08 0.42 0.95 0.42 C0.82 0.42 0.72 0.3 0.7 0.04 C0.66 0.4 0.55 0.55 0.42 0.55 C0.3 0.55 0.2 0.42 0.12 0 C0.22 0.6 0.3 1.3 0.32 2",
    ],
  },
  // ٤: a small curve from the top right back to the middle, then a bigger one round the bottom.
  "٤": {
    width: 1.15,
    strokes: [
      "M0.95 0.02 C0.5 0.1 0.18 0.36 0.2 0.62 C0.22 0.88 0.6 0.95 0.9 0.92 C0.45 1.1 0.12 1.4 0.14 1.7 C0.16 2.04 0.66 2.06 1.05 1.9",
    ],
  },
  // ٥: a rounded drop from its top, counter-clockwise.
  "٥": {
    width: 1,
    strokes: [
      "M0.5 0.8 C0.3 0.92 0.12 1.3 0.12 1.62 C0.12 1.86 0.28 2 0.5 2 C0.72 2 0.88 1.86 0.88 1.62 C0.88 1.3 0.7 0.92 0.5 0.8",
    ],
  },
  // ٦: the flag from the left, then down.
  "٦": { width: 1, strokes: ["M0.12 0.06 C0.35 0.16 0.62 0.12 0.82 0.02 C0.72 0.6 0.72 1.4 0.85 2"] },
  // ٧: down to the point, then up to the right.
  "٧": { width: 1.35, strokes: ["M0.12 0 L0.675 2 L1.23 0"] },
  // ٨: up from the bottom left to the point, then down to the right.
  "٨": { width: 1.35, strokes: ["M0.12 2 L0.675 0 L1.23 2"] },
  // ٩: the loop counter-clockwise from its right side, then the stem down.
  "٩": {
    width: 1.1,
    strokes: [
      "M0.95 0.45 A0.4 0.45 0 0 0 0.35 0.06 A0.4 0.45 0 0 0 0.35 0.84 A0.4 0.45 0 0 0 0.95 0.45 C0.95 1.2 0.95 1.6 0.97 2",
    ],
  },
};
