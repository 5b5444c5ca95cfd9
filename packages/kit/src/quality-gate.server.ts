import { createHash } from "node:crypto";
import { type Locale, localeCodes } from "@kinderready/i18n/locales";
import type { KitDocument, KitPage } from "./book/book-document.ts";
import type { Box, Canvas, TextIssue } from "./canvas.server.ts";
import { kit } from "./catalogue.ts";
import { hexChannels } from "./draw/colour.ts";
import { boundsOf, flatten, type Point, parsePath } from "./draw/svg-path.ts";
import { type Paper, renderPdf } from "./render.server.ts";
import type { GlyphRunDrawing, Paint, Placement, Surface, SymbolDrawing } from "./surface.ts";
import { swatches } from "./templates/context.ts";

// The kit's quality gate: render whole levels and packs in every language and check what a
// parent would notice on paper. The text checks (no missing glyphs, nothing outside its box or
// the printable area) and the content checks: no near-empty page, colour on every page but the
// colouring pages, dot-to-dots with every dot asked for, handwriting inside its guide lines, no
// text printed over a picture, other text or an answer box, and no two pages of the kit alike.
// Files must stay small enough to download on a phone.

/** Bytes a page may take on average in a level's file (fonts and pictures are embedded once). */
export const pageBudgetBytes = 60 * 1024;
/** A level or pack file may not be bigger than this. */
export const documentBudgetBytes = 3 * 1024 * 1024;
/** Share of a page's body that drawing must touch: below this a sheet looks empty. */
export const minimumCoverage = 0.15;
/** The biggest blank rectangle a page's body may have: above this, part of the sheet is wasted. */
export const maximumBlank = 0.45;

/** The documents parents download: every level, every pack and every book of the month. */
export function kitDocuments(): KitDocument[] {
  return [
    ...kit.levels.map((level): KitDocument => ({ kind: "level", number: level.number })),
    ...kit.packs.map((pack): KitDocument => ({ kind: "pack", id: pack.id })),
    ...kit.months.map((month): KitDocument => ({ kind: "month", number: month.number })),
  ];
}

export function documentName(document: KitDocument): string {
  switch (document.kind) {
    case "level":
      return `level ${document.number}`;
    case "pack":
      return `pack ${document.id}`;
    case "month":
      return `month ${document.number}`;
    case "item":
      return document.id;
    case "week":
      return `week of level ${document.level}`;
    case "packs":
      return "packs";
  }
}

export type PageInspection = {
  /** Fingerprint of everything drawn after the page's frame. */
  fingerprint: string;
  /** Share of the body's grid cells that something drawn touches. */
  coverage: number;
  /** The biggest empty rectangle of the body, as a share of it: a half-empty sheet shows here. */
  blank: number;
  /** Whether anything in the body is drawn in colour (not grey). */
  colourful: boolean;
  /** The pictures drawn on the page. */
  pictures: string[];
  /** Text printed with a placeholder left unfilled ("{{letter}}"). */
  unfilled: string[];
  /**
   * Colour swatches that are the page's code (two colours or more that print as the same grey)
   * with no word beside them: printed in black and white, the page cannot be done.
   */
  unlabelledSwatches: string[];
};

/** The colours pages use as a code ("colour the circles red"), which a word must name too. */
const codeColours = new Set<string>(Object.values(swatches));
/** How far a swatch's word may be from it, in points. */
const labelReach = 40;
/** Worksheets whose colours are the task's code (colour by, real colours, breathing sides). */
const colourCoded = new Set<string>([
  "colour-words",
  "colour-shapes",
  "shape-hunt",
  "colour-by-number",
  "calm-breathing",
]);
/** Lightness (0-255) two colours must differ by to be told apart printed in grey. */
const greyApart = 40;

/** A colour as the grey a black-and-white printer prints it (Rec. 601 luma). */
function greyOf(hex: string): number {
  const [r, g, b] = hexChannels(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Whether a box lies within `reach` points of another. */
function near(a: Box, b: Box, reach: number): boolean {
  return (
    a.x - reach < b.x + b.width &&
    b.x < a.x + a.width + reach &&
    a.y - reach < b.y + b.height &&
    b.y < a.y + a.height + reach
  );
}

/** The largest rectangle of empty cells in a grid, in cells (the histogram method, row by row). */
function largestEmptyRectangle(cells: Uint8Array, width: number, height: number): number {
  const heights = new Array<number>(width).fill(0);
  let best = 0;
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++)
      heights[column] = cells[row * width + column] ? 0 : (heights[column] as number) + 1;
    const stack: number[] = [];
    for (let column = 0; column <= width; column++) {
      const current = column === width ? 0 : (heights[column] as number);
      while (stack.length > 0 && (heights[stack.at(-1) as number] as number) >= current) {
        const top = stack.pop() as number;
        const left = stack.length > 0 ? (stack.at(-1) as number) + 1 : 0;
        best = Math.max(best, (heights[top] as number) * (column - left));
      }
      stack.push(column);
    }
  }
  return best;
}

/** Whether two boxes overlap by more than a point each way (touching edges do not count). */
function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
}

const columns = 18;
const gridRows = 24;

/** True for a colour that is not a grey: the channels differ enough to be seen as a hue. */
function isColour(hex: string | undefined): boolean {
  if (!hex?.startsWith("#")) return false;
  const [r, g, b] = hexChannels(hex);
  return Math.max(r, g, b) - Math.min(r, g, b) > 40;
}

/**
 * A surface that passes drawing on and records, from the page's body on, what it covers, whether
 * it is colourful and a fingerprint of it. Filled areas cover their box; lines cover where they run.
 */
export class InspectingSurface implements Surface {
  readonly #inner: Surface;
  readonly #cells = new Uint8Array(columns * gridRows);
  readonly #hash = createHash("sha256");
  readonly #area: { x: number; y: number; width: number; height: number };
  #body = false;
  #colourful = false;
  readonly #pictures = new Set<string>();
  readonly #unfilled: string[] = [];
  /** Where the body's text runs and pictures landed, to find text printed over something. */
  readonly #texts: { text: string; box: Box }[] = [];
  readonly #placed: { key: string; box: Box }[] = [];
  /** Areas filled with a code colour. */
  readonly #swatches: { fill: string; box: Box }[] = [];
  /** Drawing inside a miniature (the answer key) counts as its box only. */
  #depth = 0;

  constructor(inner: Surface) {
    this.#inner = inner;
    const margin = 36;
    this.#area = { x: margin, y: 150, width: inner.width - margin * 2, height: inner.height - 150 - 50 };
  }

  get width() {
    return this.#inner.width;
  }

  get height() {
    return this.#inner.height;
  }

  mark(name: "body") {
    if (name === "body") this.#body = true;
  }

  #cover(x0: number, y0: number, x1: number, y1: number) {
    const { x, y, width, height } = this.#area;
    const c0 = Math.max(0, Math.floor(((Math.min(x0, x1) - x) / width) * columns));
    const c1 = Math.min(columns - 1, Math.floor(((Math.max(x0, x1) - x) / width) * columns));
    const r0 = Math.max(0, Math.floor(((Math.min(y0, y1) - y) / height) * gridRows));
    const r1 = Math.min(gridRows - 1, Math.floor(((Math.max(y0, y1) - y) / height) * gridRows));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.#cells[r * columns + c] = 1;
  }

  #coverLine(points: Point[]) {
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as Point;
      const b = points[i] as Point;
      const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 8));
      for (let k = 0; k <= steps; k++) {
        const px = a[0] + ((b[0] - a[0]) * k) / steps;
        const py = a[1] + ((b[1] - a[1]) * k) / steps;
        this.#cover(px, py, px, py);
      }
    }
  }

  path(d: string, paint: Paint): void {
    this.#inner.path(d, paint);
    if (!this.#body || this.#depth > 0) return;
    this.#hash.update(`p${d}${JSON.stringify(paint)}`);
    if (isColour(paint.fill) || isColour(paint.stroke)) this.#colourful = true;
    const lines = flatten(parsePath(d), 4);
    if (paint.fill && paint.fill !== "#ffffff") {
      const box = boundsOf(lines);
      this.#cover(box.x, box.y, box.x + box.width, box.y + box.height);
      if (codeColours.has(paint.fill)) this.#swatches.push({ fill: paint.fill, box });
    } else for (const line of lines) this.#coverLine(line);
  }

  text(run: GlyphRunDrawing, color: string): void {
    this.#inner.text(run, color);
    if (/\{\{|\}\}/.test(run.text) && this.#depth === 0) this.#unfilled.push(run.text);
    if (!this.#body || this.#depth > 0) return;
    this.#hash.update(`t${run.text}${run.x.toFixed(1)}${run.baseline.toFixed(1)}${run.size}${color}`);
    if (isColour(color)) this.#colourful = true;
    this.#cover(run.x, run.baseline - run.size * 0.7, run.x + run.width, run.baseline);
    this.#texts.push({
      text: run.text,
      box: { x: run.x, y: run.baseline - run.size * 0.7, width: run.width, height: run.size * 0.7 },
    });
  }

  symbol(drawing: SymbolDrawing, placement: Placement): void {
    this.#inner.symbol(drawing, placement);
    if (this.#depth === 0) this.#pictures.add(drawing.key.split(":")[0] as string);
    if (!this.#body || this.#depth > 0) return;
    this.#hash.update(
      `s${drawing.key}${placement.x.toFixed(1)},${placement.y.toFixed(1)},${placement.scale.toFixed(3)}${placement.flipX ? "m" : ""}`,
    );
    if (drawing.key.endsWith(":colour")) this.#colourful = true;
    const [bx, by, bw, bh] = drawing.box;
    const left = placement.flipX ? placement.x - (bx + bw) * placement.scale : placement.x + bx * placement.scale;
    const box = {
      x: left,
      y: placement.y + by * placement.scale,
      width: bw * placement.scale,
      height: bh * placement.scale,
    };
    this.#cover(box.x, box.y, box.x + box.width, box.y + box.height);
    this.#placed.push({ key: drawing.key, box });
  }

  transformed(placement: Placement, draw: () => void): void {
    this.#depth++;
    this.#inner.transformed(placement, draw);
    this.#depth--;
    if (!this.#body) return;
    this.#hash.update(`m${placement.x},${placement.y},${placement.scale}`);
    this.#colourful = true;
  }

  /** Text printed over other text, over a picture or into an empty answer box. */
  overlaps(writingBoxes: readonly Box[]): string[] {
    const found: string[] = [];
    const texts = this.#texts;
    texts.forEach(({ text, box }, index) => {
      for (const other of texts.slice(index + 1))
        if (intersects(box, other.box)) found.push(`"${text}" is printed over "${other.text}"`);
      for (const picture of this.#placed)
        if (intersects(box, picture.box)) found.push(`"${text}" is printed over the picture ${picture.key}`);
      for (const answer of writingBoxes)
        if (intersects(box, answer)) found.push(`"${text}" is printed into an answer box`);
    });
    return found;
  }

  /** Code colours a grey print confuses, each of whose swatches has no word near it. */
  #unlabelledSwatches(): string[] {
    const fills = [...new Set(this.#swatches.map((swatch) => swatch.fill))];
    const confusable = new Set(
      fills.filter((fill) =>
        fills.some((other) => other !== fill && Math.abs(greyOf(fill) - greyOf(other)) < greyApart),
      ),
    );
    return this.#swatches
      .filter(({ fill, box }) => confusable.has(fill) && !this.#texts.some((text) => near(box, text.box, labelReach)))
      .map(({ fill, box }) => `${fill} at ${Math.round(box.x)},${Math.round(box.y)}`);
  }

  inspection(): PageInspection {
    const covered = this.#cells.reduce((sum, cell) => sum + cell, 0);
    return {
      fingerprint: this.#hash.digest("base64url").slice(0, 22),
      coverage: covered / this.#cells.length,
      blank: largestEmptyRectangle(this.#cells, columns, gridRows) / this.#cells.length,
      colourful: this.#colourful,
      pictures: [...this.#pictures],
      unfilled: this.#unfilled,
      unlabelledSwatches: this.#unlabelledSwatches(),
    };
  }
}

export type GatePage = {
  document: string;
  number: number;
  label: string;
  kind: KitPage["kind"];
  template?: string;
  inspection: PageInspection;
};

export type GateReport = {
  locale: Locale;
  paper: Paper;
  documents: number;
  pages: GatePage[];
  bytes: number;
  milliseconds: number;
  /** Text problems: missing glyphs, overflow, off-page. */
  issues: TextIssue[];
  /** Content problems a parent would see, one line each. */
  failures: string[];
};

/** Pages the content checks apply to: the worksheets, the activity sheets and their cut-outs. */
const contentKinds = new Set<KitPage["kind"]>(["printable", "cards", "material"]);

function pageLabel(page: KitPage): string {
  if (page.kind === "printable") return page.item.id;
  if (page.kind === "cards") return page.items.map((item) => item.id).join("+");
  if (page.kind === "material") return `${page.item.id} cut-outs`;
  return page.kind;
}

/** What the page's records show wrong: dots, writing outside its lines, models leaving their rows. */
export function checkCanvas(canvas: Canvas, where: string, failures: string[]) {
  for (const { text, row, ink } of canvas.checks.models) {
    const outside =
      ink.x < row.x - 0.5 ||
      ink.y < row.y - 0.5 ||
      ink.x + ink.width > row.x + row.width + 0.5 ||
      ink.y + ink.height > row.y + row.height + 0.5;
    if (outside) failures.push(`${where}: the model "${text}" or its arrows and numbers leave their box`);
  }
  for (const dots of canvas.checks.dots) {
    if (dots.drawn !== dots.requested) failures.push(`${where}: ${dots.drawn} dots drawn, ${dots.requested} asked for`);
  }
  for (const written of canvas.checks.written) {
    const band = canvas.checks.guides.find(
      (guide) =>
        written.x < guide.x + guide.width &&
        written.x + written.width > guide.x &&
        written.top < guide.bottom &&
        written.bottom > guide.top,
    );
    if (!band) failures.push(`${where}: "${written.text}" is written without guide lines`);
    else if (written.top < band.top - 0.5 || written.bottom > band.bottom + 0.5) {
      failures.push(
        `${where}: "${written.text}" leaves its guide lines (${Math.round(written.top)}-${Math.round(written.bottom)} outside ${Math.round(band.top)}-${Math.round(band.bottom)})`,
      );
    }
  }
}

/** Renders each document whole, as a parent downloads it, and checks every page. */
export async function runQualityGate(
  documents: KitDocument[],
  locales: readonly Locale[] = localeCodes,
  paper: Paper = "a4",
): Promise<GateReport[]> {
  const reports: GateReport[] = [];
  for (const locale of locales) {
    const report: GateReport = {
      locale,
      paper,
      documents: 0,
      pages: [],
      bytes: 0,
      milliseconds: 0,
      issues: [],
      failures: [],
    };
    for (const document of documents) {
      const name = documentName(document);
      // Pages are drawn one after another: `wrap` starts a page, `page` ends it.
      let inspecting: InspectingSurface | undefined;
      const started = performance.now();
      const pdf = await renderPdf(
        { document, locale, paper, childName: longName(locale), title: name },
        {
          wrap: (surface) => {
            inspecting = new InspectingSurface(surface);
            return inspecting;
          },
          page: (page, index, canvas) => {
            const inspection = (inspecting as InspectingSurface).inspection();
            const label = pageLabel(page);
            report.pages.push({
              document: name,
              number: index + 1,
              label,
              kind: page.kind,
              ...(page.kind === "printable" && { template: page.item.params.template }),
              inspection,
            });
            const where = `${name} p${index + 1} ${label}`;
            for (const text of inspection.unfilled) report.failures.push(`${where}: prints a placeholder: "${text}"`);
            if (!contentKinds.has(page.kind)) return;
            checkCanvas(canvas, where, report.failures);
            // Colour by number prints its numbers on the picture on purpose.
            const numbered = page.kind === "printable" && page.item.params.template === "colour-by-number";
            if (!numbered)
              for (const overlap of (inspecting as InspectingSurface).overlaps(canvas.checks.writingBoxes))
                report.failures.push(`${where}: ${overlap}`);
            if (inspection.coverage < minimumCoverage || inspection.blank > maximumBlank) {
              report.failures.push(
                `${where}: near-empty (${Math.round(inspection.coverage * 100)}% used, a blank ${Math.round(inspection.blank * 100)}% of the page)`,
              );
            }
            if (page.kind === "printable" && colourCoded.has(page.item.params.template))
              for (const swatch of inspection.unlabelledSwatches)
                report.failures.push(
                  `${where}: a colour code with no word beside it, lost in black and white (${swatch})`,
                );
            const colouring = page.kind === "printable" && page.item.params.template === "colouring";
            if (!colouring && !inspection.colourful) report.failures.push(`${where}: no colour on the page`);
          },
        },
      );
      report.milliseconds += performance.now() - started;
      report.documents += 1;
      report.bytes += pdf.bytes.length;
      report.issues.push(...pdf.issues);
      if (pdf.bytes.length > documentBudgetBytes)
        report.failures.push(
          `${name}: ${Math.round(pdf.bytes.length / 1024)} KB, over the ${documentBudgetBytes / 1024 / 1024} MB budget`,
        );
      if (countPages(pdf.bytes) !== pdf.pages)
        report.failures.push(`${name}: ${countPages(pdf.bytes)} PDF pages for ${pdf.pages} pages drawn`);
    }
    // No two content pages of the kit alike, in this language.
    const seen = new Map<string, string>();
    for (const page of report.pages) {
      if (!contentKinds.has(page.kind)) continue;
      const where = `${page.document} p${page.number} ${page.label}`;
      const twin = seen.get(page.inspection.fingerprint);
      if (twin) report.failures.push(`${where} is identical to ${twin}`);
      else seen.set(page.inspection.fingerprint, where);
    }
    reports.push(report);
  }
  return reports;
}

/** A long name in the language's script, to prove names fit the header and the tracing rows. */
export function longName(locale: Locale): string {
  return {
    ar: "عبد الرحمن",
    ru: "Александра",
    en: "Maximilian",
    es: "Guadalupe",
    fr: "Marie-Hélène",
    de: "Friederike",
    pt: "Conceição",
  }[locale];
}

/** Pages in a PDF, from its page objects. */
export function countPages(bytes: Buffer): number {
  return bytes.toString("latin1").match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
}
