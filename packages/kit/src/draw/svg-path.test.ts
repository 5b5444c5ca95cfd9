import { describe, expect, it } from "vitest";
import { boundsOf, flatten, headOf, lengthOf, parsePath, pathData, transformSegments } from "./svg-path.ts";

// Path data from any source comes out as absolute moves, lines and cubics with the same shape:
// relative commands, H/V, smooth curves, quadratics and arcs included.

const box = (d: string) => {
  const bounds = boundsOf(flatten(parsePath(d), 32));
  return [bounds.x, bounds.y, bounds.width, bounds.height].map((value) => Math.round(value * 100) / 100);
};

describe("SVG path data", () => {
  it("reads relative commands, H and V, and implicit lines after a move", () => {
    expect(pathData(parsePath("m10 10h5v5l-5 0z"))).toBe("M10 10L15 10L15 15L10 15Z");
    expect(pathData(parsePath("M0 0 10 0 10 10"))).toBe("M0 0L10 0L10 10");
  });

  it("turns arcs into curves that stay on the circle", () => {
    // A full circle of radius 10 around (10, 10), as two half arcs.
    expect(box("M0 10A10 10 0 1 0 20 10A10 10 0 1 0 0 10Z")).toEqual([0, 0, 20, 20]);
    for (const [x, y] of flatten(parsePath("M0 10a10 10 0 0 1 20 0"), 16)[0] ?? []) {
      expect(Math.hypot(x - 10, y - 10)).toBeCloseTo(10, 1);
    }
  });

  it("reflects the control point of smooth curves", () => {
    const [, , second] = parsePath("M0 0C0 10 10 10 10 0S20 -10 20 0");
    expect(second).toMatchObject({ kind: "C", c1: [10, -10] });
  });

  it("converts quadratics to the same curve", () => {
    expect(box("M0 0Q10 20 20 0")).toEqual([0, 0, 20, 10]);
    expect(box("M0 0q10 20 20 0t20 0")).toEqual([0, -10, 40, 20]);
  });

  it("refuses what is not path data", () => {
    expect(() => parsePath("10 10")).toThrow(/start with a command/);
    expect(() => parsePath("M0 0 L5")).toThrow(/Bad path data/);
  });

  it("measures, cuts and mirrors polylines", () => {
    const line = flatten(parsePath("M0 0H30"))[0] ?? [];
    expect(lengthOf(line)).toBe(30);
    expect(headOf(line, 12).at(-1)).toEqual([12, 0]);
    expect(pathData(transformSegments(parsePath("M1 1L2 2"), { scale: 2, x: 10, y: 0, flipX: true }))).toBe("M8 2L6 4");
  });
});
