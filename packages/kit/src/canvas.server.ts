import type { FontRole } from "./fonts.server.ts";
import { fontkitFont } from "./fonts.server.ts";
import type { PictureId } from "./pictures/picture-catalogue.ts";
import { type PictureStyle, pictureBox, pictureShapes } from "./pictures/picture-library.ts";
import type { Paint, Placement, Surface } from "./surface.ts";
import { layoutLine, missingGlyphs, type TextLine, wrapText } from "./text-layout.server.ts";

// The drawing API the templates use: shapes pass through to the surface; text is laid out
// (bidi, font per script, wrapping, shrink-to-fit) and every placement is checked, so the
// quality gate can report missing glyphs and text outside its box or the printable area.

export type Box = { x: number; y: number; width: number; height: number };
export type Align = "start" | "center" | "end";

export type TextIssue = {
  kind: "missing-glyph" | "overflow" | "off-page";
  text: string;
  detail: string;
};

export type TextStyle = {
  role?: FontRole;
  size: number;
  /** Text shrinks down to this size to fit before it counts as overflowing. */
  minSize?: number;
  color?: string;
  align?: Align;
};

/** A band of handwriting lines, and writing that must stay inside such a band. */
export type GuideBand = { x: number; width: number; top: number; bottom: number };
export type WrittenText = GuideBand & { text: string };

/** What the content gate reads off a drawn page besides its ink. */
export type PageChecks = {
  guides: GuideBand[];
  written: WrittenText[];
  /** Dot-to-dot puzzles: dots asked for and dots drawn. */
  dots: { requested: number; drawn: number }[];
  /** Empty boxes the child writes an answer in: nothing else may be printed over them. */
  writingBoxes: Box[];
  /** Model letters: their strokes, arrows and badges (ink) must stay in the row they were given. */
  models: { text: string; row: Box; ink: Box }[];
};

/** Printers cannot reach the paper's edge; nothing is drawn closer than this. */
export const printableInset = 18;

export class Canvas {
  readonly surface: Surface;
  readonly rtl: boolean;
  readonly issues: TextIssue[] = [];
  readonly checks: PageChecks = { guides: [], written: [], dots: [], writingBoxes: [], models: [] };

  constructor(surface: Surface, rtl: boolean) {
    this.surface = surface;
    this.rtl = rtl;
  }

  get width() {
    return this.surface.width;
  }

  get height() {
    return this.surface.height;
  }

  path(d: string, paint: Paint) {
    this.surface.path(d, paint);
  }

  /** x of a box of `width` placed `offset` from the reading start of `box` (mirrored in RTL). */
  startX(box: Box, offset: number, width: number): number {
    return this.rtl ? box.x + box.width - offset - width : box.x + offset;
  }

  /** Wrapped text inside a box, shrunk to fit; returns the height used. */
  textBox(text: string, box: Box, style: TextStyle & { lineHeight?: number; valign?: "top" | "middle" }): number {
    const role = style.role ?? "body";
    const lineHeight = style.lineHeight ?? 1.3;
    let size = style.size;
    let lines: TextLine[] = wrapText(text, role, size, box.width, this.rtl);
    const fits = (candidate: TextLine[], at: number) =>
      candidate.length * at * lineHeight <= box.height + at * (lineHeight - 1) &&
      candidate.every((line) => line.width <= box.width + 0.5);
    while (!fits(lines, size) && size > (style.minSize ?? style.size)) {
      size = Math.max(style.minSize ?? style.size, size - 0.5);
      lines = wrapText(text, role, size, box.width, this.rtl);
    }
    if (!fits(lines, size)) {
      this.issues.push({
        kind: "overflow",
        text,
        detail: `needs ${lines.length} lines at ${size}pt in ${Math.round(box.width)}x${Math.round(box.height)}`,
      });
    }
    for (const line of lines) this.#checkGlyphs(text, line);
    const used = lines.length * size * lineHeight - size * (lineHeight - 1);
    let top = box.y + (style.valign === "middle" ? Math.max(0, (box.height - used) / 2) : 0);
    for (const line of lines) {
      this.#drawLine(line, box, top + size * 0.8, style);
      top += size * lineHeight;
    }
    this.#checkOnPage(text, box);
    return used;
  }

  /** One line, shrunk to fit `box.width`, on the baseline `baseline`. */
  textLine(text: string, box: { x: number; width: number }, baseline: number, style: TextStyle): TextLine {
    const role = style.role ?? "body";
    let size = style.size;
    let line = layoutLine(text, role, size, this.rtl);
    while (line.width > box.width && size > (style.minSize ?? style.size)) {
      size = Math.max(style.minSize ?? style.size, size - 0.5);
      line = layoutLine(text, role, size, this.rtl);
    }
    if (line.width > box.width + 0.5) {
      this.issues.push({
        kind: "overflow",
        text,
        detail: `${Math.round(line.width)}pt wide in ${Math.round(box.width)}pt`,
      });
    }
    this.#checkGlyphs(text, line);
    this.#drawLine(line, box, baseline, style);
    this.#checkOnPage(text, { x: box.x, y: baseline - size, width: box.width, height: size * 1.25 });
    return line;
  }

  /**
   * Tracing text: dashed outlines of the letters. Joined scripts overlap glyph outlines, so the
   * outline is stroked at double width and the inside painted white over it.
   */
  traceText(text: string, x: number, baseline: number, size: number, paint: { stroke: string; lineWidth: number }) {
    const line = layoutLine(text, "trace", size, this.rtl);
    this.#checkGlyphs(text, line);
    let cursor = x;
    const outlines: string[] = [];
    for (const run of line.runs) {
      outlines.push(runOutline(run.text, run.font, size, cursor, baseline));
      cursor += run.width;
    }
    const d = outlines.join("");
    this.surface.path(d, { stroke: paint.stroke, lineWidth: paint.lineWidth * 2, dash: [3.2, 3.2] });
    this.surface.path(d, { fill: "#ffffff" });
    this.#checkOnPage(text, { x, y: baseline - size, width: line.width, height: size * 1.2 });
    return line.width;
  }

  /**
   * A picture fitted into `box` (keeping its proportions, centred); returns where it landed.
   * `mirror` turns it to face the other way.
   */
  picture(id: PictureId, box: Box, options: { style?: PictureStyle; mirror?: boolean } = {}): Box {
    const style = options.style ?? "colour";
    const [px, py, pw, ph] = pictureBox(id);
    const scale = Math.min(box.width / pw, box.height / ph);
    const width = pw * scale;
    const height = ph * scale;
    const x = box.x + (box.width - width) / 2;
    const y = box.y + (box.height - height) / 2;
    this.surface.symbol(
      { key: `${id}:${style}`, box: [px, py, pw, ph], shapes: () => pictureShapes(id, style) },
      options.mirror
        ? { x: x + width + px * scale, y: y - py * scale, scale, flipX: true }
        : { x: x - px * scale, y: y - py * scale, scale },
    );
    return { x, y, width, height };
  }

  /**
   * A page in miniature: `draw` gets a canvas of `width` x `height` points, shown at (x, y)
   * scaled by `scale` (answer keys, contents). Its text issues are its own, not this page's.
   */
  miniature(placement: Placement, width: number, height: number, draw: (canvas: Canvas) => void, rtl = this.rtl) {
    const parent = this.surface;
    const inner: Surface = {
      width,
      height,
      path: (d, paint) => parent.path(d, paint),
      text: (run, color) => parent.text(run, color),
      symbol: (drawing, at) => parent.symbol(drawing, at),
      transformed: (at, body) => parent.transformed(at, body),
    };
    parent.transformed(placement, () => draw(new Canvas(inner, rtl)));
  }

  /** Marks where the page's own content starts (after its frame), for the content gate. */
  beginBody() {
    this.surface.mark?.("body");
  }

  recordGuide(band: GuideBand) {
    this.checks.guides.push(band);
  }

  recordWritten(text: WrittenText) {
    this.checks.written.push(text);
  }

  /** Width of a line of text as it would be drawn. */
  measure(text: string, role: FontRole, size: number): number {
    return layoutLine(text, role, size, this.rtl).width;
  }

  #drawLine(line: TextLine, box: { x: number; width: number }, baseline: number, style: TextStyle) {
    const align = style.align ?? "start";
    const free = box.width - line.width;
    const fromLeft = align === "center" ? free / 2 : (align === "start") === !this.rtl ? 0 : free;
    let cursor = box.x + fromLeft;
    for (const run of line.runs) {
      const x = cursor;
      this.surface.text(
        {
          text: run.text,
          font: run.font,
          size: line.size,
          x,
          width: run.width,
          baseline,
          outline: () => runOutline(run.text, run.font, line.size, x, baseline),
        },
        style.color ?? "#2b2f38",
      );
      cursor += run.width;
    }
  }

  #checkGlyphs(text: string, line: TextLine) {
    const missing = missingGlyphs(line);
    if (missing.length > 0) this.issues.push({ kind: "missing-glyph", text, detail: missing.join(" ") });
  }

  #checkOnPage(text: string, box: Box) {
    const inset = printableInset - 0.5;
    if (
      box.x < inset ||
      box.y < inset ||
      box.x + box.width > this.width - inset ||
      box.y + box.height > this.height - inset
    ) {
      this.issues.push({
        kind: "off-page",
        text,
        detail: `box ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`,
      });
    }
  }
}

/** Glyph outlines of one shaped run as SVG path data in page coordinates. */
function runOutline(
  text: string,
  fontName: Parameters<typeof fontkitFont>[0],
  size: number,
  x: number,
  baseline: number,
) {
  const font = fontkitFont(fontName);
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  let cursor = x;
  let d = "";
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    const dx = cursor + (position?.xOffset ?? 0) * scale;
    const dy = baseline - (position?.yOffset ?? 0) * scale;
    d += glyph.path.scale(scale, -scale).translate(dx, dy).toSVG();
    cursor += (position?.xAdvance ?? 0) * scale;
  });
  return d;
}
