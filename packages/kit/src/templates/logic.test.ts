import { describe, expect, it } from "vitest";
import { mirrorDifference } from "../pictures/picture-raster.ts";
import { facingPictures } from "./logic.ts";

// "One picture is facing the other way" only works with pictures that look different turned
// round: a lion seen from the front is the same both ways, and the answer key would circle one
// of five identical lions.

describe("the pictures turned round", () => {
  it("are only pictures that look different mirrored", () => {
    expect(mirrorDifference("lion")).toBeLessThan(0.05);
    expect(mirrorDifference("horse")).toBeGreaterThan(0.5);
    expect(facingPictures()).not.toContain("lion");
    expect(facingPictures().length).toBeGreaterThanOrEqual(10);
    for (const id of facingPictures()) expect(mirrorDifference(id), id).toBeGreaterThanOrEqual(0.3);
  });
});
