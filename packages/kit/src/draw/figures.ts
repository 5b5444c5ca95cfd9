import type { ShapeId } from "../catalogue.ts";
import { ellipsePath, heartPath, polygonPoints, polylinePath, rectPath, starPoints } from "./paths.ts";

/** The path of a named shape centred on (cx, cy), fitting a `size` square. */
export function shapePath(shape: ShapeId, cx: number, cy: number, size: number): string {
  const r = size / 2;
  switch (shape) {
    case "circle":
      return ellipsePath(cx, cy, r);
    case "square":
      return rectPath(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7);
    case "triangle":
      return polylinePath(polygonPoints(cx, cy + r * 0.15, r, 3), true);
    case "rectangle":
      return rectPath(cx - r, cy - r * 0.6, r * 2, r * 1.2);
    case "star":
      return polylinePath(starPoints(cx, cy + r * 0.05, r, r * 0.45, 5), true);
    case "heart":
      return heartPath(cx, cy, size * 0.95);
    case "oval":
      return ellipsePath(cx, cy, r, r * 0.65);
    case "diamond":
      return polylinePath(
        [
          [cx, cy - r],
          [cx + r * 0.7, cy],
          [cx, cy + r],
          [cx - r * 0.7, cy],
        ],
        true,
      );
  }
}
