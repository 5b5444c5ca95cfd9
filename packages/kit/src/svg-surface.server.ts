import type { GlyphRunDrawing, Paint, Surface } from "./surface.ts";

/**
 * The preview surface: the same drawing as the PDF, as SVG. Headings are drawn as glyph outlines
 * (no font download, identical shaping); small body text, unreadable at thumbnail size anyway,
 * becomes grey bars, which keeps previews a few kilobytes.
 */
export class SvgSurface implements Surface {
  readonly width: number;
  readonly height: number;
  readonly #parts: string[] = [];

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
  }

  path(d: string, paint: Paint): void {
    const attributes = [
      `d="${compact(d)}"`,
      `fill="${paint.fill ?? "none"}"`,
      paint.stroke ? `stroke="${paint.stroke}" stroke-width="${paint.lineWidth ?? 1}"` : "",
      paint.dash ? `stroke-dasharray="${paint.dash[0]} ${paint.dash[1]}"` : "",
      paint.stroke ? `stroke-linecap="${paint.lineCap ?? "round"}" stroke-linejoin="round"` : "",
    ];
    this.#parts.push(`<path ${attributes.filter(Boolean).join(" ")}/>`);
  }

  text(run: GlyphRunDrawing, color: string): void {
    if (run.size < 15) {
      const height = run.size * 0.5;
      const y = Math.round((run.baseline - run.size * 0.62) * 10) / 10;
      this.#parts.push(
        `<rect x="${Math.round(run.x)}" y="${y}" width="${Math.round(run.width)}" height="${height}" rx="${height / 2}" fill="#d5d9e0"/>`,
      );
      return;
    }
    this.#parts.push(`<path d="${compact(run.outline())}" fill="${color}"/>`);
  }

  /** The finished document, `displayWidth` pixels wide. */
  toString(displayWidth: number): string {
    const displayHeight = Math.round((displayWidth * this.height) / this.width);
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${Math.round(this.width)} ${Math.round(this.height)}" ` +
      `width="${displayWidth}" height="${displayHeight}"><rect width="100%" height="100%" fill="#fff"/>` +
      `${this.#parts.join("")}</svg>`
    );
  }
}

/** Path data with whole-point coordinates: a point is a third of a pixel at preview size. */
function compact(d: string): string {
  return d
    .replace(/-?\d*\.?\d+(?:e-?\d+)?/g, (number) => String(Math.round(Number(number))))
    .replace(/ ?([A-Za-z]) ?/g, "$1");
}
