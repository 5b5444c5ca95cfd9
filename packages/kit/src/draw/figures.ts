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

/** Outlines for dot-to-dot pictures, in a unit square (x right, y down), traced in order. */
export const figureOutlines: Record<string, [number, number][]> = {
  star: starPoints(0.5, 0.52, 0.5, 0.2, 5),
  heart: [
    [0.5, 0.95],
    [0.2, 0.68],
    [0.05, 0.42],
    [0.08, 0.2],
    [0.25, 0.07],
    [0.42, 0.12],
    [0.5, 0.28],
    [0.58, 0.12],
    [0.75, 0.07],
    [0.92, 0.2],
    [0.95, 0.42],
    [0.8, 0.68],
  ],
  house: [
    [0.15, 0.95],
    [0.15, 0.45],
    [0.05, 0.45],
    [0.5, 0.05],
    [0.95, 0.45],
    [0.85, 0.45],
    [0.85, 0.95],
    [0.6, 0.95],
    [0.6, 0.68],
    [0.4, 0.68],
    [0.4, 0.95],
  ],
  fish: [
    [0.05, 0.5],
    [0.2, 0.3],
    [0.4, 0.2],
    [0.6, 0.25],
    [0.75, 0.4],
    [0.95, 0.2],
    [0.9, 0.5],
    [0.95, 0.8],
    [0.75, 0.6],
    [0.6, 0.75],
    [0.4, 0.8],
    [0.2, 0.7],
  ],
  boat: [
    [0.2, 0.88],
    [0.05, 0.62],
    [0.46, 0.62],
    [0.5, 0.05],
    [0.88, 0.55],
    [0.95, 0.62],
    [0.8, 0.88],
  ],
  tree: [
    [0.42, 0.95],
    [0.42, 0.75],
    [0.1, 0.75],
    [0.3, 0.55],
    [0.18, 0.55],
    [0.38, 0.32],
    [0.28, 0.32],
    [0.5, 0.05],
    [0.72, 0.32],
    [0.62, 0.32],
    [0.82, 0.55],
    [0.7, 0.55],
    [0.9, 0.75],
    [0.58, 0.75],
    [0.58, 0.95],
  ],
  rocket: [
    [0.5, 0.02],
    [0.65, 0.2],
    [0.68, 0.6],
    [0.85, 0.78],
    [0.85, 0.92],
    [0.66, 0.82],
    [0.6, 0.92],
    [0.4, 0.92],
    [0.34, 0.82],
    [0.15, 0.92],
    [0.15, 0.78],
    [0.32, 0.6],
    [0.35, 0.2],
  ],
  cat: [
    [0.3, 0.95],
    [0.2, 0.7],
    [0.22, 0.45],
    [0.15, 0.1],
    [0.38, 0.28],
    [0.62, 0.28],
    [0.85, 0.1],
    [0.78, 0.45],
    [0.8, 0.7],
    [0.7, 0.95],
  ],
};

/** `count` points spread along a closed outline by arc length; the outline's corners are kept. */
export function pointsAlong(outline: [number, number][], count: number): [number, number][] {
  if (count <= outline.length) {
    const step = outline.length / count;
    return Array.from({ length: count }, (_, i) => outline[Math.floor(i * step)] ?? [0, 0]);
  }
  const segments = outline.map((from, i) => {
    const to = outline[(i + 1) % outline.length] ?? from;
    return { from, to, length: Math.hypot(to[0] - from[0], to[1] - from[1]) };
  });
  const total = segments.reduce((sum, segment) => sum + segment.length, 0);
  const extra = count - outline.length;
  // Largest remainder: each side gets its share of the extra dots by length, the rounding
  // left over going to the sides that lost most to it.
  const exact = segments.map((segment) => (segment.length / total) * extra);
  const shares = exact.map(Math.floor);
  const order = exact.map((value, i) => [value - Math.floor(value), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; k < extra - shares.reduce((sum, share) => sum + share, 0); k++) {
    const index = order[k]?.[1] ?? 0;
    shares[index] = (shares[index] ?? 0) + 1;
  }
  const result: [number, number][] = [];
  segments.forEach(({ from, to }, i) => {
    const inserted = shares[i] ?? 0;
    result.push(from);
    for (let k = 1; k <= inserted; k++) {
      const t = k / (inserted + 1);
      result.push([from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t]);
    }
  });
  return result;
}
