import { flatten, type Point, parsePath } from "../draw/svg-path.ts";
import type { PictureId } from "./picture-catalogue.ts";
import { pictureData } from "./picture-library.ts";

// A picture as a grid of cells, each holding the index of the shape seen there (painting order:
// later shapes cover earlier ones). From it come the outline of the whole picture (the dots of a
// dot-to-dot) and, for colour by number, where each visible part is and where its number fits.

export type PictureRaster = {
  size: number;
  /** Shape index per cell, row by row; -1 where nothing is drawn. */
  cells: Int16Array;
  /** Cell → picture units. */
  origin: Point;
  step: number;
};

const rasters = new Map<string, PictureRaster>();

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

export function rasterizePicture(id: PictureId, size = 120): PictureRaster {
  const key = `${id}:${size}`;
  const cached = rasters.get(key);
  if (cached) return cached;
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
  rasters.set(key, raster);
  return raster;
}

/** Cells inside the picture's outline: drawn cells plus any hole enclosed by them. */
function solidMask(raster: PictureRaster): Uint8Array {
  const { size, cells } = raster;
  const outside = new Uint8Array(size * size);
  const stack: number[] = [];
  for (let i = 0; i < size; i++) stack.push(i, (size - 1) * size + i, i * size, i * size + size - 1);
  while (stack.length > 0) {
    const cell = stack.pop() as number;
    if (outside[cell] || cells[cell] !== -1) continue;
    outside[cell] = 1;
    const row = Math.floor(cell / size);
    const column = cell % size;
    if (row > 0) stack.push(cell - size);
    if (row < size - 1) stack.push(cell + size);
    if (column > 0) stack.push(cell - 1);
    if (column < size - 1) stack.push(cell + 1);
  }
  return outside.map((value) => (value ? 0 : 1));
}

/** The outer edge of the picture's silhouette, clockwise, in picture units (Moore tracing). */
export function silhouetteOutline(id: PictureId): Point[] {
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
    let count = 0;
    const stack = [start];
    label[start] = blob;
    while (stack.length > 0) {
      const cell = stack.pop() as number;
      count++;
      const row = Math.floor(cell / size);
      const column = cell % size;
      for (const next of [
        row > 0 ? cell - size : -1,
        row < size - 1 ? cell + size : -1,
        column > 0 ? cell - 1 : -1,
        column < size - 1 ? cell + 1 : -1,
      ]) {
        if (next >= 0 && mask[next] && label[next] === -1) {
          label[next] = blob;
          stack.push(next);
        }
      }
    }
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
}

/** Distance from a point to the segment a-b. */
function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/**
 * `count` points of a closed outline that keep its shape: starting from its two farthest-apart
 * points, the point farthest from the polygon so far is added until there are `count`; the
 * result runs in outline order from the top-most point.
 */
export function significantPoints(outline: Point[], count: number): Point[] {
  const n = outline.length;
  if (n <= count) return outline;
  let a = 0;
  let b = 0;
  let farthest = -1;
  for (let i = 0; i < n; i += 2)
    for (let j = i + 1; j < n; j += 2) {
      const p = outline[i] as Point;
      const q = outline[j] as Point;
      const d = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2;
      if (d > farthest) {
        farthest = d;
        a = i;
        b = j;
      }
    }
  const chosen = new Set<number>([a, b]);
  while (chosen.size < count) {
    const sorted = [...chosen].sort((x, y) => x - y);
    let bestIndex = -1;
    let bestDistance = -1;
    for (let k = 0; k < sorted.length; k++) {
      const from = sorted[k] as number;
      const to = sorted[(k + 1) % sorted.length] as number;
      const span = (to - from + n) % n || n;
      // Keep dots apart: nothing closer than a fraction of the even spacing to a chosen point.
      const gap = Math.floor(n / count / 3);
      for (let step = 1 + gap; step < span - gap; step++) {
        const index = (from + step) % n;
        const d = distanceToSegment(outline[index] as Point, outline[from] as Point, outline[to] as Point);
        if (d > bestDistance) {
          bestDistance = d;
          bestIndex = index;
        }
      }
    }
    if (bestIndex < 0) break;
    chosen.add(bestIndex);
  }
  const ordered = [...chosen].sort((x, y) => x - y).map((index) => outline[index] as Point);
  let top = 0;
  ordered.forEach((point, index) => {
    if (point[1] < (ordered[top] as Point)[1]) top = index;
  });
  return [...ordered.slice(top), ...ordered.slice(0, top)];
}

/**
 * For each visible shape big enough to colour: the cell farthest inside it (where its number
 * goes) and that distance, from a chamfer distance transform of each shape's visible cells.
 */
export function visibleRegions(id: PictureId): { shape: number; at: Point; room: number; cells: number }[] {
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
  const best = new Map<number, { cell: number; room: number; cells: number }>();
  for (let cell = 0; cell < size * size; cell++) {
    const shape = cells[cell] as number;
    if (shape === -1) continue;
    const entry = best.get(shape) ?? { cell, room: -1, cells: 0 };
    entry.cells++;
    if ((distance[cell] as number) > entry.room) {
      entry.room = distance[cell] as number;
      entry.cell = cell;
    }
    best.set(shape, entry);
  }
  return [...best.entries()].map(([shape, { cell, room, cells: count }]) => ({
    shape,
    at: [
      raster.origin[0] + ((cell % size) + 0.5) * raster.step,
      raster.origin[1] + (Math.floor(cell / size) + 0.5) * raster.step,
    ],
    room: room * raster.step,
    cells: count,
  }));
}
