import { describe, expect, it } from "vitest";
import { kit } from "../catalogue.ts";
import { nearestCrayon, pictureData, pictureLineArt } from "../pictures/picture-library.ts";
import { visibleRegions } from "../pictures/picture-raster.ts";
import { colourByNumberPlan } from "./fine-motor.ts";

// Colour by number works as a child uses it: every area big enough to colour has its number
// (parts that stay white have none), nothing printed in ink (an eye) carries one, and the key
// lists exactly the colours used.

const pictures = [
  ...new Set(
    kit.levels.flatMap((level) =>
      level.items.flatMap((item) =>
        item.kind === "printable" && item.params.template === "colour-by-number" ? [item.params.picture] : [],
      ),
    ),
  ),
];

describe("colour by number", () => {
  it.each(pictures)("numbers every area of %s a child colours, and nothing printed in ink", (picture) => {
    const data = pictureData(picture);
    const [, , width, height] = data.box;
    // The picture as an A4 page draws it: about 500 by 540 points under its key.
    const scale = Math.min(500 / width, 540 / height);
    const plan = colourByNumberPlan(picture, scale);
    const parts = pictureLineArt(picture);
    const pieces = visibleRegions(picture);
    const total = pieces.reduce((sum, piece) => sum + piece.cells, 0);
    const numbered = new Set(plan.regions.map((region) => `${region.shape}@${region.at.join(",")}`));
    const missing = pieces.filter(
      (piece) =>
        parts[piece.shape] === "white" &&
        nearestCrayon(data.shapes[piece.shape]?.fill ?? "#ffffff") !== undefined &&
        piece.cells / total >= 0.004 &&
        !numbered.has(`${piece.shape}@${piece.at.join(",")}`),
    );
    expect(missing.map((piece) => `shape ${piece.shape}, ${piece.cells} cells`)).toEqual([]);
    expect(plan.regions.filter((region) => parts[region.shape] !== "white")).toEqual([]);
    expect(new Set(plan.key)).toEqual(new Set(plan.regions.map((region) => region.crayon)));
  });

  it("numbers each piece of a part another part splits in two (the fish's body behind its face)", () => {
    const pieces = visibleRegions("tropical-fish");
    const total = pieces.reduce((sum, piece) => sum + piece.cells, 0);
    const big = pieces.filter((piece) => piece.cells / total >= 0.004);
    const split = [...new Set(big.map((piece) => piece.shape))].filter(
      (shape) => big.filter((piece) => piece.shape === shape).length > 1,
    );
    expect(split.length).toBeGreaterThan(0);
    const plan = colourByNumberPlan("tropical-fish", 2);
    for (const shape of split)
      expect(plan.regions.filter((region) => region.shape === shape).length, `shape ${shape}`).toBeGreaterThan(1);
  });
});
