import type { GlyphRunDrawing, Paint, Placement, Surface, SymbolDrawing } from "./surface.ts";

/**
 * The preview surface: the same drawing as the PDF, as SVG. Headings are drawn as glyph outlines
 * (no font download, identical shaping); small body text, unreadable at thumbnail size anyway,
 * becomes grey bars, which keeps previews a few kilobytes.
 */
export class SvgSurface implements Surface {
  readonly width: number;
  readonly height: number;
  readonly #parts: string[] = [];
  readonly #symbols = new Map<string, string>();
  readonly #defs: string[] = [];

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
  }

  path(d: string, paint: Paint): void {
    this.#parts.push(pathElement(compact(d), paint));
  }

  /** Pictures go into <defs> once and are placed with <use>. */
  symbol(drawing: SymbolDrawing, placement: Placement): void {
    let id = this.#symbols.get(drawing.key);
    if (!id) {
      id = `s${this.#symbols.size + 1}`;
      const shapes = drawing.shapes().map((shape) => pathElement(shape.d, shape.paint));
      this.#symbols.set(drawing.key, id);
      this.#defs.push(`<g id="${id}">${shapes.join("")}</g>`);
    }
    this.#parts.push(`<use href="#${id}" transform="${transform(placement)}"/>`);
  }

  transformed(placement: Placement, draw: () => void): void {
    this.#parts.push(`<g transform="${transform(placement)}">`);
    draw();
    this.#parts.push("</g>");
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
      `width="${displayWidth}" height="${displayHeight}">` +
      (this.#defs.length > 0 ? `<defs>${this.#defs.join("")}</defs>` : "") +
      `<rect width="100%" height="100%" fill="#fff"/>` +
      `${this.#parts.join("")}</svg>`
    );
  }
}

function pathElement(d: string, paint: Paint): string {
  const attributes = [
    `d="${d}"`,
    `fill="${paint.fill ?? "none"}"`,
    paint.fillRule === "evenodd" ? `fill-rule="evenodd"` : "",
    paint.stroke ? `stroke="${paint.stroke}" stroke-width="${paint.lineWidth ?? 1}"` : "",
    paint.dash ? `stroke-dasharray="${paint.dash[0]} ${paint.dash[1]}"` : "",
    paint.stroke ? `stroke-linecap="${paint.lineCap ?? "round"}" stroke-linejoin="round"` : "",
  ];
  return `<path ${attributes.filter(Boolean).join(" ")}/>`;
}

function transform(placement: Placement): string {
  const r = (value: number) => Math.round(value * 1000) / 1000;
  const sx = placement.flipX ? -placement.scale : placement.scale;
  return `matrix(${r(sx)} 0 0 ${r(placement.scale)} ${r(placement.x)} ${r(placement.y)})`;
}

/** Path data with whole-point coordinates: a point is a third of a pixel at preview size. */
function compact(d: string): string {
  return d
    .replace(/-?\d*\.?\d+(?:e-?\d+)?/g, (number) => String(Math.round(Number(number))))
    .replace(/ ?([A-Za-z]) ?/g, "$1");
}
