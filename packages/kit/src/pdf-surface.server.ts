import PDFDocument from "pdfkit";
import { hexChannels } from "./draw/colour.ts";
import { parsePath, type Segment } from "./draw/svg-path.ts";
import { type FontName, fontFiles, fontkitFont } from "./fonts.server.ts";
import type { GlyphRunDrawing, Paint, Placement, Surface, SymbolDrawing } from "./surface.ts";

/** A pdfkit document with the kit's fonts registered and margins off (pages are laid out by hand). */
export function createPdfDocument(title: string, author: string) {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    // No default font: every run names its own, and Helvetica's metrics would be parsed for nothing.
    font: null as unknown as string,
    // A fixed date and metadata: the same input gives the same bytes (and the same file id).
    info: {
      Title: title,
      Author: author,
      Creator: author,
      Producer: author,
      CreationDate: new Date(Date.UTC(2026, 0, 1)),
    },
  });
  // The fonts parsed once per process: pdfkit takes a fontkit font as it is and subsets it per file.
  for (const name of Object.keys(fontFiles) as FontName[])
    doc.registerFont(name, fontkitFont(name) as unknown as string);
  return doc;
}

type FormReference = ReturnType<PDFKit.PDFDocument["ref"]>;

/** The pictures already written into each document, as form XObjects, by drawing key. */
const documentForms = new WeakMap<PDFKit.PDFDocument, Map<string, { name: string; form: FormReference }>>();

export class PdfSurface implements Surface {
  readonly doc: PDFKit.PDFDocument;
  readonly width: number;
  readonly height: number;

  constructor(doc: PDFKit.PDFDocument, width: number, height: number) {
    this.doc = doc;
    this.width = width;
    this.height = height;
  }

  path(d: string, paint: Paint): void {
    const doc = this.doc;
    doc.save();
    doc.lineWidth(paint.lineWidth ?? 1);
    doc.lineCap(paint.lineCap ?? "round");
    doc.lineJoin("round");
    if (paint.dash) doc.dash(paint.dash[0], { space: paint.dash[1] });
    doc.path(d);
    const rule = paint.fillRule === "evenodd" ? "even-odd" : undefined;
    if (paint.fill && paint.stroke) doc.fillAndStroke(paint.fill, paint.stroke, rule);
    else if (paint.fill) doc.fill(paint.fill, rule);
    else if (paint.stroke) doc.stroke(paint.stroke);
    doc.restore();
  }

  text(run: GlyphRunDrawing, color: string): void {
    this.doc
      .font(run.font)
      .fontSize(run.size)
      .fillColor(color)
      // `features: []` shapes the whole run at once, which joins Arabic across word boundaries.
      .text(run.text, run.x, run.baseline, { lineBreak: false, baseline: "alphabetic", features: [] });
  }

  /**
   * A picture is written once per document as a form XObject and placed with one operator after
   * that: a level repeats the same apples and pencils dozens of times.
   */
  symbol(drawing: SymbolDrawing, placement: Placement): void {
    const doc = this.doc;
    let forms = documentForms.get(doc);
    if (!forms) {
      forms = new Map();
      documentForms.set(doc, forms);
    }
    let entry = forms.get(drawing.key);
    if (!entry) {
      const [x, y, w, h] = drawing.box;
      const pad = Math.max(w, h) * 0.1;
      const form = doc.ref({
        Type: "XObject",
        Subtype: "Form",
        FormType: 1,
        BBox: [x - pad, y - pad, x + w + pad, y + h + pad],
        Resources: {},
      });
      form.end(formContent(drawing));
      entry = { name: `Pic${forms.size + 1}`, form };
      forms.set(drawing.key, entry);
    }
    const page = doc.page as unknown as { xobjects: Record<string, FormReference> };
    page.xobjects[entry.name] = entry.form;
    const sx = placement.flipX ? -placement.scale : placement.scale;
    doc.addContent(
      `q ${num(sx)} 0 0 ${num(placement.scale)} ${num(placement.x)} ${num(placement.y)} cm /${entry.name} Do Q`,
    );
  }

  transformed(placement: Placement, draw: () => void): void {
    const sx = placement.flipX ? -placement.scale : placement.scale;
    this.doc.save();
    this.doc.transform(sx, 0, 0, placement.scale, placement.x, placement.y);
    draw();
    this.doc.restore();
  }
}

/** A drawing's content stream, made once per process: the same key is the same shapes. */
const formContents = new Map<string, string>();

function formContent(drawing: SymbolDrawing): string {
  let content = formContents.get(drawing.key);
  if (content === undefined) {
    content = drawing.shapes().map(shapeOperators).join("\n");
    formContents.set(drawing.key, content);
  }
  return content;
}

const num = (value: number) => String(Math.round(value * 1000) / 1000);

function colourOperands(hex: string): string {
  return hexChannels(hex)
    .map((channel) => num(channel / 255))
    .join(" ");
}

function segmentOperators(segments: readonly Segment[]): string {
  return segments
    .map((segment) => {
      switch (segment.kind) {
        case "M":
          return `${num(segment.to[0])} ${num(segment.to[1])} m`;
        case "L":
          return `${num(segment.to[0])} ${num(segment.to[1])} l`;
        case "C":
          return `${[segment.c1, segment.c2, segment.to].map(([x, y]) => `${num(x)} ${num(y)}`).join(" ")} c`;
        case "Z":
          return "h";
      }
      return "";
    })
    .join(" ");
}

/** One shape as PDF content-stream operators (colours, path, paint). */
function shapeOperators(shape: { d: string; paint: Paint }): string {
  const { paint } = shape;
  const parts: string[] = [];
  if (paint.fill) parts.push(`${colourOperands(paint.fill)} rg`);
  if (paint.stroke) parts.push(`${colourOperands(paint.stroke)} RG ${num(paint.lineWidth ?? 1)} w 1 J 1 j`);
  parts.push(segmentOperators(parsePath(shape.d)));
  const evenOdd = paint.fillRule === "evenodd" ? "*" : "";
  parts.push(paint.fill && paint.stroke ? `B${evenOdd}` : paint.fill ? `f${evenOdd}` : "S");
  return parts.join(" ");
}
