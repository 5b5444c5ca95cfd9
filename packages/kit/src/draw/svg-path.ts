// SVG path data as absolute moves, lines and cubic curves: every command of the SVG grammar
// (relative forms, H/V, S/T smooth curves, quadratics, elliptical arcs) is normalised once, so the
// rest of the kit measures, flattens, transforms and writes paths without caring where they came
// from (the picture library, the tracing font, our own drawing helpers).

export type Point = [number, number];
export type Segment =
  | { kind: "M"; to: Point }
  | { kind: "L"; to: Point }
  | { kind: "C"; c1: Point; c2: Point; to: Point }
  | { kind: "Z" };

const tokenPattern = /[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

/** Parses path data into absolute segments; throws on data that is not a path. */
export function parsePath(d: string): Segment[] {
  const tokens = d.match(tokenPattern) ?? [];
  const segments: Segment[] = [];
  let index = 0;
  let command = "";
  let current: Point = [0, 0];
  let start: Point = [0, 0];
  // The control point a smooth curve reflects, and whether the last segment was cubic or quadratic.
  let lastCubic: Point | undefined;
  let lastQuadratic: Point | undefined;
  const number = () => {
    const token = tokens[index++];
    const value = Number(token);
    if (token === undefined || Number.isNaN(value)) throw new Error(`Bad path data near "${token}" in ${d}`);
    return value;
  };
  while (index < tokens.length) {
    const token = tokens[index] as string;
    if (/[a-zA-Z]/.test(token)) {
      command = token;
      index++;
      if (command === "Z" || command === "z") {
        segments.push({ kind: "Z" });
        current = start;
        lastCubic = lastQuadratic = undefined;
        continue;
      }
    } else if (!command) {
      throw new Error(`Path data must start with a command: ${d}`);
    }
    const upper = command.toUpperCase();
    const relative = command !== upper;
    const [cx, cy] = current;
    const abs = (x: number, y: number): Point => (relative ? [cx + x, cy + y] : [x, y]);
    // A smooth curve's first control point mirrors the previous curve's last one.
    const reflect = (control: Point | undefined): Point =>
      control ? [2 * cx - control[0], 2 * cy - control[1]] : [cx, cy];
    let nextCubic: Point | undefined;
    let nextQuadratic: Point | undefined;
    switch (upper) {
      case "M": {
        current = start = abs(number(), number());
        segments.push({ kind: "M", to: current });
        // Further pairs after a move are lines.
        command = relative ? "l" : "L";
        break;
      }
      case "L":
        current = abs(number(), number());
        segments.push({ kind: "L", to: current });
        break;
      case "H": {
        const x = number();
        current = [relative ? cx + x : x, cy];
        segments.push({ kind: "L", to: current });
        break;
      }
      case "V": {
        const y = number();
        current = [cx, relative ? cy + y : y];
        segments.push({ kind: "L", to: current });
        break;
      }
      case "C":
      case "S": {
        const c1 = upper === "S" ? reflect(lastCubic) : abs(number(), number());
        const c2 = abs(number(), number());
        current = abs(number(), number());
        segments.push({ kind: "C", c1, c2, to: current });
        nextCubic = c2;
        break;
      }
      case "Q":
      case "T": {
        const q = upper === "T" ? reflect(lastQuadratic) : abs(number(), number());
        const to = abs(number(), number());
        segments.push(quadratic([cx, cy], q, to));
        current = to;
        nextQuadratic = q;
        break;
      }
      case "A": {
        const rx = number();
        const ry = number();
        const rotation = number();
        const large = number() !== 0;
        const sweep = number() !== 0;
        const to = abs(number(), number());
        segments.push(...arcToCubics([cx, cy], to, rx, ry, rotation, large, sweep));
        current = to;
        break;
      }
    }
    lastCubic = nextCubic;
    lastQuadratic = nextQuadratic;
  }
  return segments;
}

function quadratic(from: Point, q: Point, to: Point): Segment {
  return {
    kind: "C",
    c1: [from[0] + (2 / 3) * (q[0] - from[0]), from[1] + (2 / 3) * (q[1] - from[1])],
    c2: [to[0] + (2 / 3) * (q[0] - to[0]), to[1] + (2 / 3) * (q[1] - to[1])],
    to,
  };
}

/** An elliptical arc as cubic curves of at most a quarter turn each (SVG 1.1, appendix F.6). */
function arcToCubics(
  from: Point,
  to: Point,
  rxIn: number,
  ryIn: number,
  degrees: number,
  large: boolean,
  sweep: boolean,
): Segment[] {
  if (from[0] === to[0] && from[1] === to[1]) return [];
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0) return [{ kind: "L", to }];
  const phi = (degrees * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (from[0] - to[0]) / 2;
  const dy = (from[1] - to[1]) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  const factor = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / denominator));
  const cxp = (factor * rx * y1) / ry;
  const cyp = (-factor * ry * x1) / rx;
  const centreX = cos * cxp - sin * cyp + (from[0] + to[0]) / 2;
  const centreY = sin * cxp + cos * cyp + (from[1] + to[1]) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => {
    const value = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return value;
  };
  const theta = angle(1, 0, (x1 - cxp) / rx, (y1 - cyp) / ry);
  let delta = angle((x1 - cxp) / rx, (y1 - cyp) / ry, (-x1 - cxp) / rx, (-y1 - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const parts = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9));
  const step = delta / parts;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number): Point => {
    const x = rx * Math.cos(t);
    const y = ry * Math.sin(t);
    return [centreX + cos * x - sin * y, centreY + sin * x + cos * y];
  };
  const derivative = (t: number): Point => {
    const x = -rx * Math.sin(t);
    const y = ry * Math.cos(t);
    return [cos * x - sin * y, sin * x + cos * y];
  };
  const segments: Segment[] = [];
  for (let i = 0; i < parts; i++) {
    const t0 = theta + i * step;
    const t1 = t0 + step;
    const p0 = point(t0);
    const p1 = i === parts - 1 ? to : point(t1);
    const d0 = derivative(t0);
    const d1 = derivative(t1);
    segments.push({
      kind: "C",
      c1: [p0[0] + k * d0[0], p0[1] + k * d0[1]],
      c2: [p1[0] - k * d1[0], p1[1] - k * d1[1]],
      to: p1,
    });
  }
  return segments;
}

export type Matrix = { scale: number; x: number; y: number; flipX?: boolean };

/** Segments scaled by `scale` then moved by (x, y); `flipX` mirrors them first (x → -x). */
export function transformSegments(segments: readonly Segment[], matrix: Matrix): Segment[] {
  const sx = matrix.flipX ? -matrix.scale : matrix.scale;
  const map = ([px, py]: Point): Point => [px * sx + matrix.x, py * matrix.scale + matrix.y];
  return segments.map((segment) =>
    segment.kind === "Z"
      ? segment
      : segment.kind === "C"
        ? { kind: "C", c1: map(segment.c1), c2: map(segment.c2), to: map(segment.to) }
        : { kind: segment.kind, to: map(segment.to) },
  );
}

/** Coordinates to two decimals: a hundredth of a point is far below what a printer shows. */
export const round = (value: number) => Math.round(value * 100) / 100;

/** Absolute path data with two decimals, which every surface (PDF, SVG) reads. */
export function pathData(segments: readonly Segment[]): string {
  let d = "";
  for (const segment of segments) {
    if (segment.kind === "Z") d += "Z";
    else if (segment.kind === "C")
      d += `C${round(segment.c1[0])} ${round(segment.c1[1])} ${round(segment.c2[0])} ${round(segment.c2[1])} ${round(segment.to[0])} ${round(segment.to[1])}`;
    else d += `${segment.kind}${round(segment.to[0])} ${round(segment.to[1])}`;
  }
  return d;
}

/** Polylines through the path, curves cut into `steps` pieces; one polyline per subpath. */
export function flatten(segments: readonly Segment[], steps = 8): Point[][] {
  const lines: Point[][] = [];
  let line: Point[] = [];
  let current: Point = [0, 0];
  let start: Point = [0, 0];
  for (const segment of segments) {
    if (segment.kind === "M") {
      if (line.length > 1) lines.push(line);
      current = start = segment.to;
      line = [current];
    } else if (segment.kind === "L") {
      current = segment.to;
      line.push(current);
    } else if (segment.kind === "C") {
      const [x0, y0] = current;
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        const a = u * u * u;
        const b = 3 * u * u * t;
        const c = 3 * u * t * t;
        const e = t * t * t;
        line.push([
          a * x0 + b * segment.c1[0] + c * segment.c2[0] + e * segment.to[0],
          a * y0 + b * segment.c1[1] + c * segment.c2[1] + e * segment.to[1],
        ]);
      }
      current = segment.to;
    } else {
      if (current[0] !== start[0] || current[1] !== start[1]) line.push(start);
      current = start;
      if (line.length > 1) lines.push(line);
      line = [current];
    }
  }
  if (line.length > 1) lines.push(line);
  return lines;
}

export type Bounds = { x: number; y: number; width: number; height: number };

/** The box around every point of the polylines. */
export function boundsOf(lines: readonly (readonly Point[])[]): Bounds {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const line of lines)
    for (const [x, y] of line) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  if (minX > maxX) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Length of a polyline. */
export function lengthOf(line: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] as Point;
    const b = line[i] as Point;
    total += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return total;
}

/** The polyline from its start up to `length` along it. */
export function headOf(line: readonly Point[], length: number): Point[] {
  const head: Point[] = [line[0] as Point];
  let left = length;
  for (let i = 1; i < line.length && left > 0; i++) {
    const a = line[i - 1] as Point;
    const b = line[i] as Point;
    const piece = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (piece >= left) {
      const t = left / piece;
      head.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
      return head;
    }
    head.push(b);
    left -= piece;
  }
  return head;
}

/** Shoelace area of a closed polyline (positive either way round). */
export function areaOf(line: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < line.length; i++) {
    const a = line[i] as Point;
    const b = line[(i + 1) % line.length] as Point;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(sum) / 2;
}
