import { round as n } from "./svg-path.ts";

// SVG path data for the shapes the worksheets use; every surface understands path data.

export function rectPath(x: number, y: number, w: number, h: number, r = 0): string {
  if (r <= 0) return `M${n(x)} ${n(y)}H${n(x + w)}V${n(y + h)}H${n(x)}Z`;
  const k = Math.min(r, w / 2, h / 2);
  return (
    `M${n(x + k)} ${n(y)}H${n(x + w - k)}A${n(k)} ${n(k)} 0 0 1 ${n(x + w)} ${n(y + k)}` +
    `V${n(y + h - k)}A${n(k)} ${n(k)} 0 0 1 ${n(x + w - k)} ${n(y + h)}H${n(x + k)}` +
    `A${n(k)} ${n(k)} 0 0 1 ${n(x)} ${n(y + h - k)}V${n(y + k)}A${n(k)} ${n(k)} 0 0 1 ${n(x + k)} ${n(y)}Z`
  );
}

export function ellipsePath(cx: number, cy: number, rx: number, ry = rx): string {
  return (
    `M${n(cx - rx)} ${n(cy)}A${n(rx)} ${n(ry)} 0 1 0 ${n(cx + rx)} ${n(cy)}` +
    `A${n(rx)} ${n(ry)} 0 1 0 ${n(cx - rx)} ${n(cy)}Z`
  );
}

export function polylinePath(points: readonly (readonly [number, number])[], closed = false): string {
  const [first, ...rest] = points;
  if (!first) return "";
  return `M${n(first[0])} ${n(first[1])}${rest.map(([x, y]) => `L${n(x)} ${n(y)}`).join("")}${closed ? "Z" : ""}`;
}

export function linePath(x1: number, y1: number, x2: number, y2: number): string {
  return `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`;
}

/** Points of a regular star (spikes outer points) or polygon (inner = outer). */
export function starPoints(cx: number, cy: number, outer: number, inner: number, spikes: number): [number, number][] {
  const points: [number, number][] = [];
  const step = Math.PI / spikes;
  for (let i = 0; i < spikes * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + i * step;
    points.push([cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius]);
  }
  return points;
}

export function polygonPoints(cx: number, cy: number, radius: number, sides: number, rotation = -Math.PI / 2) {
  return Array.from({ length: sides }, (_, i): [number, number] => {
    const angle = rotation + (i * 2 * Math.PI) / sides;
    return [cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius];
  });
}

export function heartPath(cx: number, cy: number, size: number): string {
  const s = size / 2;
  return (
    `M${n(cx)} ${n(cy + s * 0.9)}C${n(cx - s * 1.3)} ${n(cy)} ${n(cx - s)} ${n(cy - s * 1.1)} ${n(cx)} ${n(cy - s * 0.45)}` +
    `C${n(cx + s)} ${n(cy - s * 1.1)} ${n(cx + s * 1.3)} ${n(cy)} ${n(cx)} ${n(cy + s * 0.9)}Z`
  );
}

/** A five-pointed star of radius `r` centred on (cx, cy), sitting slightly low like a drawn star. */
export function starPath(cx: number, cy: number, r: number): string {
  return polylinePath(starPoints(cx, cy + r * 0.08, r, r * 0.45, 5), true);
}

/** An arrowhead of `size` at `tip`, pointing along the direction from `from`. */
export function arrowHeadPath(from: readonly [number, number], tip: readonly [number, number], size: number): string {
  const angle = Math.atan2(tip[1] - from[1], tip[0] - from[0]);
  return polylinePath(
    [
      tip,
      [tip[0] - Math.cos(angle - 0.5) * size, tip[1] - Math.sin(angle - 0.5) * size],
      [tip[0] - Math.cos(angle + 0.5) * size, tip[1] - Math.sin(angle + 0.5) * size],
    ],
    true,
  );
}
