import { describe, expect, it } from "vitest";
import { layoutLine, missingGlyphs, wrapText } from "./text-layout.server.ts";

// Mixed-direction lines come out in visual order with mirrored brackets, each run in a font
// that has its glyphs; missing glyphs are found before they print as empty boxes.

const shown = (text: string, rtl: boolean) =>
  layoutLine(text, "body", 12, rtl).runs.map((run) => `${run.rtl ? "R" : "L"}:${run.text}`);

describe("text layout", () => {
  it("orders an Arabic line with Latin and digits visually, brackets mirrored", () => {
    expect(shown("الفارغ (مثل A و 12).", true)).toEqual(["R:.(", "L:12", "R:و ", "R: ", "L:A", "R:الفارغ )مثل "]);
  });

  it("keeps Arabic-Indic numbers in reading order (fontkit would reverse them)", () => {
    expect(shown("العدّ حتى ١٥", true)).toEqual(["L:٥١", "R:العدّ حتى "]);
  });

  it("keeps a Latin line in one run, and puts Arabic in the Arabic face", () => {
    expect(shown("Made for Mia", false)).toEqual(["L:Made for Mia"]);
    const runs = layoutLine("Made for سارة", "heading", 12, false).runs;
    expect(runs.map((run) => run.font)).toEqual(["heading", "arabicHeading"]);
  });

  it("wraps to the width and measures every line within it", () => {
    const lines = wrapText("Trace each letter, then write it on your own on the empty line.", "body", 12, 120, false);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(120);
  });

  it("draws Arabic punctuation after a Western number in the Arabic face (Nunito has no ، or ؟)", () => {
    expect(missingGlyphs(layoutLine("العدّ حتى 5، والألوان. كم ينقص لتصبح 10؟", "body", 12, true))).toEqual([]);
  });

  it("reports characters no font can draw", () => {
    expect(missingGlyphs(layoutLine("Ñandú Ёлка «ابجد» ٣، أخفِ؟", "body", 12, true))).toEqual([]);
    expect(missingGlyphs(layoutLine("漢字", "body", 12, false))).toEqual(["漢", "字"]);
  });
});
