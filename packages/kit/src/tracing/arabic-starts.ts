// Where each Arabic letter (isolated form) starts when a child writes it, and which way the pen
// first moves: a point in the letter's ink box (0..1 from its left and top edges, dots left out)
// and an angle in degrees (0 = right, 90 = down, 180 = left, 270 = up).

export type ArabicStart = { x: number; y: number; angle: number };

export const arabicStarts: Record<string, ArabicStart> = {
  ا: { x: 0.5, y: 0, angle: 90 },
  ب: { x: 0.97, y: 0.05, angle: 110 },
  ت: { x: 0.97, y: 0.05, angle: 110 },
  ث: { x: 0.97, y: 0.05, angle: 110 },
  ج: { x: 0.1, y: 0.05, angle: 0 },
  ح: { x: 0.1, y: 0.05, angle: 0 },
  خ: { x: 0.1, y: 0.05, angle: 0 },
  د: { x: 0.45, y: 0, angle: 60 },
  ذ: { x: 0.45, y: 0, angle: 60 },
  ر: { x: 0.85, y: 0, angle: 110 },
  ز: { x: 0.85, y: 0, angle: 110 },
  س: { x: 0.97, y: 0.05, angle: 95 },
  ش: { x: 0.97, y: 0.05, angle: 95 },
  ص: { x: 0.97, y: 0.05, angle: 95 },
  ض: { x: 0.97, y: 0.05, angle: 95 },
  ط: { x: 0.3, y: 0, angle: 90 },
  ظ: { x: 0.3, y: 0, angle: 90 },
  ع: { x: 0.85, y: 0.05, angle: 180 },
  غ: { x: 0.85, y: 0.05, angle: 180 },
  ف: { x: 0.85, y: 0.1, angle: 180 },
  ق: { x: 0.85, y: 0.1, angle: 180 },
  ك: { x: 0.9, y: 0, angle: 90 },
  ل: { x: 0.8, y: 0, angle: 90 },
  م: { x: 0.85, y: 0.05, angle: 180 },
  ن: { x: 0.97, y: 0.1, angle: 110 },
  ه: { x: 0.6, y: 0, angle: 180 },
  و: { x: 0.85, y: 0.05, angle: 180 },
  ي: { x: 0.9, y: 0.05, angle: 180 },
};
