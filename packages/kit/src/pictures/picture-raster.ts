import { flatten, type Point, parsePath } from "../draw/svg-path.ts";
import { memoize } from "../memoize.ts";
import type { PictureId } from "./picture-catalogue.ts";
import { pictureData } from "./picture-library.ts";

// A picture as a grid of cells, each holding the index of the shape seen there (painting order:
// later shapes cover earlier ones). From it come the outline of the whole picture (the dots of a
// dot-to-dot) and, for colour by number, where each visible part is and where its number fits.

type PictureRaster = {
  size: number;
  /** Shape index per cell, row by row; -1 where nothing is drawn. */
  cells: Int16Array;
  /** Cell → picture units. */
  origin: Point;
  step: number;
};

/** A visible part of a picture: its shape, the point farthest inside it, that distance, its size in cells. */
export type VisibleRegion = { shape: number; at: Point; room: number; cells: number };

/** Cells across a picture's raster: fine enough for eyes and spots, quick to fill. */
const rasterSize = 120;

/** Fills a polygon set into `cells` with `value` (nonzero or even-odd, as the shape says). */
function fillPolygons(raster: PictureRaster, polygons: Point[][], value: number, evenOdd: boolean) {
  const { size, origin, step, cells } = raster;
  for (let row = 0; row < size; row++) {
    const y = origin[1] + (row + 0.5) * step;
    const crossings: { x: number; winding: number }[] = [];
    for (const polygon of polygons) {
      for (let i = 0; i < polygon.length; i++) {
        const a = polygon[i] as Point;
        const b = polygon[(i + 1) % polygon.length] as Point;
        if (a[1] <= y === b[1] <= y) continue;
        const t = (y - a[1]) / (b[1] - a[1]);
        crossings.push({ x: a[0] + t * (b[0] - a[0]), winding: b[1] > a[1] ? 1 : -1 });
      }
    }
    crossings.sort((left, right) => left.x - right.x);
    let winding = 0;
    for (let i = 0; i < crossings.length - 1; i++) {
      const crossing = crossings[i] as { x: number; winding: number };
      winding = evenOdd ? winding ^ 1 : winding + crossing.winding;
      if (winding === 0) continue;
      const from = Math.max(0, Math.ceil((crossing.x - origin[0]) / step - 0.5));
      const to = Math.min(size - 1, Math.floor(((crossings[i + 1] as { x: number }).x - origin[0]) / step - 0.5));
      for (let column = from; column <= to; column++) cells[row * size + column] = value;
    }
  }
}

const rasterizePicture = memoize((id: PictureId): PictureRaster => {
  const size = rasterSize;
  const data = pictureData(id);
  const [bx, by, bw, bh] = data.box;
  const extent = Math.max(bw, bh) * 1.04;
  const step = extent / size;
  const origin: Point = [bx + bw / 2 - extent / 2, by + bh / 2 - extent / 2];
  const raster: PictureRaster = { size, cells: new Int16Array(size * size).fill(-1), origin, step };
  data.shapes.forEach((shape, index) => {
    if (!shape.fill) return;
    const polygons = flatten(parsePath(shape.d), 6);
    fillPolygons(raster, polygons, index, shape.evenOdd === true);
  });
  return raster;
});

/**
 * Visits the cells of a `size`-square grid reachable from `seeds` through edge neighbours that
 * `enter` accepts, each once (`mark` records it, so `enter` refuses it after); returns how many.
 */
function flood(size: number, seeds: number[], enter: (cell: number) => boolean, mark: (cell: number) => void): number {
  const stack: number[] = [];
  const reach = (cell: number) => {
    if (!enter(cell)) return;
    mark(cell);
    stack.push(cell);
  };
  seeds.forEach(reach);
  let count = 0;
  while (stack.length > 0) {
    const cell = stack.pop() as number;
    count++;
    const row = Math.floor(cell / size);
    const column = cell % size;
    if (row > 0) reach(cell - size);
    if (row < size - 1) reach(cell + size);
    if (column > 0) reach(cell - 1);
    if (column < size - 1) reach(cell + 1);
  }
  return count;
}

/** Cells inside the picture's outline: drawn cells plus any hole enclosed by them. */
function solidMask(raster: PictureRaster): Uint8Array {
  const { size, cells } = raster;
  const outside = new Uint8Array(size * size);
  const edges: number[] = [];
  for (let i = 0; i < size; i++) edges.push(i, (size - 1) * size + i, i * size, i * size + size - 1);
  flood(
    size,
    edges,
    (cell) => !outside[cell] && cells[cell] === -1,
    (cell) => {
      outside[cell] = 1;
    },
  );
  return outside.map((value) => (value ? 0 : 1));
}

/** The outer edge of the picture's silhouette, clockwise, in picture units (Moore tracing). */
export const silhouetteOutline = memoize((id: PictureId): readonly Point[] => {
  const raster = rasterizePicture(id);
  const { size } = raster;
  const mask = solidMask(raster);
  // Keep only the biggest blob: stray bits (a bee's flight lines) are not part of the outline.
  const label = new Int32Array(size * size).fill(-1);
  let best = -1;
  let bestCount = 0;
  let blob = 0;
  for (let start = 0; start < size * size; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    const count = flood(
      size,
      [start],
      (cell) => mask[cell] === 1 && label[cell] === -1,
      (cell) => {
        label[cell] = blob;
      },
    );
    if (count > bestCount) {
      bestCount = count;
      best = blob;
    }
    blob++;
  }
  const inside = (row: number, column: number) =>
    row >= 0 && column >= 0 && row < size && column < size && label[row * size + column] === best;
  // Start at the top-most, left-most cell of the blob and walk its edge clockwise.
  const first = label.indexOf(best);
  const startRow = Math.floor(first / size);
  const startColumn = first % size;
  const directions: [number, number][] = [
    [-1, 0],
    [-1, 1],
    [0, 1],
    [1, 1],
    [1, 0],
    [1, -1],
    [0, -1],
    [-1, -1],
  ];
  const boundary: [number, number][] = [[startRow, startColumn]];
  let current: [number, number] = [startRow, startColumn];
  let from = 6; // came from the left
  for (let guard = 0; guard < size * size * 4; guard++) {
    let found = false;
    for (let k = 0; k < 8; k++) {
      const d = (from + 1 + k) % 8;
      const [dr, dc] = directions[d] as [number, number];
      const next: [number, number] = [current[0] + dr, current[1] + dc];
      if (inside(next[0], next[1])) {
        from = (d + 4) % 8;
        current = next;
        found = true;
        break;
      }
    }
    if (!found) break;
    if (current[0] === startRow && current[1] === startColumn) break;
    boundary.push(current);
  }
  return boundary.map(
    ([row, column]): Point => [
      raster.origin[0] + (column + 0.5) * raster.step,
      raster.origin[1] + (row + 0.5) * raster.step,
    ],
  );
});

/** The outline resampled to `count` points evenly spaced along it. */
function resample(outline: readonly Point[], count: number): Point[] {
  const closed = [...outline, outline[0] as Point];
  const lengths = [0];
  for (let i = 1; i < closed.length; i++) {
    const a = closed[i - 1] as Point;
    const b = closed[i] as Point;
    lengths.push((lengths[i - 1] as number) + Math.hypot(b[0] - a[0], b[1] - a[1]));
  }
  const total = lengths.at(-1) as number;
  const points: Point[] = [];
  let segment = 1;
  for (let k = 0; k < count; k++) {
    const at = (k / count) * total;
    while (segment < closed.length - 1 && (lengths[segment] as number) < at) segment++;
    const a = closed[segment - 1] as Point;
    const b = closed[segment] as Point;
    const span = (lengths[segment] as number) - (lengths[segment - 1] as number) || 1;
    const t = (at - (lengths[segment - 1] as number)) / span;
    points.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
  }
  return points;
}

/**
 * `count` dots on a closed outline that keep its shape: its sharpest corners first (where the
 * outline turns most, a corner apart from the next), then dots in the longest gaps left; in
 * outline order from the top-most point.
 */
export function significantPoints(outline: readonly Point[], count: number): Point[] {
  const samples = 240;
  const points = resample(outline, samples);
  const window = 6;
  const turn = points.map((point, i) => {
    const before = points[(i - window + samples) % samples] as Point;
    const after = points[(i + window) % samples] as Point;
    const a = Math.atan2(point[1] - before[1], point[0] - before[0]);
    const b = Math.atan2(after[1] - point[1], after[0] - point[0]);
    let angle = Math.abs(b - a);
    if (angle > Math.PI) angle = 2 * Math.PI - angle;
    return angle;
  });
  const chosen: number[] = [];
  const spacing = samples / count / 2;
  const arc = (a: number, b: number) => Math.min(Math.abs(a - b), samples - Math.abs(a - b));
  for (const index of [...turn.keys()].sort((a, b) => (turn[b] as number) - (turn[a] as number))) {
    if (chosen.length >= count || (turn[index] as number) < Math.PI / 10) break;
    if (chosen.every((other) => arc(index, other) >= spacing)) chosen.push(index);
  }
  while (chosen.length < count) {
    chosen.sort((a, b) => a - b);
    let widest = 0;
    let at = 0;
    chosen.forEach((index, k) => {
      const next = (chosen[(k + 1) % chosen.length] as number) + (k + 1 === chosen.length ? samples : 0);
      if (next - index > widest) {
        widest = next - index;
        at = index;
      }
    });
    if (chosen.length === 0) chosen.push(0);
    else chosen.push(Math.round(at + widest / 2) % samples);
  }
  const ordered = chosen.sort((a, b) => a - b).map((index) => points[index] as Point);
  let top = 0;
  ordered.forEach((point, index) => {
    if (point[1] < (ordered[top] as Point)[1]) top = index;
  });
  return [...ordered.slice(top), ...ordered.slice(0, top)];
}

/**
 * For each visible piece of each shape: the cell farthest inside it (where its number goes) and
 * that distance, from a chamfer distance transform of each shape's visible cells.
 */
export const visibleRegions = memoize((id: PictureId): readonly VisibleRegion[] => {
  const raster = rasterizePicture(id);
  const { size, cells } = raster;
  const distance = new Float32Array(size * size);
  const same = (a: number, b: number) => cells[a] === cells[b];
  for (let i = 0; i < size * size; i++) distance[i] = cells[i] === -1 ? 0 : 1e9;
  const relax = (cell: number, other: number, cost: number) => {
    if (!same(cell, other)) {
      distance[cell] = Math.min(distance[cell] as number, cost * 0.5);
      return;
    }
    distance[cell] = Math.min(distance[cell] as number, (distance[other] as number) + cost);
  };
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++) {
      const cell = row * size + column;
      if (cells[cell] === -1) continue;
      if (row === 0 || column === 0 || column === size - 1) distance[cell] = Math.min(distance[cell] as number, 0.5);
      if (row > 0) relax(cell, cell - size, 1);
      if (column > 0) relax(cell, cell - 1, 1);
      if (row > 0 && column > 0) relax(cell, cell - size - 1, 1.41);
      if (row > 0 && column < size - 1) relax(cell, cell - size + 1, 1.41);
    }
  for (let row = size - 1; row >= 0; row--)
    for (let column = size - 1; column >= 0; column--) {
      const cell = row * size + column;
      if (cells[cell] === -1) continue;
      if (row === size - 1 || column === size - 1 || column === 0)
        distance[cell] = Math.min(distance[cell] as number, 0.5);
      if (row < size - 1) relax(cell, cell + size, 1);
      if (column < size - 1) relax(cell, cell + 1, 1);
      if (row < size - 1 && column < size - 1) relax(cell, cell + size + 1, 1.41);
      if (row < size - 1 && column > 0) relax(cell, cell + size - 1, 1.41);
    }
  // Each connected piece of a shape on its own: a part split in two by a nearer shape (the
  // body of a fish behind its fin) is two areas to colour, each with its own number.
  const piece = new Int32Array(size * size).fill(-1);
  const best: { shape: number; cell: number; room: number; cells: number }[] = [];
  for (let start = 0; start < size * size; start++) {
    const shape = cells[start] as number;
    if (shape === -1 || (piece[start] as number) !== -1) continue;
    const entry = { shape, cell: start, room: -1, cells: 0 };
    const stack = [start];
    piece[start] = best.length;
    while (stack.length > 0) {
      const cell = stack.pop() as number;
      entry.cells++;
      if ((distance[cell] as number) > entry.room) {
        entry.room = distance[cell] as number;
        entry.cell = cell;
      }
      const row = Math.floor(cell / size);
      const column = cell % size;
      for (const next of [
        row > 0 ? cell - size : -1,
        row < size - 1 ? cell + size : -1,
        column > 0 ? cell - 1 : -1,
        column < size - 1 ? cell + 1 : -1,
      ])
        if (next !== -1 && cells[next] === shape && piece[next] === -1) {
          piece[next] = best.length;
          stack.push(next);
        }
    }
    best.push(entry);
  }
  return best.map(({ shape, cell, room, cells: count }) => ({
    shape,
    at: [
      raster.origin[0] + ((cell % size) + 0.5) * raster.step,
      raster.origin[1] + (Math.floor(cell / size) + 0.5) * raster.step,
    ],
    room: room * raster.step,
    cells: count,
  }));
});

/**
 * How different a picture looks turned round: the share of its painted cells whose colour
 * changes when it is mirrored left to right (0 for a face seen from the front).
 */
export const mirrorDifference = memoize((id: PictureId): number => {
  const { size, cells } = rasterizePicture(id);
  const fills = pictureData(id).shapes.map((shape) => shape.fill ?? shape.stroke ?? "");
  const colour = (cell: number) => {
    const shape = cells[cell] as number;
    return shape === -1 ? "" : (fills[shape] ?? "");
  };
  let painted = 0;
  let changed = 0;
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++) {
      const here = colour(row * size + column);
      const there = colour(row * size + (size - 1 - column));
      if (here === "" && there === "") continue;
      painted++;
      if (here !== there) changed++;
    }
  return painted === 0 ? 0 : changed / painted;
});
