import { describe, expect, it } from "vitest";
import { Canvas } from "./canvas.server.ts";
import { ellipsePath } from "./draw/paths.ts";
import { checkCanvas, InspectingSurface, maximumBlank, minimumCoverage } from "./quality-gate.server.ts";
import type { Surface } from "./surface.ts";
import { swatches } from "./templates/context.ts";
import { writingRow } from "./tracing/writing.ts";

// The content gate's measures fail where a parent would complain: a half-empty sheet, a page
// with no colour, two pages alike, numbers and arrows leaving their box; and pass a full,
// colourful page.

const blank: Surface = { width: 595, height: 842, path() {}, text() {}, symbol() {}, transformed: (_, draw) => draw() };

function drawn(draw: (canvas: Canvas) => void) {
  const surface = new InspectingSurface(blank);
  const canvas = new Canvas(surface, false);
  // A frame above the body does not count.
  canvas.path("M36 36H559V110H36Z", { fill: "#fde8e2" });
  canvas.beginBody();
  draw(canvas);
  return { surface, canvas };
}

function inspect(draw: (canvas: Canvas) => void) {
  return drawn(draw).surface.inspection();
}

function overlaps(draw: (canvas: Canvas) => void) {
  const { surface, canvas } = drawn(draw);
  return surface.overlaps(canvas.checks.writingBoxes);
}

describe("the content gate's measures", () => {
  it("finds a sheet whose bottom half is empty", () => {
    const half = inspect((canvas) => {
      for (let y = 160; y < 450; y += 40) canvas.path(`M40 ${y}H550`, { stroke: "#3b82c4", lineWidth: 2 });
    });
    expect(half.blank).toBeGreaterThan(maximumBlank);
    const full = inspect((canvas) => {
      for (let y = 160; y < 800; y += 40) canvas.path(`M40 ${y}H550`, { stroke: "#3b82c4", lineWidth: 2 });
    });
    expect(full.blank).toBeLessThan(maximumBlank);
    expect(full.coverage).toBeGreaterThan(minimumCoverage);
  });

  it("tells a grey page from a colourful one, and pictures in colour from line art", () => {
    expect(inspect((canvas) => canvas.path("M40 200H550", { stroke: "#8d95a3" })).colourful).toBe(false);
    expect(inspect((canvas) => canvas.path("M40 200H550", { stroke: "#d9573b" })).colourful).toBe(true);
    expect(
      inspect((canvas) => canvas.picture("apple", { x: 100, y: 200, width: 80, height: 80 }, { style: "outline" }))
        .colourful,
    ).toBe(false);
    const colour = inspect((canvas) => canvas.picture("apple", { x: 100, y: 200, width: 80, height: 80 }));
    expect(colour.colourful).toBe(true);
    expect(colour.pictures).toEqual(["apple"]);
  });

  it("finds colours that are the code but print as the same grey with no word beside them", () => {
    // Red and pink print as nearly the same grey; blue and yellow do not.
    const dots = (canvas: Canvas, fills: string[], words: boolean) =>
      fills.forEach((fill, index) => {
        const y = 200 + index * 80;
        canvas.path(ellipsePath(60, y, 8), { fill });
        if (words) canvas.textLine("word", { x: 76, width: 100 }, y + 5, { size: 14 });
      });
    const confusable = [swatches.red, swatches.pink];
    expect(inspect((canvas) => dots(canvas, confusable, false)).unlabelledSwatches).toHaveLength(2);
    expect(inspect((canvas) => dots(canvas, confusable, true)).unlabelledSwatches).toEqual([]);
    expect(inspect((canvas) => dots(canvas, [swatches.blue, swatches.yellow], false)).unlabelledSwatches).toEqual([]);
  });

  it("finds text printed over a picture, over other text or into an answer box", () => {
    const apple = { x: 100, y: 200, width: 80, height: 80 };
    expect(
      overlaps((canvas) => {
        canvas.picture("apple", apple);
        canvas.textLine("Today I feel", { x: 60, width: 200 }, 240, { size: 14 });
      }),
    ).toEqual([expect.stringMatching(/"Today I feel" is printed over the picture apple/)]);
    expect(
      overlaps((canvas) => {
        canvas.textLine("3 + 4 =", { x: 60, width: 100 }, 400, { size: 20 });
        canvas.textLine("7", { x: 80, width: 40 }, 400, { size: 20 });
      }),
    ).toHaveLength(1);
    expect(
      overlaps((canvas) => {
        canvas.textLine("5 − 2 =", { x: 60, width: 100 }, 400, { size: 20 });
        canvas.checks.writingBoxes.push({ x: 90, y: 380, width: 50, height: 40 });
      }),
    ).toEqual([expect.stringMatching(/answer box/)]);
    // A caption under its picture, and a sum beside its box, are fine.
    expect(
      overlaps((canvas) => {
        canvas.picture("apple", apple);
        canvas.textLine("apple", { x: 100, width: 80 }, 300, { size: 13 });
        canvas.textLine("5 − 2 =", { x: 60, width: 100 }, 400, { size: 20 });
        canvas.checks.writingBoxes.push({ x: 200, y: 380, width: 50, height: 40 });
      }),
    ).toEqual([]);
  });

  it("keeps a model letter's arrows and numbers inside the box it was given, and fails one that leaves it", () => {
    const colours = { main: "#d9573b", soft: "#fde8e2" };
    for (const [text, locale] of [
      ["Q", "en"],
      ["R", "en"],
      ["M", "en"],
      ["Ё", "ru"],
      ["Ñ", "es"],
      ["4", "de"],
    ] as const) {
      const { canvas } = drawn((canvas) => {
        writingRow(canvas, { x: 60, y: 200, width: 160, height: 180 }, [{ text, style: "model" }], colours, locale, {
          centre: true,
          maxUnit: 60,
        });
      });
      const failures: string[] = [];
      checkCanvas(canvas, text, failures);
      expect(canvas.checks.models, text).toHaveLength(1);
      expect(failures, text).toEqual([]);
    }
    const { canvas } = drawn(() => {});
    canvas.checks.models.push({
      text: "Q",
      row: { x: 60, y: 200, width: 160, height: 180 },
      ink: { x: 70, y: 190, width: 100, height: 150 },
    });
    const failures: string[] = [];
    checkCanvas(canvas, "page", failures);
    expect(failures).toEqual(['page: the model "Q" or its arrows and numbers leave their box']);
  });

  it("gives the same page the same fingerprint and any change another", () => {
    const draw = (x: number) => (canvas: Canvas) => canvas.path(`M${x} 200H550`, { stroke: "#d9573b" });
    expect(inspect(draw(40)).fingerprint).toBe(inspect(draw(40)).fingerprint);
    expect(inspect(draw(41)).fingerprint).not.toBe(inspect(draw(40)).fingerprint);
  });
});
