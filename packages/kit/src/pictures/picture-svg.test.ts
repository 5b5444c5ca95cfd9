import { describe, expect, it } from "vitest";
import { pictureBox } from "./picture-library.ts";
import { renderPictureSvg } from "./picture-svg.ts";

describe("a picture as SVG", () => {
  it("is the library's picture in its own box, every shape coloured", () => {
    const svg = renderPictureSvg("backpack");
    expect(
      svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${pictureBox("backpack").join(" ")}">`),
    ).toBe(true);
    const fills = [...svg.matchAll(/fill="(#[0-9a-fA-F]{3,8}|none)"/g)];
    expect(fills.length).toBeGreaterThan(3);
    expect(svg).not.toContain("undefined");
  });
});
