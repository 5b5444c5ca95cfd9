// Where each Arabic letter (isolated form) starts when a child writes it, and which way the pen
// first moves: a point in the letter's ink box (0..1 from its left and top edges, dots included,
// as the box is the whole glyph's) and an angle in degrees (0 = right, 90 = down, 180 = left, 270 = up).
//
// Convention: the Naskh school hand of Arab kindergarten copybooks (كراسات الخط). The point is the
// start of the body's first stroke; dots, the small mark inside ك and the upright of ط ظ come after.
// Bodies start at the top, at the right-hand tip for ب ت ث ن س ش ل ك; ج ح خ start at the head's
// left tip and go right; د ذ at the top-left tip, going right; ع غ at the head's top-right tip,
// going left; ي at its top-right tip, going left; ه at its top, going left. Loops go clockwise:
// ص ض ط ظ from where the loop leaves the tooth or upright, up to the right; ف and م from the
// loop's lower left, going up; ق و from the loop's lower right, going left along the line.
// Each point sits on the centre line of the stroke as the kit's Cairo glyph draws it.

export type ArabicStart = { x: number; y: number; angle: number };

export const arabicStarts: Record<string, ArabicStart> = {
  ا: { x: 0.5, y: 0.05, angle: 90 },
  ب: { x: 0.94, y: 0.07, angle: 90 },
  ت: { x: 0.94, y: 0.23, angle: 90 },
  ث: { x: 0.94, y: 0.37, angle: 90 },
  ج: { x: 0.2, y: 0.065, angle: 352 },
  ح: { x: 0.2, y: 0.065, angle: 352 },
  خ: { x: 0.2, y: 0.222, angle: 352 },
  د: { x: 0.2, y: 0.076, angle: 0 },
  ذ: { x: 0.2, y: 0.325, angle: 0 },
  ر: { x: 0.82, y: 0.05, angle: 90 },
  ز: { x: 0.82, y: 0.25, angle: 90 },
  س: { x: 0.944, y: 0.075, angle: 90 },
  ش: { x: 0.942, y: 0.34, angle: 90 },
  ص: { x: 0.554, y: 0.225, angle: 320 },
  ض: { x: 0.568, y: 0.36, angle: 320 },
  ط: { x: 0.297, y: 0.527, angle: 315 },
  ظ: { x: 0.297, y: 0.527, angle: 315 },
  ع: { x: 0.848, y: 0.057, angle: 183 },
  غ: { x: 0.849, y: 0.23, angle: 183 },
  ف: { x: 0.573, y: 0.78, angle: 270 },
  ق: { x: 0.8, y: 0.677, angle: 180 },
  ك: { x: 0.937, y: 0.05, angle: 90 },
  ل: { x: 0.924, y: 0.048, angle: 90 },
  م: { x: 0.202, y: 0.45, angle: 270 },
  ن: { x: 0.924, y: 0.15, angle: 90 },
  ه: { x: 0.5, y: 0.074, angle: 180 },
  و: { x: 0.72, y: 0.638, angle: 180 },
  ي: { x: 0.9, y: 0.056, angle: 183 },
};
