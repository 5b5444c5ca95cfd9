import { describe, expect, it } from "vitest";
import { extractPictures } from "./extract-pictures.ts";
import { pictureCategories, pictureIds, pictureSources } from "./picture-catalogue.ts";
import { outlineInk, pictureBox, pictureShapes, pictureSource, silhouetteInk } from "./picture-library.ts";
import { significantPoints, silhouetteOutline, visibleRegions } from "./picture-raster.ts";
import pictureFile from "./pictures.json" with { type: "json" };

// The picture library: our names for 400 things, drawn by an openly licensed icon set whose
// shapes are kept in pictures.json, exactly as extracted from the npm package, in colour, as
// line art to colour and as shadows.

describe("the picture library", () => {
  it("names at least 150 distinct things in every category, each drawn by its own icon", () => {
    expect(pictureIds.length).toBeGreaterThanOrEqual(150);
    expect(new Set(pictureIds).size).toBe(pictureIds.length);
    const icons = Object.values(pictureSources).flatMap((group) => Object.values(group));
    expect(new Set(icons).size).toBe(icons.length);
    for (const category of pictureCategories)
      expect(Object.keys(pictureSources[category]).length, category).toBeGreaterThan(3);
  });

  it("keeps pictures.json exactly as extracted from the installed icon set", () => {
    expect(JSON.parse(JSON.stringify(extractPictures()))).toEqual(pictureFile);
    expect(pictureSource).toMatch(/^@iconify-json\/fluent-emoji-flat@\d/);
  });

  it("draws each picture in colour, as line art with no fill but white, and as a one-ink shadow", () => {
    for (const id of pictureIds) {
      const [, , width, height] = pictureBox(id);
      expect(width * height, id).toBeGreaterThan(50);
      expect(pictureShapes(id, "colour").length, id).toBeGreaterThan(0);
      const outline = pictureShapes(id, "outline");
      expect(
        outline.every(
          ({ paint }) => [outlineInk, "#ffffff"].includes(paint.fill ?? "#ffffff") && paint.stroke === outlineInk,
        ),
        id,
      ).toBe(true);
      expect(
        pictureShapes(id, "silhouette").every(({ paint }) => (paint.fill ?? silhouetteInk) === silhouetteInk),
        id,
      ).toBe(true);
    }
  });

  it("finds a picture's outline (dot-to-dot) and its parts with room for a number (colour by number)", () => {
    const outline = silhouetteOutline("fish");
    expect(outline.length).toBeGreaterThan(100);
    expect(significantPoints(outline, 15)).toHaveLength(15);
    const regions = visibleRegions("butterfly").filter((region) => region.room > 0.55);
    expect(regions.length).toBeGreaterThanOrEqual(3);
  });
});
