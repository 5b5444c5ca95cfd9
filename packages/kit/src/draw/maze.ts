import type { Random } from "../random.ts";

/** Walls of one cell: top, right, bottom, left. */
export type CellWalls = [boolean, boolean, boolean, boolean];

/**
 * A perfect maze (one path between any two cells) by depth-first carving from a seeded
 * generator; cells in rows, `walls[y * size + x]`.
 */
export function generateMaze(size: number, random: Random): CellWalls[] {
  const walls = Array.from({ length: size * size }, (): CellWalls => [true, true, true, true]);
  const seen = new Set<number>([0]);
  const stack: [number, number][] = [[0, 0]];
  const moves = [
    [0, -1, 0, 2],
    [1, 0, 1, 3],
    [0, 1, 2, 0],
    [-1, 0, 3, 1],
  ] as const;
  for (let top = stack.at(-1); top; top = stack.at(-1)) {
    const [x, y] = top;
    const options = moves.filter(([dx, dy]) => {
      const nx = x + dx;
      const ny = y + dy;
      return nx >= 0 && ny >= 0 && nx < size && ny < size && !seen.has(ny * size + nx);
    });
    if (options.length === 0) {
      stack.pop();
      continue;
    }
    const [dx, dy, wall, opposite] = random.pick(options);
    const here = walls[y * size + x];
    const next = walls[(y + dy) * size + x + dx];
    if (here) here[wall] = false;
    if (next) next[opposite] = false;
    seen.add((y + dy) * size + x + dx);
    stack.push([x + dx, y + dy]);
  }
  return walls;
}

/** The cells from the entrance (top left) to the exit (bottom right), in order. */
export function solveMaze(walls: CellWalls[], size: number): number[] {
  const previous = new Map<number, number>([[0, -1]]);
  const queue = [0];
  const moves = [
    [-size, 0],
    [1, 1],
    [size, 2],
    [-1, 3],
  ] as const;
  while (queue.length > 0) {
    const cell = queue.shift() as number;
    if (cell === size * size - 1) break;
    for (const [step, wall] of moves) {
      const next = cell + step;
      if (walls[cell]?.[wall] !== false || previous.has(next)) continue;
      previous.set(next, cell);
      queue.push(next);
    }
  }
  const path: number[] = [];
  for (let cell = size * size - 1; cell !== -1; cell = previous.get(cell) ?? -1) path.unshift(cell);
  return path;
}
