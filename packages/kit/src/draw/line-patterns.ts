import type { LinePattern } from "../catalogue.ts";
import { parsePath, pathData, transformSegments } from "./svg-path.ts";

// The lines children trace and cut along, from easy (straight) to hard (loops, spirals), as path
// data running left to right from x0 to x1 around the middle line `mid`. Slants are separate
// strokes, drawn by the trace-path page itself.

export function linePatternPath(
  pattern: Exclude<LinePattern, "diagonal">,
  x0: number,
  x1: number,
  mid: number,
  amplitude: number,
): string {
  const r = (value: number) => Math.round(value * 10) / 10;
  const width = x1 - x0;
  const wavelength = pattern === "spiral" || pattern === "loops" ? amplitude * 2.2 : amplitude * 2.6;
  const count = Math.max(2, Math.round(width / wavelength));
  const unit = width / count;
  let d = `M${r(x0)} ${r(mid)}`;
  for (let i = 0; i < count; i++) {
    const a = x0 + i * unit;
    const b = a + unit;
    switch (pattern) {
      case "straight":
        d += `L${r(b)} ${r(mid)}`;
        break;
      case "zigzag":
        d += `L${r(a + unit / 2)} ${r(mid - amplitude)}L${r(b)} ${r(mid)}`;
        break;
      case "waves":
        d +=
          `Q${r(a + unit / 4)} ${r(mid - amplitude * 1.3)} ${r(a + unit / 2)} ${r(mid)}` +
          `Q${r(a + (unit * 3) / 4)} ${r(mid + amplitude * 1.3)} ${r(b)} ${r(mid)}`;
        break;
      case "bumps":
        d += `C${r(a)} ${r(mid - amplitude * 1.35)} ${r(b)} ${r(mid - amplitude * 1.35)} ${r(b)} ${r(mid)}`;
        break;
      case "castle":
        d +=
          `L${r(a)} ${r(mid - amplitude)}L${r(a + unit / 2)} ${r(mid - amplitude)}` +
          `L${r(a + unit / 2)} ${r(mid)}L${r(b)} ${r(mid)}`;
        break;
      case "loops":
        d +=
          `C${r(a + unit * 0.95)} ${r(mid)} ${r(a + unit * 0.95)} ${r(mid - amplitude * 1.7)} ${r(a + unit * 0.5)} ${r(mid - amplitude * 1.7)}` +
          `C${r(a + unit * 0.05)} ${r(mid - amplitude * 1.7)} ${r(a + unit * 0.05)} ${r(mid)} ${r(b)} ${r(mid)}`;
        break;
      case "spiral": {
        // A snail shell per unit: in towards its middle and back out to the line.
        const cx = a + unit / 2;
        const cy = mid - amplitude * 0.15;
        for (let k = 0; k <= 28; k++) {
          const angle = Math.PI + (k / 28) * Math.PI * 3;
          const radius = (amplitude * 0.95 * (28 - k * 0.7)) / 28;
          d += `L${r(cx + Math.cos(angle) * radius)} ${r(cy + Math.sin(angle) * radius)}`;
        }
        d += `L${r(b)} ${r(mid)}`;
        break;
      }
    }
  }
  return d;
}

/** Mirrors path data around the vertical line x = axis. */
export function mirrorPath(d: string, axis: number): string {
  return pathData(transformSegments(parsePath(d), { scale: 1, x: 2 * axis, y: 0, flipX: true }));
}
